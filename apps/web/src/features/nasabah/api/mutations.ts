import { useMutation } from '@tanstack/react-query';
import type { NasabahCreateInput, NasabahUpdateInput } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteById, useInvalidateKeys } from '../../../lib/mutations';
import type { Nasabah } from '../types';
import { nasabahKeys } from './keys';

/** After any write: every customer query (lists, stats, details) and the dashboard refetch. */
const useInvalidateNasabah = () => useInvalidateKeys([nasabahKeys.all, ['dashboard']]);

export function useCreateNasabah() {
  const invalidate = useInvalidateNasabah();
  return useMutation({
    /** `headers`: the submission's Idempotency-Key (a retry of it records the customer once). */
    mutationFn: async ({ input, headers }: { input: NasabahCreateInput; headers: Record<string, string> }) =>
      (await apiRequest<Nasabah>('/nasabah', { method: 'POST', body: input, headers })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateNasabah() {
  const invalidate = useInvalidateNasabah();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: NasabahUpdateInput }) =>
      (await apiRequest<Nasabah>(`/nasabah/${id}`, { method: 'PUT', body: input })).data,
    onSuccess: invalidate,
  });
}

export const useDeleteNasabah = () => useDeleteById('/nasabah', useInvalidateNasabah());
