import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DanaKebajikan,
  DanaKebajikanKeluarInput,
  StatusTazir,
  Tawidh,
  Tazir,
  TazirSetting,
  TazirSettingsResponse,
} from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';

const keys = {
  all: ['kebajikan'] as const,
  tazir: (status: StatusTazir | 'semua', pinjamanId: number | null) => ['kebajikan', 'tazir', status, pinjamanId] as const,
  fund: ['kebajikan', 'dana'] as const,
  tawidh: (pinjamanId: number) => ['kebajikan', 'tawidh', pinjamanId] as const,
};

/** GET /tazir: the ta'zir of a status (or all), of one loan or every loan, newest first. */
export const tazirListQuery = (status: StatusTazir | 'semua', pinjamanId: number | null = null) =>
  queryOptions({
    queryKey: keys.tazir(status, pinjamanId),
    queryFn: async () =>
      (
        await apiRequest<Tazir[]>('/tazir', {
          query: { ...(status === 'semua' ? {} : { status }), ...(pinjamanId ? { pinjaman_id: pinjamanId } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const danaKebajikanQuery = queryOptions({
  queryKey: keys.fund,
  queryFn: async () => (await apiRequest<DanaKebajikan>('/dana-kebajikan')).data,
});

export const tawidhQuery = (pinjamanId: number) =>
  queryOptions({
    queryKey: keys.tawidh(pinjamanId),
    queryFn: async () => (await apiRequest<Tawidh[]>(`/pinjaman/${pinjamanId}/tawidh`)).data,
  });

export const tazirSettingsQuery = settingsQuery<TazirSettingsResponse>('tazir');

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

type Keputusan =
  | { id: number; aksi: 'tetapkan'; body: { catatan: string; diterima: boolean } }
  | { id: number; aksi: 'terima'; body: { tanggal_terima: string } }
  | { id: number; aksi: 'bebaskan'; body: { catatan: string } };

/** POST /tazir/{id}/tetapkan | terima | bebaskan; `headers`: a receipt's Idempotency-Key (money received once). */
export function useTazirDecision() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, aksi, body, headers }: Keputusan & { headers?: Record<string, string> }) =>
      apiRequest<Tazir>(`/tazir/${id}/${aksi}`, { method: 'POST', body, ...(headers ? { headers } : {}) }),
    onSuccess: invalidate,
  });
}

/** POST /dana-kebajikan (admin). */
export function useSalurkan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: DanaKebajikanKeluarInput) =>
      apiRequest<DanaKebajikan>('/dana-kebajikan', { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/** POST /pinjaman/{id}/tawidh (multipart with the evidence). */
export function useCreateTawidh(pinjamanId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      tanggal,
      jumlah,
      uraian,
      bukti,
      headers,
    }: {
      tanggal: string;
      jumlah: number;
      uraian: string;
      bukti: File | null;
      /** The submission's Idempotency-Key (a retry of it records the ta'widh once). */
      headers: Record<string, string>;
    }) => {
      const form = new FormData();
      form.append('tanggal', tanggal);
      form.append('jumlah', String(jumlah));
      form.append('uraian', uraian);
      if (bukti) form.append('bukti', bukti, bukti.name);
      return apiRequest<Tawidh[]>(`/pinjaman/${pinjamanId}/tawidh`, { method: 'POST', body: form, headers });
    },
    onSuccess: invalidate,
  });
}

/** PUT /settings/tazir (admin). */
export function useSaveTazirSetting() {
  return useSaveSettings<TazirSetting, TazirSettingsResponse>('tazir');
}
