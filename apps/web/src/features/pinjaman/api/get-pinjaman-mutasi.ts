import { useQuery } from '@tanstack/react-query';
import type { MutasiList } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { pinjamanKeys } from './keys';

/** The loan's money events, oldest first (GET /api/pinjaman/{id}/mutasi); every loan or payment write invalidates `pinjamanKeys.all`. */
export function usePinjamanMutasi(id: number, enabled = true) {
  return useQuery({
    queryKey: pinjamanKeys.mutasi(id),
    queryFn: async () => (await apiRequest<MutasiList>(`/pinjaman/${id}/mutasi`)).data,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}
