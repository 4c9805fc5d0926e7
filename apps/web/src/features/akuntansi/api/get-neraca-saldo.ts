import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NeracaSaldo } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

/** GET /akuntansi/neraca-saldo?tanggal=: the trial balance as of a day (issue 48). */
export const neracaSaldoQuery = (tanggal: string) =>
  queryOptions({
    queryKey: ['akuntansi', 'neraca-saldo', tanggal],
    queryFn: async () => (await apiRequest<NeracaSaldo>('/akuntansi/neraca-saldo', { query: { tanggal } })).data,
    placeholderData: keepPreviousData,
  });
