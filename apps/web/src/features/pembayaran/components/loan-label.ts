import { formatRupiah, loanCode, tipePinjamanLabels } from '@mizan/core';
import type { Pinjaman } from '../types';

/** One line naming a loan in pickers: customer · code · amount · type. */
export function loanLabel(loan: Pinjaman): string {
  return `${loan.nasabah.nama} · ${loanCode(loan)} · ${formatRupiah(loan.jumlah)} · ${tipePinjamanLabels[loan.tipe]}`;
}
