import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Penagihan, TipePinjaman } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS, REPORT_TIMEOUT_MS } from '../../../lib/api-client';

export interface PenagihanFilters {
  bulan: string;
  tipe: TipePinjaman | 'all';
  kota: string;
  kecamatan: string;
}

const queryOf = (filters: PenagihanFilters) => ({
  bulan: filters.bulan,
  tipe: filters.tipe === 'all' ? undefined : filters.tipe,
  kota: filters.kota.trim() || undefined,
  kecamatan: filters.kecamatan.trim() || undefined,
});

/** GET /laporan/penagihan: the month's target against its collections. */
export const penagihanQuery = (filters: PenagihanFilters) =>
  queryOptions({
    queryKey: ['laporan', 'penagihan', queryOf(filters)],
    queryFn: async () =>
      (await apiRequest<Penagihan>('/laporan/penagihan', { query: queryOf(filters), timeoutMs: REPORT_TIMEOUT_MS })).data,
    placeholderData: keepPreviousData,
  });

/** GET /laporan/penagihan/ekspor. */
export const exportPenagihan = (filters: PenagihanFilters, format: 'xlsx' | 'csv') =>
  apiDownload(
    '/laporan/penagihan/ekspor',
    { ...queryOf(filters), format },
    `penagihan-${filters.bulan}.${format}`,
    EXPORT_TIMEOUT_MS,
  );
