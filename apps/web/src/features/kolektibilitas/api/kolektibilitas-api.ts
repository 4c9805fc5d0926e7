import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { KolektibilitasSettingInput, KolektibilitasSettingsResponse } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

export const kolektibilitasSettingsQuery = queryOptions({
  queryKey: ['settings', 'kolektibilitas'],
  queryFn: async () => (await apiRequest<KolektibilitasSettingsResponse>('/settings/kolektibilitas')).data,
});

/** Saves the setting; every loan's class is computed again on the server, so cached lists go too. */
export function useSaveKolektibilitas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: KolektibilitasSettingInput) =>
      apiRequest<KolektibilitasSettingsResponse>('/settings/kolektibilitas', { method: 'PUT', body: input }),
    onSuccess: (res) => {
      queryClient.setQueryData(kolektibilitasSettingsQuery.queryKey, res.data);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'settings' });
    },
  });
}
