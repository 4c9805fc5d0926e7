import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { LoanPayment } from '../types';
import { pinjamanKeys } from './keys';

/**
 * The loan's payment history (limit 100, spec §7). Until the payments API exists a 404 simply
 * means "no payments yet".
 */
export function usePinjamanPayments(pinjamanId: number) {
  return useQuery({
    queryKey: pinjamanKeys.payments(pinjamanId),
    queryFn: async () => {
      try {
        const { data } = await apiRequest<LoanPayment[]>('/pembayaran', { query: { pinjaman_id: pinjamanId, limit: 100, sortBy: 'tanggal', sortOrder: 'asc' } });
        return data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled: Number.isInteger(pinjamanId) && pinjamanId > 0,
  });
}
