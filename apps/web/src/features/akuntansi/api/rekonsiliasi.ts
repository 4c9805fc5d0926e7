import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rekonsiliasi } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

/** The query key of the latest reconciliation (the dashboard's Refresh refetches it too). */
export const rekonsiliasiKey = ['akuntansi', 'rekonsiliasi'] as const;

/** GET /akuntansi/rekonsiliasi: the latest reconciliation of the books, or null before the first (issue 48). */
export const rekonsiliasiQuery = queryOptions({
  queryKey: rekonsiliasiKey,
  queryFn: async () => (await apiRequest<Rekonsiliasi | null>('/akuntansi/rekonsiliasi')).data,
});

/** POST /akuntansi/rekonsiliasi (administrators): reconciles the books as of today now; the answer is the latest. */
export function useRunRekonsiliasi() {
  const queryClient = useQueryClient();
  return useMutation({
    // It reads every money event and journal line: on a large embedded database that takes longer than a page's 10 s.
    mutationFn: async () =>
      (await apiRequest<Rekonsiliasi>('/akuntansi/rekonsiliasi', { method: 'POST', body: {}, timeoutMs: 120_000 })).data,
    onSuccess: (latest) => queryClient.setQueryData(rekonsiliasiKey, latest),
  });
}
