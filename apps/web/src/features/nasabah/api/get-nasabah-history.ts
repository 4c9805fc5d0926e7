import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NasabahLoan, NasabahPayment } from '../types';
import { nasabahKeys } from './keys';

/** The customer detail page asks for 100 loans and 100 payments (spec §7, §9). */
export const HISTORY_LIMIT = 100;

/** One history list of the customer; a failure (any status) shows as one on the page. */
async function historyList<T>(path: string, nasabahId: number): Promise<T[]> {
  const { data } = await apiRequest<T[]>(path, { query: { nasabah_id: nasabahId, limit: HISTORY_LIMIT } });
  return data;
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
