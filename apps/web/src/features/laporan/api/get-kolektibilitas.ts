import type { KolektibilitasLaporan } from '@mizan/core';
import { exportReport, reportQuery } from './report';

/** GET /laporan/kolektibilitas?bulan=: the classes and NPF at a month-end (this month: today). */
export const kolektibilitasLaporanQuery = (bulan: string) =>
  reportQuery<KolektibilitasLaporan>('kolektibilitas', bulan, { bulan });

/** GET /laporan/kolektibilitas/ekspor. */
export const exportKolektibilitas = (bulan: string, format: 'xlsx' | 'csv') =>
  exportReport('kolektibilitas', { bulan }, `kolektibilitas-${bulan}`, format);
