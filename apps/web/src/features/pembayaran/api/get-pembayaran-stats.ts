import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PembayaranStats } from '../types';
import { pembayaranKeys } from './keys';
import type { PembayaranStatsParams } from './params';

/** Total Pembayaran, Total Nilai and Rata-rata for the list's period and filters. */
export function usePembayaranStats(params: PembayaranStatsParams) {
  return useQuery({
    queryKey: pembayaranKeys.stats(params),
    queryFn: async () => (await apiRequest<PembayaranStats>('/pembayaran/stats', { query: { ...params } })).data,
  });
}
