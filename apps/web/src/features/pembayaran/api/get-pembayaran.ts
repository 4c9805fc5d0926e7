import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PembayaranDetail } from '../types';
import { pembayaranKeys } from './keys';

/** One payment with its loan and customer (GET /api/pembayaran/{id}). */
export function usePembayaran(id: number) {
  return useQuery({
    queryKey: pembayaranKeys.detail(id),
    queryFn: async () => (await apiRequest<PembayaranDetail>(`/pembayaran/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
