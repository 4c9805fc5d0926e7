import { useMutation } from '@tanstack/react-query';
import type { PinjamanCreateInput, PinjamanUpdateInput } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { useDeleteById, useInvalidateKeys } from '../../../lib/mutations';
import type { Pinjaman } from '../types';
import { pinjamanKeys } from './keys';

/** The multipart body of spec §7: every field as text, the receipt file last (so the fields arrive first). */
export function toLoanFormData(input: PinjamanCreateInput | PinjamanUpdateInput, file: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    form.append(key, value === null ? '' : String(value));
  }
  if (file) form.append('kwitansi', file, file.name);
  return form;
}

/** After any loan write: loans, customers (total_pinjaman), arrears and the dashboard refetch. */
const useInvalidateLoans = () => useInvalidateKeys([pinjamanKeys.all, ['nasabah'], ['dashboard'], ['tunggakan']]);

export function useCreatePinjaman() {
  const invalidate = useInvalidateLoans();
  return useMutation({
    /** `headers`: the submission's Idempotency-Key (a retry of it records the loan once). */
    mutationFn: async ({
      input,
      file,
      headers,
    }: {
      input: PinjamanCreateInput;
      file: File | null;
      headers: Record<string, string>;
    }) => (await apiRequest<Pinjaman>('/pinjaman', { method: 'POST', body: toLoanFormData(input, file), headers })).data,
    onSuccess: invalidate,
  });
}

/** PUT as JSON, or multipart when a new receipt was chosen (spec §7). */
export function useUpdatePinjaman() {
  const invalidate = useInvalidateLoans();
  return useMutation({
    mutationFn: async ({ id, input, file }: { id: number; input: PinjamanUpdateInput; file: File | null }) =>
      (await apiRequest<Pinjaman>(`/pinjaman/${id}`, { method: 'PUT', body: file ? toLoanFormData(input, file) : input })).data,
    onSuccess: invalidate,
  });
}

export const useDeletePinjaman = () => useDeleteById('/pinjaman', useInvalidateLoans());

export function useDeleteKwitansi() {
  const invalidate = useInvalidateLoans();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest<Pinjaman>(`/pinjaman/${id}/kwitansi`, { method: 'DELETE' })).data,
    onSuccess: invalidate,
  });
}
