import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { canApprove, type Persetujuan, type PersetujuanSetting, type PersetujuanSettingsResponse } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateKeys } from '../../../lib/mutations';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';
import { useAuth } from '../../auth';

export const persetujuanKeys = {
  all: ['persetujuan'] as const,
  list: (status: 'menunggu' | 'selesai', page: number) => [...persetujuanKeys.all, 'list', status, page] as const,
  count: () => [...persetujuanKeys.all, 'jumlah'] as const,
  ofLoan: (pinjamanId: number) => [...persetujuanKeys.all, 'pinjaman', pinjamanId] as const,
};

/** GET /persetujuan: the waiting requests (oldest first) or the decided ones (newest first). */
export const persetujuanListQuery = (status: 'menunggu' | 'selesai', page: number) =>
  queryOptions({
    queryKey: persetujuanKeys.list(status, page),
    queryFn: async () => {
      const res = await apiRequest<Persetujuan[]>('/persetujuan', { query: { status, page } });
      return { data: res.data, total: res.pagination?.total ?? res.data.length, totalPages: res.pagination?.totalPages ?? 1 };
    },
    placeholderData: keepPreviousData,
  });

/** How many requests wait: the menu's badge, for the people who may decide (checked every minute). */
export function useWaitingCount() {
  const { user } = useAuth();
  const enabled = user !== null && canApprove(user.role);
  const query = useQuery({
    queryKey: persetujuanKeys.count(),
    queryFn: async () => (await apiRequest<{ menunggu: number }>('/persetujuan/jumlah')).data.menunggu,
    enabled,
    refetchInterval: 60_000,
  });
  return enabled ? (query.data ?? 0) : 0;
}

/** GET /pinjaman/{id}/persetujuan: a loan's requests and decisions, newest first. */
export const loanPersetujuanQuery = (pinjamanId: number) =>
  queryOptions({
    queryKey: persetujuanKeys.ofLoan(pinjamanId),
    queryFn: async () => (await apiRequest<Persetujuan[]>(`/pinjaman/${pinjamanId}/persetujuan`)).data,
  });

/** POST /persetujuan/{id}/setujui or /tolak; the loans, customers, queue and badge follow. */
export function useDecide() {
  const invalidate = useInvalidateKeys([persetujuanKeys.all, ['pinjaman'], ['nasabah'], ['dashboard'], ['tunggakan']]);
  return useMutation({
    mutationFn: async ({ id, keputusan, catatan }: { id: number; keputusan: 'setujui' | 'tolak'; catatan: string }) =>
      apiRequest<Persetujuan>(`/persetujuan/${id}/${keputusan}`, { method: 'POST', body: { catatan } }),
    onSuccess: invalidate,
  });
}

export const persetujuanSettingsQuery = settingsQuery<PersetujuanSettingsResponse>('persetujuan');

/** PUT /settings/persetujuan (admin). */
export function useSavePersetujuanSetting() {
  return useSaveSettings<PersetujuanSetting, PersetujuanSettingsResponse>('persetujuan');
}
