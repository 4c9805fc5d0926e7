/**
 * The portfolio over time (issue 23): what a loan was in the portfolio at a past date (the
 * back-filled month-ends), the month-ends a dashboard compares with, and the change labels of its
 * cards. Rules and examples: docs/domain.md ("Portfolio history").
 */
import { addDays, monthDateRange, parseIsoDate } from './calendar';
import { isLoanPaidOff } from './balances';
import { loanPosition } from './posisi';
import type { MetodePengakuanMargin } from './margin';
import { classify, OJK_BANK_BANDS, type KolektibilitasBand, type PortfolioLoan } from './kolektibilitas';
import { loanLedger, type LedgerLoan, type LedgerPayment } from './ledger';
import { isDisbursed, type LoanTerms } from './types';
import { formatPercent } from '../format/percent';

/**
 * The loan as the portfolio saw it at the close of `tanggal`, from its payments up to that day:
 * null when it was not granted yet or already paid off (by the payments of that time), else its
 * outstanding principal, days past due and class. A loan `pending` or `ditolak` (never disbursed) is
 * never in the portfolio; any other status is the staff's present decision and does not rewrite
 * the past, so the loan is taken as running.
 */
export function portfolioLoanAt(
  loan: LedgerLoan & LoanTerms,
  payments: readonly LedgerPayment[],
  tanggal: string,
  bands: readonly KolektibilitasBand[] = OJK_BANK_BANDS,
  metode: MetodePengakuanMargin = 'proporsional',
): PortfolioLoan | null {
  if (!isDisbursed(loan.status) || loan.tanggal_pinjam > tanggal) return null;
  const upTo = payments.filter((p) => p.tanggal <= tanggal);
  if (isLoanPaidOff(loan, upTo)) return null;
  const { summary } = loanLedger({ ...loan, status: 'aktif' }, upTo, tanggal);
  return {
    // The principal not yet repaid then: the loan's position on the payments of that time.
    outstanding: loanPosition({ ...loan, status: 'aktif' }, upTo, tanggal, metode).sisa_pokok,
    hari_tunggakan: summary.hari_tunggakan,
    kolektibilitas: classify(summary.hari_tunggakan, bands),
  };
}

/** The last day of the month before the one `tanggal` falls in. */
export function previousMonthEnd(tanggal: string): string {
  const date = parseIsoDate(tanggal);
  if (!date) throw new RangeError(`not a date: ${tanggal}`);
  return addDays(monthDateRange(date.year, date.month).first, -1);
}

/** The last `count` month-ends before `tanggal`'s month, oldest first. */
export function monthEndsBefore(tanggal: string, count: number): string[] {
  const ends: string[] = [];
  let end = previousMonthEnd(tanggal);
  for (let i = 0; i < count; i += 1) {
    ends.unshift(end);
    end = previousMonthEnd(end);
  }
  return ends;
}

/** How a figure moved since a reference value. */
export interface FigureChange {
  arah: 'naik' | 'turun' | 'tetap';
  /**
   * For amounts and counts, the change relative to the reference in percent (one decimal, half
   * away from zero); for a ratio, the difference in percentage points (two decimals).
   * Null when there is no reference, or it is 0 for a relative change.
   */
  nilai: number | null;
  satuan: 'persen' | 'poin';
}

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
};

/**
 * The change of a card's figure against its value at the end of last month. `kind` 'jumlah'
 * (amounts, counts) gives the relative change in percent; 'rasio' (NPF, PAR, already in percent)
 * the difference in percentage points, since a relative change of a ratio misleads (2 % → 3 % is
 * "+1 poin", not "+50 %"). Null when the figure or its reference is unknown.
 */
export function figureChange(now: number | null, before: number | null, kind: 'jumlah' | 'rasio'): FigureChange | null {
  if (now === null || before === null) return null;
  const arah = now > before ? 'naik' : now < before ? 'turun' : 'tetap';
  if (kind === 'rasio') return { arah, nilai: roundTo(now - before, 2), satuan: 'poin' };
  if (before === 0) return { arah, nilai: arah === 'tetap' ? 0 : null, satuan: 'persen' };
  return { arah, nilai: roundTo(((now - before) / before) * 100, 1), satuan: 'persen' };
}

/**
 * The card's label of a change: '↑ 12,5%', '↓ 0,25 poin', 'Tetap'; '↑ dari nol' when the reference
 * was 0 (no percentage of nothing). Null when there is nothing to compare with.
 */
export function formatFigureChange(change: FigureChange | null): string | null {
  if (!change) return null;
  if (change.arah === 'tetap') return 'Tetap';
  const arrow = change.arah === 'naik' ? '↑' : '↓';
  if (change.nilai === null) return `${arrow} dari nol`;
  const size = Math.abs(change.nilai);
  return change.satuan === 'poin' ? `${arrow} ${formatPercent(size, 2).slice(0, -1)} poin` : `${arrow} ${formatPercent(size, 1)}`;
}
