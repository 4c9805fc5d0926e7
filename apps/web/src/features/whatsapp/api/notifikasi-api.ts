import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotifikasiSetting, NotifikasiSettingsResponse } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

/** GET /settings/notifikasi: the setting, the shipped defaults, and real values for the preview. */
export const notifikasiSettingsQuery = queryOptions({
  queryKey: ['settings', 'notifikasi'],
  queryFn: async () => (await apiRequest<NotifikasiSettingsResponse>('/settings/notifikasi')).data,
});

/** PUT /settings/notifikasi (admin). */
export function useSaveNotifikasi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotifikasiSetting) =>
      apiRequest<NotifikasiSettingsResponse>('/settings/notifikasi', { method: 'PUT', body: input }),
    onSuccess: (res) => queryClient.setQueryData(notifikasiSettingsQuery.queryKey, res.data),
  });
}
