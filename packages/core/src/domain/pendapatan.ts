/**
 * Income from financing (Laporan Pendapatan, issue 26 A): the margin (Murabahah) and profit share
 * (Mudharabah) each payment brought, received and recognised, and the margin still deferred. The
 * rules, their sources (PSAK 102, DSN-MUI fatwa 84/DSN-MUI/XII/2012) and a worked example are in
 * docs/domain.md ("Income").
 */
import { murabahahAllocation, type LedgerLoan, type LedgerPayment } from './ledger';
import { mulDivFloor } from './money';
import { methodMargins, periodsBegun, type MetodePengakuanMargin } from './margin';

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

/** A Murabahah's income from its allocation (core `murabahahAllocation`), for a caller that has it already. */
export function murabahahIncomeOf(
  loan: LedgerLoan,
  { dues, steps }: ReturnType<typeof murabahahAllocation>,
  metode: MetodePengakuanMargin,
): LoanIncome {
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
      // The institution keeps the margin of the months begun on the settlement day (fatwa
      // 153/2022): margin that instalments paid ahead carried for months not begun was principal
      // repaid, and its recognition is reversed here unless the settlement pays it again (issue 47).
      // A settlement paid below the principal left reverses nothing more: that shortfall is
      // principal not collected (a credit loss), not income given back.
      const begun = periodsBegun(
        loan.tanggal_pinjam,
        dues.map((d) => d.jatuh_tempo),
        payment.tanggal,
      );
      const marginBegun = recognisable.slice(0, begun).reduce((sum, m) => sum + m, 0);
      const recognisedBefore = dues.reduce((sum, _, i) => sum + recognisedOf(i, paid[i]!), 0);
      const ahead = Math.max(0, recognisedBefore - marginBegun);
      // Principal first (the margin paid ahead is principal now), then margin up to all that is left.
      const charged = clamp(payment.jumlah - (methodPrincipalLeft - ahead), methodMarginLeft + ahead);
      result.push({
        id: payment.id,
        tanggal: payment.tanggal,
        diterima: clamp(payment.jumlah - principalLeft((i) => dues[i]!.margin), ledgerMarginLeft),
        diakui: charged - ahead,
        dibebaskan: methodMarginLeft + ahead - charged,
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
  return loan.tipe === 'pokok'
    ? murabahahIncomeOf(loan, murabahahAllocation(loan, payments), metode)
    : mudharabahIncome(loan, payments);
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
