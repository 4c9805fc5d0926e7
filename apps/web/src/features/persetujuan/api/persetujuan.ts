import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  canApprove,
  type JenisPersetujuan,
  type Pemutus,
  type Persetujuan,
  type PersetujuanSetting,
  type PersetujuanSettingsResponse,
} from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateKeys } from '../../../lib/mutations';
import { settingsQuery, useSaveSettings } from '../../../lib/settings-api';
import { useAuth } from '../../auth';

export const persetujuanKeys = {
  all: ['persetujuan'] as const,
  list: (status: 'menunggu' | 'selesai', page: number) => [...persetujuanKeys.all, 'list', status, page] as const,
  count: () => [...persetujuanKeys.all, 'jumlah'] as const,
  ofLoan: (pinjamanId: number) => [...persetujuanKeys.all, 'pinjaman', pinjamanId] as const,
  pemutus: (jenis: JenisPersetujuan) => [...persetujuanKeys.all, 'pemutus', jenis] as const,
};

/** GET /persetujuan/pemutus?jenis=: who could decide a request of this kind that the signed-in user sends. */
export function usePemutus(jenis: JenisPersetujuan, enabled = true) {
  return useQuery({
    queryKey: persetujuanKeys.pemutus(jenis),
    queryFn: async () => (await apiRequest<Pemutus>('/persetujuan/pemutus', { query: { jenis } })).data,
    enabled,
  });
}

/**
 * Whether a request of `jenis` may be sent now: false while it is not known who could decide it and
 * when nobody else could (the screen then says so, `PemutusNotice`). Always true when `needed` is false.
 */
export function useSendable(jenis: JenisPersetujuan, needed: boolean) {
  const query = usePemutus(jenis, needed);
  return !needed || (query.data !== undefined && query.data.pemutus.length > 0);
}

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

/** POST /persetujuan/{id}/setujui, /tolak or /tarik (the proposer withdraws); the loans, customers, queue and badge follow. */
export function useDecide() {
  const invalidate = useInvalidateKeys([persetujuanKeys.all, ['pinjaman'], ['nasabah'], ['dashboard'], ['tunggakan']]);
  return useMutation({
    mutationFn: async ({ id, keputusan, catatan }: { id: number; keputusan: 'setujui' | 'tolak' | 'tarik'; catatan: string }) =>
      apiRequest<Persetujuan>(`/persetujuan/${id}/${keputusan}`, { method: 'POST', body: { catatan } }),
    onSuccess: invalidate,
  });
}

export const persetujuanSettingsQuery = settingsQuery<PersetujuanSettingsResponse>('persetujuan');

/** PUT /settings/persetujuan (admin). */
export function useSavePersetujuanSetting() {
  return useSaveSettings<PersetujuanSetting, PersetujuanSettingsResponse>('persetujuan');
}

/**
 * For the new-loan form: whether new loans wait for approval (the setting), and whether one may be
 * sent now (someone other than the user could approve it, issue 51). Unknown setting: sendable (the
 * server still refuses a loan nobody could decide).
 */
export function useNewLoanApproval(adding: boolean) {
  const setting = useQuery({ ...persetujuanSettingsQuery, enabled: adding });
  const waits = adding && setting.data?.setting.pinjaman_baru === true;
  const sendable = useSendable('pinjaman', waits);
  return { waits, sendable };
}
