import { formatRupiah, tipePinjamanLabels } from '@mizan/core';
import type { Pinjaman } from '../types';

/** The loan's code: its nomor_pinjaman, or 'Pinjaman #id' when the old system gave none. */
export function loanCode(loan: { id: number; nomor_pinjaman?: string | null }): string {
  return loan.nomor_pinjaman && loan.nomor_pinjaman.trim() !== '' ? loan.nomor_pinjaman : `Pinjaman #${loan.id}`;
}

/** One line naming a loan in pickers: customer · code · amount · type. */
export function loanLabel(loan: Pinjaman): string {
  return `${loan.nasabah.nama} · ${loanCode(loan)} · ${formatRupiah(loan.jumlah)} · ${tipePinjamanLabels[loan.tipe]}`;
}
