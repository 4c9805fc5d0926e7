import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PelunasanCreateInput, PelunasanInfo, Persetujuan } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateKeys } from '../../../lib/mutations';
import { pinjamanKeys } from './keys';

/** GET /pinjaman/{id}/pelunasan?tanggal=: the settlement quote on that day and what surrounds it. */
export function usePelunasanInfo(id: number, tanggal: string | null, enabled = true) {
  return useQuery({
    queryKey: [...pinjamanKeys.all, 'pelunasan', id, tanggal ?? 'hari-ini'] as const,
    queryFn: async () =>
      (await apiRequest<PelunasanInfo>(`/pinjaman/${id}/pelunasan`, { query: tanggal ? { tanggal } : {} })).data,
    enabled: enabled && Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /pinjaman/{id}/pelunasan: settled now, or waiting for approval; loans, payments, queue follow. */
export function useCreatePelunasan(id: number) {
  const invalidate = useInvalidateKeys([
    pinjamanKeys.all,
    ['pembayaran'],
    ['nasabah'],
    ['dashboard'],
    ['tunggakan'],
    ['persetujuan'],
    ['laporan'],
  ]);
  return useMutation({
    /** `headers`: the submission's Idempotency-Key (a retry of it settles once). */
    mutationFn: async ({ input, headers }: { input: PelunasanCreateInput; headers: Record<string, string> }) =>
      apiRequest<{ status: 'lunas' | 'menunggu'; pembayaran_id: number | null; persetujuan: Persetujuan | null }>(
        `/pinjaman/${id}/pelunasan`,
        { method: 'POST', body: input, headers },
      ),
    onSuccess: invalidate,
  });
}
