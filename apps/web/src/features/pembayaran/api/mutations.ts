import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PembayaranCreateInput, PembayaranUpdateInput } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import type { PembayaranDetail } from '../types';
import { pembayaranKeys } from './keys';

/**
 * After any payment write: payments, the loans (balance, status, history), the customers (their
 * history and totals) and the dashboard all refetch; `except` (a deleted payment's detail) does not.
 */
function useInvalidateAfterPayment() {
  const queryClient = useQueryClient();
  return (except?: readonly unknown[]) =>
    Promise.all(
      [pembayaranKeys.all, ['pinjaman'], ['nasabah'], ['dashboard'], ['tunggakan']].map((queryKey) =>
        queryClient.invalidateQueries({
          queryKey,
          predicate: except ? (query) => JSON.stringify(query.queryKey) !== JSON.stringify(except) : undefined,
        }),
      ),
    );
}

// A saved payment is confirmed as soon as the server has it; the lists and figures refetch behind
// the confirmation (not before it: on a phone the 1000-row lists took seconds, issue 28 C).
export function useCreatePembayaran() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    /** `headers`: the submission's Idempotency-Key (a retry of it records the payment once). */
    mutationFn: async ({ input, headers }: { input: PembayaranCreateInput; headers: Record<string, string> }) =>
      (await apiRequest<PembayaranDetail>('/pembayaran', { method: 'POST', body: input, headers })).data,
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useUpdatePembayaran() {
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: PembayaranUpdateInput }) =>
      (await apiRequest<PembayaranDetail>(`/pembayaran/${id}`, { method: 'PUT', body: input })).data,
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useDeletePembayaran() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterPayment();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest<null>(`/pembayaran/${id}`, { method: 'DELETE' });
    },
    onSuccess: async (_data, id) => {
      // The deleted payment's detail is not refetched (it would answer 404 under a page that is
      // leaving); it is dropped from the cache once nothing shows it.
      const detailKey = pembayaranKeys.detail(id);
      const detail = queryClient.getQueryCache().find({ queryKey: detailKey, exact: true });
      if (detail && detail.getObserversCount() === 0) queryClient.removeQueries({ queryKey: detailKey, exact: true });
      await invalidate(detailKey);
    },
  });
}
