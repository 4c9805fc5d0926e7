import { useQuery } from '@tanstack/react-query';
import type { Jadwal } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { pinjamanKeys } from './keys';

/**
 * The loan's instalment ledger on today's Jakarta date (GET /api/pinjaman/{id}/jadwal): every
 * instalment with what was paid of it, and the arrears. Payments invalidate `pinjamanKeys.all`.
 */
export function usePinjamanJadwal(id: number) {
  return useQuery({
    queryKey: pinjamanKeys.jadwal(id),
    queryFn: async () => (await apiRequest<Jadwal>(`/pinjaman/${id}/jadwal`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}
