import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaMessage, WaMessageJenis, WaMessageList, WaMessageStatus, WaMessageSummary } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';
import { waKeys } from './keys';

/** Message log page size. */
export const MESSAGES_PER_PAGE = 20;

export interface MessageFilters {
  page: number;
  search: string;
  jenis: WaMessageJenis | '';
  status: WaMessageStatus | '';
  dari: string;
  sampai: string;
}

export const emptyMessageFilters: MessageFilters = { page: 1, search: '', jenis: '', status: '', dari: '', sampai: '' };

const messageFilterQuery = (filters: Omit<MessageFilters, 'page'>) => ({
  search: filters.search.trim() || undefined,
  jenis: filters.jenis || undefined,
  status: filters.status || undefined,
  dari: filters.dari || undefined,
  sampai: filters.sampai || undefined,
});

/** GET /wa-messages/ekspor: every message the filters select, newest first, as XLSX or CSV. */
export const exportMessages = (filters: Omit<MessageFilters, 'page'>, format: 'xlsx' | 'csv') =>
  apiDownload('/wa-messages/ekspor', { ...messageFilterQuery(filters), format }, `riwayat-pesan.${format}`, EXPORT_TIMEOUT_MS);

/** GET /wa-messages: data.messages and data.pagination. */
export const messagesQuery = (filters: MessageFilters) =>
  queryOptions({
    queryKey: [...waKeys.messages, 'list', filters],
    queryFn: async () =>
      (
        await apiRequest<WaMessageList>('/wa-messages', {
          query: { page: filters.page, limit: MESSAGES_PER_PAGE, ...messageFilterQuery(filters) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** GET /wa-messages/ringkasan: today's counters; refreshed while the page is open. */
export const messageSummaryQuery = queryOptions({
  queryKey: [...waKeys.messages, 'ringkasan'],
  queryFn: async () => (await apiRequest<WaMessageSummary>('/wa-messages/ringkasan')).data,
  refetchInterval: 30_000,
});

/** POST /wa-messages/:id/kirim-ulang: the row as it ended, and the server's sentence. */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => apiRequest<WaMessage>(`/wa-messages/${id}/kirim-ulang`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waKeys.messages }),
  });
}
