import type { NotifikasiSetting, NotifikasiSettingsResponse } from '@mizan/core';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';

/** GET /settings/notifikasi: the setting, the shipped defaults, and real values for the preview. */
export const notifikasiSettingsQuery = settingsQuery<NotifikasiSettingsResponse>('notifikasi');

/** PUT /settings/notifikasi (admin). */
export function useSaveNotifikasi() {
  return useSaveSettings<NotifikasiSetting, NotifikasiSettingsResponse>('notifikasi');
}
