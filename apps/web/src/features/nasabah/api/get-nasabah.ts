import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Nasabah } from '../types';
import { nasabahKeys } from './keys';

export async function getNasabah(id: number) {
  return (await apiRequest<Nasabah>(`/nasabah/${id}`)).data;
}

export function useNasabah(id: number) {
  return useQuery({ queryKey: nasabahKeys.detail(id), queryFn: () => getNasabah(id), enabled: Number.isInteger(id) && id > 0 });
}
