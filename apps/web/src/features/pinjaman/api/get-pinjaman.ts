import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Pinjaman } from '../types';
import { pinjamanKeys } from './keys';

export async function getPinjaman(id: number) {
  return (await apiRequest<Pinjaman>(`/pinjaman/${id}`)).data;
}

/** One loan with its customer, balances, completeness and a fresh signed receipt link. */
export function usePinjaman(id: number) {
  return useQuery({ queryKey: pinjamanKeys.detail(id), queryFn: () => getPinjaman(id), enabled: Number.isInteger(id) && id > 0 });
}
