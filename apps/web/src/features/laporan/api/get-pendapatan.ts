import type { PendapatanSetting, PendapatanSettingsResponse, Pendapatan } from '@mizan/core';
import { REPORT_TIMEOUT_MS } from '../../../lib/api-client';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';
import { exportReport, reportQuery } from './report';

/** GET /laporan/pendapatan: income per month over the 12 months up to `sampai` (`YYYY-MM`). */
export const pendapatanQuery = (sampai: string) => reportQuery<Pendapatan>('pendapatan', sampai, { sampai }, REPORT_TIMEOUT_MS);

/** GET /laporan/pendapatan/ekspor. */
export const exportPendapatan = (sampai: string, format: 'xlsx' | 'csv') =>
  exportReport('pendapatan', { sampai }, 'pendapatan', format);

export const pendapatanSettingsQuery = settingsQuery<PendapatanSettingsResponse>('pendapatan');

/** PUT /settings/pendapatan (admin): the report follows the new method. */
export function useSavePendapatanSetting() {
  return useSaveSettings<PendapatanSetting, PendapatanSettingsResponse>('pendapatan', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: ['laporan', 'pendapatan'] }),
  );
}
