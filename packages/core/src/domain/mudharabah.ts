/**
 * Mudharabah (loan tipe `non-pokok`): profit sharing whose amount follows the business's results,
 * with no fixed term (spec §9). All amounts are whole rupiah, rounded half-up.
 */
import { atLeastZero, cappedPercent, percentOfRupiah, sumPayments } from './money';
import type { PaymentAmount } from './types';

/** Bagi hasil per period = jumlah × persentase / 100, rounded half-up to a whole rupiah. */
export function mudharabahProfitPerPeriod(jumlah: number, persentase: number): number {
  return percentOfRupiah(jumlah, persentase);
}

/** Principal returned = Σ payments of jenis pokok, angsuran and pelunasan. */
export function mudharabahPrincipalReturned(payments: readonly PaymentAmount[]): number {
  return sumPayments(payments, ['pokok', 'angsuran', 'pelunasan']);
}

/**
 * Estimated profit used by the progress bar: the bagi hasil actually shared so far (Σ bagi_hasil
 * payments). A Mudharabah has no term, so its total profit is only known as it is paid.
 */
export function mudharabahEstimatedProfit(payments: readonly PaymentAmount[]): number {
  return sumPayments(payments, ['bagi_hasil']);
}

/** Progress = all payments / (jumlah + estimated profit), as a percentage capped at 100. */
export function mudharabahProgress(jumlah: number, payments: readonly PaymentAmount[]): number {
  return cappedPercent(sumPayments(payments), jumlah + mudharabahEstimatedProfit(payments));
}

/** The loan-detail panel of a Mudharabah loan. */
export interface MudharabahLoanSummary {
  /** Expected bagi hasil per period = jumlah × persentase / 100. */
  profitPerPeriod: number;
  /** Σ bagi_hasil payments; also the estimated profit of the progress formula. */
  profitShared: number;
  /** Σ pokok + angsuran + pelunasan payments. */
  principalReturned: number;
  /** jumlah − principalReturned, never below 0 (equals `sisa_pokok`). */
  remainingPrincipal: number;
  /** Σ all payments. */
  totalPaid: number;
  /** all payments / (jumlah + estimated profit), capped at 100. */
  progressPercent: number;
}

/** Loan-detail figures of a Mudharabah loan from its terms and its payments. */
export function summarizeMudharabahLoan(
  loan: { jumlah: number; persentase: number },
  payments: readonly PaymentAmount[],
): MudharabahLoanSummary {
  const principalReturned = mudharabahPrincipalReturned(payments);
  return {
    profitPerPeriod: mudharabahProfitPerPeriod(loan.jumlah, loan.persentase),
    profitShared: mudharabahEstimatedProfit(payments),
    principalReturned,
    remainingPrincipal: atLeastZero(loan.jumlah - principalReturned),
    totalPaid: sumPayments(payments),
    progressPercent: mudharabahProgress(loan.jumlah, payments),
  };
}
