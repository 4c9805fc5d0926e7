/**
 * Monthly collections (Penagihan Bulanan, issue 26 A): what a loan was due to pay in a month
 * (target) against what it paid in that month (realisasi). The rules, with an example, are in
 * docs/domain.md ("Reports").
 */
import { isLoanPaidOff } from './balances';
import { loanLedger, type LedgerLoan, type LedgerPayment } from './ledger';
import { addDays } from './calendar';
import { divRoundHalfUp } from './money';
import { isDisbursed, type LoanTerms } from './types';

/** One loan's collections in a month. */
export interface LoanCollection {
  /**
   * What was to be collected in the month: Σ of the instalments (principal, margin or profit share)
   * whose due date falls in it, less what the payments before the month already paid of them.
   */
  target: number;
  /**
   * What the month's payments paid of the instalments due by its last day counted: this month's
   * and the arrears. A payment fills the oldest instalment first (core `loanLedger`), a settlement's
   * cash too.
   */
  realisasi: number;
  /**
   * The rest of the month's payments: instalments not due yet paid ahead, the part of an early
   * settlement beyond what was due, and anything paid beyond the whole obligation. Not collection
   * (issue 47: an early settlement no longer makes "tertagih" 144 %). realisasi + di_muka = Σ of
   * the payments dated in the month.
   */
  di_muka: number;
  /** How many of its instalments fall due in the month. */
  angsuran_jatuh_tempo: number;
}

/**
 * A loan's target and collections in the month `dari`–`sampai` (inclusive `YYYY-MM-DD` days), or
 * null when the loan had neither an instalment due nor a payment in it: granted after the month or
 * too late in it for a first due date, pending or rejected, paid off before it began and paying
 * nothing in it (a Mudharabah whose principal came back still counts in a month that collects its
 * profit share). Instalments are the ledger's (core `loanLedger`) before the
 * month and at its last day, so a Mudharabah's profit share runs for the months its principal was
 * outstanding.
 */
export function loanCollectionInMonth(
  loan: LedgerLoan & LoanTerms,
  payments: readonly LedgerPayment[],
  dari: string,
  sampai: string,
): LoanCollection | null {
  if (!isDisbursed(loan.status) || loan.tanggal_pinjam > sampai) return null;
  const before = payments.filter((p) => p.tanggal < dari);
  const inMonth = payments.filter((p) => p.tanggal >= dari && p.tanggal <= sampai);
  if (inMonth.length === 0 && isLoanPaidOff(loan, before)) return null;
  const running = { ...loan, status: 'aktif' };
  const paidBefore = new Map(
    loanLedger(running, before, addDays(dari, -1)).instalments.map((i) => [i.angsuran_ke, i.terbayar + i.tidak_ditagih]),
  );
  const { instalments } = loanLedger(running, [...before, ...inMonth], sampai);
  let target = 0;
  let realisasi = 0;
  let angsuranJatuhTempo = 0;
  for (const line of instalments) {
    if (line.jatuh_tempo > sampai) break;
    const earlier = paidBefore.get(line.angsuran_ke) ?? 0;
    realisasi += Math.max(0, line.terbayar - earlier);
    if (line.jatuh_tempo >= dari) {
      angsuranJatuhTempo += 1;
      target += Math.max(0, line.jumlah - earlier);
    }
  }
  // Nothing due and nothing paid in the month: not a loan of this month's collections.
  if (angsuranJatuhTempo === 0 && inMonth.length === 0) return null;
  const paid = inMonth.reduce((sum, p) => sum + p.jumlah, 0);
  return { target, realisasi, di_muka: paid - realisasi, angsuran_jatuh_tempo: angsuranJatuhTempo };
}

/** Realisasi as a percentage of target, two decimals; null when nothing was due. */
export function collectionRate(target: number, realisasi: number): number | null {
  if (target <= 0) return null;
  return Number(divRoundHalfUp(BigInt(realisasi) * 10_000n, BigInt(target))) / 100;
}
