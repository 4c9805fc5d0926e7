/** Payment auto-fill (spec §9): what the add-payment form proposes once a loan is picked. */
import { mudharabahProfitPerPeriod } from './mudharabah';
import { calculateMurabahah, isValidDurasi } from './murabahah';
import { splitIntoInstalments } from './schedule';
import type { JenisPembayaran, LoanTerms } from './types';

/** Warning shown when a pokok loan has no durasi, so no instalment amount can be proposed. */
export const AUTOFILL_MISSING_DURASI_WARNING =
  'Durasi angsuran pinjaman ini belum diisi, sehingga jumlah angsuran tidak dapat dihitung. Masukkan jumlah pembayaran secara manual.';

/** Warning shown when the next instalment number is beyond the loan's durasi. */
export function autofillBeyondDurasiWarning(angsuranKe: number, durasi: number): string {
  return `Angsuran ke-${angsuranKe} melebihi durasi angsuran (${durasi} bulan). Periksa kembali jumlah dan angsuran ke sebelum menyimpan.`;
}

/** The values the add-payment form is filled with. */
export interface PembayaranAutofill {
  jenis: JenisPembayaran;
  /** Proposed amount; null when it must be entered by hand. */
  jumlah: number | null;
  /** Proposed instalment number; null for bagi_hasil. */
  angsuran_ke: number | null;
  /** Indonesian notice to show next to the form, if any. */
  warning?: string;
}

/** Next instalment number: the highest earlier `angsuran_ke` plus 1, or 1 when there is none. */
export function nextAngsuranKe(earlierPayments: readonly { angsuran_ke?: number | null }[]): number {
  let highest = 0;
  for (const p of earlierPayments) {
    if (typeof p.angsuran_ke === 'number' && p.angsuran_ke > highest) highest = p.angsuran_ke;
  }
  return Math.floor(highest) + 1;
}

/**
 * Auto-fill for a new payment on `loan` (spec §9): pokok → angsuran of the scheduled amount with
 * the next angsuran_ke; non-pokok → bagi_hasil of jumlah × persentase / 100.
 */
export function autofillPembayaran(
  loan: LoanTerms,
  earlierPayments: readonly { angsuran_ke?: number | null }[],
): PembayaranAutofill {
  if (loan.tipe !== 'pokok') {
    return {
      jenis: 'bagi_hasil',
      jumlah: mudharabahProfitPerPeriod(loan.jumlah, loan.persentase),
      angsuran_ke: null,
    };
  }
  const angsuranKe = nextAngsuranKe(earlierPayments);
  if (!isValidDurasi(loan.durasi_angsuran)) {
    return { jenis: 'angsuran', jumlah: null, angsuran_ke: angsuranKe, warning: AUTOFILL_MISSING_DURASI_WARNING };
  }
  const figures = calculateMurabahah(loan.jumlah, loan.persentase, loan.durasi_angsuran);
  if (angsuranKe > figures.durasi) {
    return {
      jenis: 'angsuran',
      jumlah: figures.monthlyInstalment,
      angsuran_ke: angsuranKe,
      warning: autofillBeyondDurasiWarning(angsuranKe, figures.durasi),
    };
  }
  // The scheduled amount: the monthly instalment, except the last one which absorbs rounding.
  const scheduled = splitIntoInstalments(figures.totalObligation, figures.durasi)[angsuranKe - 1];
  return { jenis: 'angsuran', jumlah: scheduled ?? figures.monthlyInstalment, angsuran_ke: angsuranKe };
}
