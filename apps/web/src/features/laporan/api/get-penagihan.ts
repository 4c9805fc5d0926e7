import type { Penagihan, TipePinjaman } from '@mizan/core';
import { REPORT_TIMEOUT_MS } from '../../../lib/api-client';
import { exportReport, reportQuery } from './report';

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
  reportQuery<Penagihan>('penagihan', queryOf(filters), queryOf(filters), REPORT_TIMEOUT_MS);

/** GET /laporan/penagihan/ekspor. */
export const exportPenagihan = (filters: PenagihanFilters, format: 'xlsx' | 'csv') =>
  exportReport('penagihan', queryOf(filters), `penagihan-${filters.bulan}`, format);
