import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PengingatManualResponse, PengingatSetting, PengingatSettingsResponse, WaMessage } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';
import { waKeys } from './keys';

/** GET /settings/pengingat: the reminder setting, the shipped defaults, a real loan's values for the preview. */
export const pengingatSettingsQuery = settingsQuery<PengingatSettingsResponse>('pengingat');

/** PUT /settings/pengingat (admin); today's reminders are planned again by the server. */
export function useSavePengingat() {
  return useSaveSettings<PengingatSetting, PengingatSettingsResponse>('pengingat', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: waKeys.messages }),
  );
}

/** GET /pinjaman/:id/pengingat: the reminder to send by hand now, filled in, or why none can go. */
export const manualReminderQuery = (pinjamanId: number) =>
  queryOptions({
    queryKey: ['pengingat-manual', pinjamanId],
    queryFn: async () => (await apiRequest<PengingatManualResponse>(`/pinjaman/${pinjamanId}/pengingat`)).data,
    staleTime: 0,
  });

/** POST /pinjaman/:id/pengingat: sends the edited text now. */
export function useSendManualReminder(pinjamanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (teks: string) =>
      apiRequest<WaMessage>(`/pinjaman/${pinjamanId}/pengingat`, { method: 'POST', body: { teks } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: waKeys.messages }),
  });
}
