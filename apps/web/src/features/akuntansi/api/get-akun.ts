import { queryOptions } from '@tanstack/react-query';
import type { Akun } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

/** GET /akuntansi/akun: the chart of accounts by code, with the roles each account takes (changes rarely). */
export const akunQuery = () =>
  queryOptions({
    queryKey: ['akuntansi', 'akun'],
    queryFn: async () => (await apiRequest<Akun[]>('/akuntansi/akun')).data,
    staleTime: 5 * 60_000,
  });
