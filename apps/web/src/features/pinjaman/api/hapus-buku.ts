import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HapusBukuCreateInput, HapusBukuInfo, Persetujuan } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { pinjamanKeys } from './keys';

/** GET /pinjaman/{id}/hapus-buku: what a write-off would take off the books, why not, the waiting request, the write-off done. */
export function useHapusBukuInfo(id: number, enabled = true) {
  return useQuery({
    queryKey: [...pinjamanKeys.all, 'hapus-buku', id] as const,
    queryFn: async () => (await apiRequest<HapusBukuInfo>(`/pinjaman/${id}/hapus-buku`)).data,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

/** POST /pinjaman/{id}/hapus-buku: a request for another person's approval. */
export function useProposeHapusBuku(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: HapusBukuCreateInput) =>
      apiRequest<Persetujuan>(`/pinjaman/${id}/hapus-buku`, { method: 'POST', body: input }),
    onSuccess: () =>
      Promise.all([pinjamanKeys.all, ['persetujuan']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
