import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PendapatanSetting, PendapatanSettingsResponse, Pendapatan } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS, REPORT_TIMEOUT_MS } from '../../../lib/api-client';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';

/** GET /laporan/pendapatan: income per month over the 12 months up to `sampai` (`YYYY-MM`). */
export const pendapatanQuery = (sampai: string) =>
  queryOptions({
    queryKey: ['laporan', 'pendapatan', sampai],
    queryFn: async () =>
      (await apiRequest<Pendapatan>('/laporan/pendapatan', { query: { sampai }, timeoutMs: REPORT_TIMEOUT_MS })).data,
    placeholderData: keepPreviousData,
  });

/** GET /laporan/pendapatan/ekspor. */
export const exportPendapatan = (sampai: string, format: 'xlsx' | 'csv') =>
  apiDownload('/laporan/pendapatan/ekspor', { sampai, format }, `pendapatan.${format}`, EXPORT_TIMEOUT_MS);

export const pendapatanSettingsQuery = settingsQuery<PendapatanSettingsResponse>('pendapatan');

/** PUT /settings/pendapatan (admin): the report follows the new method. */
export function useSavePendapatanSetting() {
  return useSaveSettings<PendapatanSetting, PendapatanSettingsResponse>('pendapatan', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: ['laporan', 'pendapatan'] }),
  );
}
