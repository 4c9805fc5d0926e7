/** Indonesian display labels of the loan types and payment kinds (spec §3, §4). */
import type { JenisPembayaran, StatusPinjamanFilter, TipePinjaman } from '../domain/types';

/** Loan type labels: pokok is the Murabahah, non-pokok the Mudharabah. */
export const tipePinjamanLabels: Record<TipePinjaman, string> = {
  pokok: 'Pokok',
  'non-pokok': 'Non-Pokok',
};

/** Loan status labels (the list filter's `pending` included). */
export const statusPinjamanLabels: Record<StatusPinjamanFilter, string> = {
  aktif: 'Aktif',
  lunas: 'Lunas',
  macet: 'Macet',
  pending: 'Pending',
};

/** Payment kind labels. */
export const jenisPembayaranLabels: Record<JenisPembayaran, string> = {
  angsuran: 'Angsuran',
  bagi_hasil: 'Bagi Hasil',
  pokok: 'Pokok',
  pelunasan: 'Pelunasan',
};

/** The label of a loan type or payment kind; an unknown value is shown as it is. */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '-';
  return labels[value] ?? value;
}

/** A loan's code for people: its nomor_pinjaman, or 'Pinjaman #id' when the old system gave none. */
export function loanCode(loan: { id: number; nomor_pinjaman?: string | null }): string {
  return loan.nomor_pinjaman && loan.nomor_pinjaman.trim() !== '' ? loan.nomor_pinjaman : `Pinjaman #${loan.id}`;
}
