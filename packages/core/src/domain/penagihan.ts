/**
 * Monthly collections (Penagihan Bulanan, issue 26 A): what a loan was due to pay in a month
 * (target) against what it paid in that month (realisasi). The rules, with an example, are in
 * docs/domain.md ("Reports").
 */
import { isLoanPaidOff } from './balances';
import { loanLedger, type LedgerLoan, type LedgerPayment } from './ledger';
import { divRoundHalfUp } from './money';
import { isDisbursed, type LoanTerms } from './types';

/** One loan's collections in a month. */
export interface LoanCollection {
  /** Σ of the instalments (principal, margin or profit share) whose due date falls in the month. */
  target: number;
  /** Σ of the payments dated in the month, whatever they paid for (arrears, this month, ahead). */
  realisasi: number;
  /** How many of its instalments fall due in the month. */
  angsuran_jatuh_tempo: number;
}

/**
 * A loan's target and collections in the month `dari`–`sampai` (inclusive `YYYY-MM-DD` days), or
 * null when the loan was not running then: granted after the month, pending or rejected, or paid off before it
 * began. Instalments are the ledger's (core `loanLedger`) as of the month's last day, so a
 * Mudharabah's profit share runs for the months its principal was outstanding.
 */
export function loanCollectionInMonth(
  loan: LedgerLoan & LoanTerms,
  payments: readonly LedgerPayment[],
  dari: string,
  sampai: string,
): LoanCollection | null {
  if (!isDisbursed(loan.status) || loan.tanggal_pinjam > sampai) return null;
  const before = payments.filter((p) => p.tanggal < dari);
  if (isLoanPaidOff(loan, before)) return null;
  const upToEnd = payments.filter((p) => p.tanggal <= sampai);
  const { instalments } = loanLedger({ ...loan, status: 'aktif' }, upToEnd, sampai);
  const due = instalments.filter((i) => i.jatuh_tempo >= dari && i.jatuh_tempo <= sampai);
  return {
    target: due.reduce((sum, i) => sum + i.jumlah, 0),
    realisasi: upToEnd.filter((p) => p.tanggal >= dari).reduce((sum, p) => sum + p.jumlah, 0),
    angsuran_jatuh_tempo: due.length,
  };
}

/** Realisasi as a percentage of target, two decimals; null when nothing was due. */
export function collectionRate(target: number, realisasi: number): number | null {
  if (target <= 0) return null;
  return Number(divRoundHalfUp(BigInt(realisasi) * 10_000n, BigInt(target))) / 100;
}
