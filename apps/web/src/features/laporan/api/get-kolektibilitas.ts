import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { KolektibilitasLaporan } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';

/** GET /laporan/kolektibilitas?bulan=: the classes and NPF at a month-end (this month: today). */
export const kolektibilitasLaporanQuery = (bulan: string) =>
  queryOptions({
    queryKey: ['laporan', 'kolektibilitas', bulan],
    queryFn: async () => (await apiRequest<KolektibilitasLaporan>('/laporan/kolektibilitas', { query: { bulan } })).data,
    placeholderData: keepPreviousData,
  });

/** GET /laporan/kolektibilitas/ekspor. */
export const exportKolektibilitas = (bulan: string, format: 'xlsx' | 'csv') =>
  apiDownload('/laporan/kolektibilitas/ekspor', { bulan, format }, `kolektibilitas-${bulan}.${format}`, EXPORT_TIMEOUT_MS);
