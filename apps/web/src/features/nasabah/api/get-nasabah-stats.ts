import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NasabahStats } from '../types';
import { nasabahKeys } from './keys';

export async function getNasabahStats() {
  return (await apiRequest<NasabahStats>('/nasabah/stats')).data;
}

/** Living customers: total, aktif, nonaktif. */
export function useNasabahStats() {
  return useQuery({ queryKey: nasabahKeys.stats(), queryFn: getNasabahStats });
}
