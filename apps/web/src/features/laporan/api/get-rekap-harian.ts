import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RekapHarian } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';

/** GET /laporan/rekap-harian?tanggal=: one day's payments and new loans. */
export const rekapHarianQuery = (tanggal: string) =>
  queryOptions({
    queryKey: ['laporan', 'rekap-harian', tanggal],
    queryFn: async () => (await apiRequest<RekapHarian>('/laporan/rekap-harian', { query: { tanggal } })).data,
    placeholderData: keepPreviousData,
  });

/** GET /laporan/rekap-harian/ekspor: the same day as XLSX or CSV. */
export const exportRekapHarian = (tanggal: string, format: 'xlsx' | 'csv') =>
  apiDownload('/laporan/rekap-harian/ekspor', { tanggal, format }, `rekap-harian-${tanggal}.${format}`, EXPORT_TIMEOUT_MS);
