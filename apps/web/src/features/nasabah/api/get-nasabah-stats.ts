import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NasabahStats } from '../types';
import { nasabahKeys } from './keys';

export async function getNasabahStats() {
  return (await apiRequest<NasabahStats>('/nasabah/stats')).data;
}

/** Living customers: total, aktif, nonaktif. */
export const nasabahStatsOptions = () => queryOptions({ queryKey: nasabahKeys.stats(), queryFn: getNasabahStats });

export function useNasabahStats() {
  return useQuery(nasabahStatsOptions());
}
