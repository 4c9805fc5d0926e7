import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AkunKas } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

/** GET /akuntansi/akun-kas: the active cash and bank accounts money is received into or paid from (issue 48). */
export const akunKasQuery = queryOptions({
  queryKey: ['akuntansi', 'akun-kas'],
  queryFn: async () => (await apiRequest<AkunKas[]>('/akuntansi/akun-kas')).data,
  staleTime: 5 * 60_000,
});

export const useAkunKas = () => useQuery(akunKasQuery);
