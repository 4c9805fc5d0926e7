import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PinjamanStats } from '../types';
import { pinjamanKeys } from './keys';

/** Loan statistics over living loans (GET /api/pinjaman/stats). */
export function usePinjamanStats() {
  return useQuery({
    queryKey: [...pinjamanKeys.all, 'stats'],
    queryFn: async () => (await apiRequest<PinjamanStats>('/pinjaman/stats')).data,
  });
}
