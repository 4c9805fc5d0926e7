import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Pencairan, TipePinjaman } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';

export interface PencairanFilters {
  /** The last month shown, `YYYY-MM`. */
  sampai: string;
  tipe: TipePinjaman | 'all';
}

const queryOf = (filters: PencairanFilters) => ({
  sampai: filters.sampai,
  tipe: filters.tipe === 'all' ? undefined : filters.tipe,
});

/** GET /laporan/pencairan: loans granted per month over the 12 months up to `sampai`. */
export const pencairanQuery = (filters: PencairanFilters) =>
  queryOptions({
    queryKey: ['laporan', 'pencairan', filters],
    queryFn: async () => (await apiRequest<Pencairan>('/laporan/pencairan', { query: queryOf(filters) })).data,
    placeholderData: keepPreviousData,
  });

/** GET /laporan/pencairan/ekspor. */
export const exportPencairan = (filters: PencairanFilters, format: 'xlsx' | 'csv') =>
  apiDownload('/laporan/pencairan/ekspor', { ...queryOf(filters), format }, `pencairan.${format}`, EXPORT_TIMEOUT_MS);
