import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { NasabahLoan, NasabahPayment } from '../types';
import { nasabahKeys } from './keys';

/** The customer detail page asks for 100 loans and 100 payments (spec §7, §9). */
export const HISTORY_LIMIT = 100;

/** A history list; an endpoint that does not exist (404) yet counts as "no history", not as a failure. */
async function historyList<T>(path: string, nasabahId: number): Promise<T[]> {
  try {
    const { data } = await apiRequest<T[] | { data: T[] }>(path, { query: { nasabah_id: nasabahId, limit: HISTORY_LIMIT } });
    if (Array.isArray(data)) return data;
    return Array.isArray(data?.data) ? data.data : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export async function getNasabahHistory(nasabahId: number) {
  const [loans, payments] = await Promise.all([
    historyList<NasabahLoan>('/pinjaman', nasabahId),
    historyList<NasabahPayment>('/pembayaran', nasabahId),
  ]);
  return { loans, payments };
}

/** The customer's loans and payments, for the history tables and the summary cards. */
export function useNasabahHistory(nasabahId: number, enabled: boolean) {
  return useQuery({ queryKey: nasabahKeys.history(nasabahId), queryFn: () => getNasabahHistory(nasabahId), enabled });
}
