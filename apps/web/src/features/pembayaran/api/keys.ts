import type { PembayaranListParams, PembayaranStatsParams } from './params';

/** Query keys of the payment feature; every payment mutation invalidates `pembayaranKeys.all`. */
export const pembayaranKeys = {
  all: ['pembayaran'] as const,
  lists: () => [...pembayaranKeys.all, 'list'] as const,
  list: (params: PembayaranListParams) => [...pembayaranKeys.lists(), params] as const,
  stats: (params: PembayaranStatsParams) => [...pembayaranKeys.all, 'stats', params] as const,
  detail: (id: number) => [...pembayaranKeys.all, 'detail', id] as const,
  /** Earlier payments of a loan, read by the auto-fill. */
  loanPayments: (pinjamanId: number) => [...pembayaranKeys.all, 'loan-payments', pinjamanId] as const,
  /** The aktif loans the add form and the filter offer. */
  loanOptions: () => [...pembayaranKeys.all, 'loan-options'] as const,
  loan: (pinjamanId: number) => [...pembayaranKeys.all, 'loan', pinjamanId] as const,
};
