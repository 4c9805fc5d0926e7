import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PenjadwalanCreateInput, PenjadwalanInfo, Persetujuan } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateKeys } from '../../../lib/mutations';
import { pinjamanKeys } from './keys';

/** GET /pinjaman/{id}/penjadwalan?durasi=&tenggang=: the plan, why not, the waiting request, the history. */
export function usePenjadwalanInfo(id: number, rencana: { durasi: number; tenggang: number }, enabled = true) {
  return useQuery({
    queryKey: [...pinjamanKeys.all, 'penjadwalan', id, rencana.durasi, rencana.tenggang] as const,
    queryFn: async () =>
      (
        await apiRequest<PenjadwalanInfo>(`/pinjaman/${id}/penjadwalan`, {
          query: { durasi: rencana.durasi, tenggang: rencana.tenggang },
        })
      ).data,
    enabled: enabled && Number.isInteger(id) && id > 0 && rencana.durasi >= 1,
    placeholderData: keepPreviousData,
  });
}

/** POST /pinjaman/{id}/penjadwalan: a request for approval. */
export function useProposePenjadwalan(id: number) {
  const invalidate = useInvalidateKeys([pinjamanKeys.all, ['persetujuan']]);
  return useMutation({
    mutationFn: async (input: PenjadwalanCreateInput) =>
      apiRequest<Persetujuan>(`/pinjaman/${id}/penjadwalan`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}
