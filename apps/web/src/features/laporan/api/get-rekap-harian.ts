import type { RekapHarian } from '@mizan/core';
import { exportReport, reportQuery } from './report';

/** GET /laporan/rekap-harian?tanggal=: one day's payments and new loans. */
export const rekapHarianQuery = (tanggal: string) => reportQuery<RekapHarian>('rekap-harian', tanggal, { tanggal });

/** GET /laporan/rekap-harian/ekspor: the same day as XLSX or CSV. */
export const exportRekapHarian = (tanggal: string, format: 'xlsx' | 'csv') =>
  exportReport('rekap-harian', { tanggal }, `rekap-harian-${tanggal}`, format);
