/**
 * Income from financing (Laporan Pendapatan, issue 26 A): the margin (Murabahah) and profit share
 * (Mudharabah) each payment brought, received and recognised, and the margin still deferred. The
 * rules, their sources (PSAK 102, DSN-MUI fatwa 84/DSN-MUI/XII/2012) and a worked example are in
 * docs/domain.md ("Income").
 */
import { murabahahAllocation, type LedgerLoan, type LedgerPayment } from './ledger';
import { mulDivFloor } from './money';

/** How a Murabahah's margin is spread over its instalments for recognition (fatwa 84/2012). */
export const metodePengakuanMargin = ['proporsional', 'anuitas'] as const;
export type MetodePengakuanMargin = (typeof metodePengakuanMargin)[number];

export const metodePengakuanMarginLabels: Record<MetodePengakuanMargin, string> = {
  proporsional: 'Proporsional',
  anuitas: 'Anuitas',
};

/**
 * The margin part of each instalment under the annuity method: the margin of instalment k is the
 * principal still outstanding before it times the one monthly rate r at which the instalments'
 * present value is the principal (Σ aₖ/(1+r)ᵏ = principal), so it falls as the principal is repaid.
 * Whole rupiah: the running sum of the exact parts is rounded, so the parts add up to
 * Σ amounts − principal exactly, and each lies between 0 and its instalment.
 */
export function annuityMargins(amounts: readonly number[], principal: number): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  const margin = total - principal;
  if (amounts.length === 0 || margin <= 0 || principal <= 0) return amounts.map((_, i) => (i === 0 ? Math.max(0, margin) : 0));
  const presentValue = (r: number) => amounts.reduce((sum, a, k) => sum + a / (1 + r) ** (k + 1), 0);
  // The present value falls as r grows: bisect between 0 (PV = total > principal) and a rate high
  // enough that PV < principal.
  let low = 0;
  let high = 1;
  while (presentValue(high) > principal) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-15; step += 1) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > principal) low = mid;
    else high = mid;
  }
  const rate = (low + high) / 2;
  const parts: number[] = [];
  let outstanding = principal;
  let exactSum = 0;
  let roundedBefore = 0;
  amounts.forEach((amount, k) => {
    const exact = Math.min(amount, Math.max(0, outstanding * rate));
    outstanding -= amount - exact;
    exactSum += exact;
    const roundedUpTo = k === amounts.length - 1 ? margin : Math.min(margin, Math.round(exactSum));
    parts.push(roundedUpTo - roundedBefore);
    roundedBefore = roundedUpTo;
  });
  // Rounding may leave a part a rupiah outside [0, amount]: move the excess to the next instalment
  // that can take it (the sum stays the margin; the parts stay in order of size).
  for (let k = 0; k < parts.length; k += 1) {
    const over = parts[k]! - amounts[k]!;
    const under = -parts[k]!;
    const shift = over > 0 ? over : under > 0 ? -under : 0;
    if (shift === 0) continue;
    parts[k]! -= shift;
    const next = k + 1 < parts.length ? k + 1 : k - 1;
    if (next >= 0) parts[next]! += shift;
  }
  return parts;
}

/**
 * The margin part each method gives the instalments of a Murabahah (`dues` from the ledger's
 * `murabahahAllocation`): the ledger's proportional split, or the annuity's.
 */
export function methodMargins(
  dues: readonly { pokok: number; margin: number }[],
  jumlah: number,
  metode: MetodePengakuanMargin,
): number[] {
  return metode === 'anuitas'
    ? annuityMargins(
        dues.map((d) => d.pokok + d.margin),
        jumlah,
      )
    : dues.map((d) => d.margin);
}

/** What one payment brought as income. */
export interface PaymentIncome {
  id: number;
  tanggal: string;
  /**
   * Margin or profit share received: within a Murabahah instalment a payment covers the margin
   * before the principal (the ledger's split); a Mudharabah `bagi_hasil` payment is all profit share.
   */
  diterima: number;
  /**
   * Margin or profit share recognised as income: a Murabahah payment recognises the margin part,
   * under the institution's method, of what it paid of each instalment (in proportion to the cash
   * collected, PSAK 102); a Mudharabah's profit share when received.
   */
  diakui: number;
  /** Margin a settlement (pelunasan) did not collect: never income. */
  dibebaskan: number;
}

export interface LoanIncome {
  /** The margin fixed in the akad (Murabahah); 0 for a Mudharabah, whose profit share is not. */
  margin: number;
  payments: PaymentIncome[];
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

function murabahahIncome(loan: LedgerLoan, payments: readonly LedgerPayment[], metode: MetodePengakuanMargin): LoanIncome {
  const { dues, steps } = murabahahAllocation(loan, payments);
  const amounts = dues.map((d) => d.pokok + d.margin);
  const recognisable = methodMargins(dues, loan.jumlah, metode);
  const paid = dues.map(() => 0);
  const recognisedOf = (i: number, cash: number) => mulDivFloor(cash, recognisable[i]!, amounts[i]!);
  const margin = dues.reduce((sum, d) => sum + d.margin, 0);
  const result: PaymentIncome[] = [];
  for (const { payment, parts, settles } of steps) {
    if (settles) {
      // The principal still owed comes first; what the settlement paid above it is margin, up to
      // the margin left; the rest of that margin is not collected (fatwa 153/2022, issue 27).
      const principalLeft = (split: (i: number) => number) =>
        dues.reduce((sum, d, i) => sum + d.pokok - Math.max(0, paid[i]! - split(i)), 0);
      const ledgerMarginLeft = dues.reduce((sum, d, i) => sum + d.margin - Math.min(paid[i]!, d.margin), 0);
      const methodMarginLeft = dues.reduce((sum, _, i) => sum + recognisable[i]! - recognisedOf(i, paid[i]!), 0);
      const methodPrincipalLeft = dues.reduce((sum, _, i) => sum + amounts[i]! - paid[i]!, 0) - methodMarginLeft;
      const diakui = clamp(payment.jumlah - methodPrincipalLeft, methodMarginLeft);
      result.push({
        id: payment.id,
        tanggal: payment.tanggal,
        diterima: clamp(payment.jumlah - principalLeft((i) => dues[i]!.margin), ledgerMarginLeft),
        diakui,
        dibebaskan: methodMarginLeft - diakui,
      });
      for (const [i, amount] of parts) paid[i]! += amount;
      continue;
    }
    let diterima = 0;
    let diakui = 0;
    for (const [i, amount] of parts) {
      const before = paid[i]!;
      const after = before + amount;
      diterima += Math.min(after, dues[i]!.margin) - Math.min(before, dues[i]!.margin);
      diakui += recognisedOf(i, after) - recognisedOf(i, before);
      paid[i] = after;
    }
    result.push({ id: payment.id, tanggal: payment.tanggal, diterima, diakui, dibebaskan: 0 });
  }
  return { margin, payments: result };
}

function mudharabahIncome(loan: LedgerLoan, payments: readonly LedgerPayment[]): LoanIncome {
  const ordered = [...payments].sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id));
  let returned = 0;
  const result = ordered.map((payment): PaymentIncome => {
    let profit = 0;
    if (payment.jenis === 'bagi_hasil') profit = payment.jumlah;
    else if (payment.jenis === 'pelunasan') profit = Math.max(0, payment.jumlah - Math.max(0, loan.jumlah - returned));
    if (payment.jenis !== 'bagi_hasil') returned += payment.jumlah - profit;
    return { id: payment.id, tanggal: payment.tanggal, diterima: profit, diakui: profit, dibebaskan: 0 };
  });
  return { margin: 0, payments: result };
}

/**
 * The income each payment of a loan brought (any order in; date, then id order out). A Murabahah
 * payment after the settlement, or beyond the whole obligation, brings none.
 */
export function loanIncome(loan: LedgerLoan, payments: readonly LedgerPayment[], metode: MetodePengakuanMargin): LoanIncome {
  return loan.tipe === 'pokok' ? murabahahIncome(loan, payments, metode) : mudharabahIncome(loan, payments);
}

/**
 * The margin deferred (margin murabahah ditangguhkan) at the end of a day: the akad's margin less
 * what was recognised or waived by then. Nothing for a loan granted later, or for one closed by
 * then (`closedOn`: the date of its last payment when its status is lunas).
 */
export function deferredMargin(
  loan: { tanggal_pinjam: string },
  income: LoanIncome,
  endOfDay: string,
  closedOn: string | null,
): number {
  if (loan.tanggal_pinjam > endOfDay || (closedOn !== null && closedOn <= endOfDay)) return 0;
  let done = 0;
  for (const p of income.payments) if (p.tanggal <= endOfDay) done += p.diakui + p.dibebaskan;
  return Math.max(0, income.margin - done);
}
