import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Pembayaran, Pinjaman } from '../types';
import { pembayaranKeys } from './keys';

/** The add-payment and filter dialogs offer the aktif loans, 100 of them (spec §7). */
export const LOAN_OPTIONS_LIMIT = 100;
/** The next-instalment lookup reads up to 1000 earlier payments of the loan (spec §7). */
export const LOAN_PAYMENTS_LIMIT = 1000;

export function useLoanOptions(enabled = true) {
  return useQuery({
    queryKey: pembayaranKeys.loanOptions(),
    queryFn: async () =>
      (await apiRequest<Pinjaman[]>('/pinjaman', { query: { status: 'aktif', limit: LOAN_OPTIONS_LIMIT } })).data,
    enabled,
  });
}

/** One loan by id, for a chosen loan that is not among the options (not aktif, or beyond the first 100). */
export function useLoan(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: pembayaranKeys.loan(id ?? 0),
    queryFn: async () => (await apiRequest<Pinjaman>(`/pinjaman/${id}`)).data,
    enabled: enabled && id !== null && id > 0,
    retry: false,
  });
}

/** The loan's earlier payments, fetched fresh each time the auto-fill runs. */
export function fetchLoanPayments(queryClient: QueryClient, pinjamanId: number) {
  return queryClient.fetchQuery({
    queryKey: pembayaranKeys.loanPayments(pinjamanId),
    queryFn: async () =>
      (await apiRequest<Pembayaran[]>('/pembayaran', { query: { pinjaman_id: pinjamanId, limit: LOAN_PAYMENTS_LIMIT } })).data,
    staleTime: 0,
  });
}
