import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationRecipient, NotificationRecipientCreateInput, NotificationRecipientList } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';
import { waKeys } from './keys';

/** Recipient list page size (spec §9). */
export const RECIPIENTS_PER_PAGE = 10;

export interface RecipientFilters {
  page: number;
  search: string;
  status: 'all' | 'active' | 'inactive';
}

const recipientFilterQuery = (filters: Omit<RecipientFilters, 'page'>) => ({
  search: filters.search.trim() || undefined,
  status: filters.status === 'all' ? undefined : filters.status,
});

/** GET /wa-notification-recipients/ekspor: every recipient the filters select, as XLSX or CSV. */
export const exportRecipients = (filters: Omit<RecipientFilters, 'page'>, format: 'xlsx' | 'csv') =>
  apiDownload(
    '/wa-notification-recipients/ekspor',
    { ...recipientFilterQuery(filters), format },
    `penerima-notifikasi.${format}`,
    EXPORT_TIMEOUT_MS,
  );

/** GET /wa-notification-recipients: data.recipients and data.pagination. */
export const recipientsQuery = (filters: RecipientFilters) =>
  queryOptions({
    queryKey: [...waKeys.recipients, 'list', filters],
    queryFn: async () =>
      (
        await apiRequest<NotificationRecipientList>('/wa-notification-recipients', {
          query: { page: filters.page, limit: RECIPIENTS_PER_PAGE, ...recipientFilterQuery(filters) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const useRecipients = (filters: RecipientFilters) => useQuery(recipientsQuery(filters));

/** GET /wa-notification-recipients/active: who a test message goes to. */
export const activeRecipientsQuery = queryOptions({
  queryKey: waKeys.activeRecipients,
  queryFn: async () => (await apiRequest<NotificationRecipient[]>('/wa-notification-recipients/active')).data,
  staleTime: 0,
});

/** Every change reloads the lists (spec §4). */
function useRecipientMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: waKeys.recipients }) });
}

export const useCreateRecipient = () =>
  useRecipientMutation(
    async (input: NotificationRecipientCreateInput) =>
      (await apiRequest<NotificationRecipient>('/wa-notification-recipients', { method: 'POST', body: input })).data,
  );

export const useUpdateRecipient = () =>
  useRecipientMutation(
    async ({ id, input }: { id: number; input: NotificationRecipientCreateInput }) =>
      (await apiRequest<NotificationRecipient>(`/wa-notification-recipients/${id}`, { method: 'PUT', body: input })).data,
  );

export const useDeleteRecipient = () =>
  useRecipientMutation(async (id: number) => apiRequest<null>(`/wa-notification-recipients/${id}`, { method: 'DELETE' }));
