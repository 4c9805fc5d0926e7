import type { KolektibilitasSettingInput, KolektibilitasSettingsResponse } from '@mizan/core';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';

export const kolektibilitasSettingsQuery = settingsQuery<KolektibilitasSettingsResponse>('kolektibilitas');

/** Saves the setting; every loan's class is computed again on the server, so cached lists go too. */
export function useSaveKolektibilitas() {
  return useSaveSettings<KolektibilitasSettingInput, KolektibilitasSettingsResponse>('kolektibilitas', (queryClient) =>
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'settings' }),
  );
}
