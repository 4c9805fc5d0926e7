import type { Pencairan, TipePinjaman } from '@mizan/core';
import { exportReport, reportQuery } from './report';

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
export const pencairanQuery = (filters: PencairanFilters) => reportQuery<Pencairan>('pencairan', filters, queryOf(filters));

/** GET /laporan/pencairan/ekspor. */
export const exportPencairan = (filters: PencairanFilters, format: 'xlsx' | 'csv') =>
  exportReport('pencairan', queryOf(filters), 'pencairan', format);
