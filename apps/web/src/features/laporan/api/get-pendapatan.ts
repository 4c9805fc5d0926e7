import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendapatanSetting, PendapatanSettingsResponse, Pendapatan } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS, REPORT_TIMEOUT_MS } from '../../../lib/api-client';

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

export const pendapatanSettingsQuery = queryOptions({
  queryKey: ['settings', 'pendapatan'],
  queryFn: async () => (await apiRequest<PendapatanSettingsResponse>('/settings/pendapatan')).data,
});

/** PUT /settings/pendapatan (admin): the report follows the new method. */
export function useSavePendapatanSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: PendapatanSetting) =>
      apiRequest<PendapatanSettingsResponse>('/settings/pendapatan', { method: 'PUT', body: setting }),
    onSuccess: (res) => {
      queryClient.setQueryData(pendapatanSettingsQuery.queryKey, res.data);
      void queryClient.invalidateQueries({ queryKey: ['laporan', 'pendapatan'] });
    },
  });
}
