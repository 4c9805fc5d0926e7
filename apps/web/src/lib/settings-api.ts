import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /settings/<name>: one setting with what its screen shows beside it, cached under ['settings', name]. */
export function settingsQuery<T>(name: string) {
  return queryOptions({
    queryKey: ['settings', name],
    queryFn: async () => (await apiRequest<T>(`/settings/${name}`)).data,
  });
}

/**
 * PUT /settings/<name> (admin): the answer replaces the cached setting; `afterSave` drops what the new setting
 * changes elsewhere (not awaited: the save is done when the server has answered).
 */
export function useSaveSettings<TInput, T>(name: string, afterSave?: (queryClient: QueryClient) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TInput) => apiRequest<T>(`/settings/${name}`, { method: 'PUT', body: input }),
    onSuccess: (res) => {
      queryClient.setQueryData(settingsQuery<T>(name).queryKey, res.data);
      if (afterSave) void afterSave(queryClient);
    },
  });
}
