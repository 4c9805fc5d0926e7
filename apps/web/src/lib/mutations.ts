import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** After a write: every query under each of `keys` refetches (the feature's own, and those that show its figures). */
export function useInvalidateKeys(keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `DELETE <path>/<id>`, then `invalidate` (the queries that showed the record). */
export function useDeleteById(path: string, invalidate: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest<null>(`${path}/${id}`, { method: 'DELETE' });
    },
    onSuccess: invalidate,
  });
}
