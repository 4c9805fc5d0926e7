import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LoanPayment } from '../types';
import { pinjamanKeys } from './keys';

/** The loan's payment history (limit 100, spec §7); a failure shows as one on the page. */
export function usePinjamanPayments(pinjamanId: number) {
  return useQuery({
    queryKey: pinjamanKeys.payments(pinjamanId),
    queryFn: async () => {
      const { data } = await apiRequest<LoanPayment[]>('/pembayaran', {
        query: { pinjaman_id: pinjamanId, limit: 100, sortBy: 'tanggal', sortOrder: 'asc' },
      });
      return data;
    },
    enabled: Number.isInteger(pinjamanId) && pinjamanId > 0,
  });
}
