/**
 * The position of one loan (issue 47, "one truth for every money figure"): what the customer has
 * paid of the principal and of the margin or profit share, what is left of each, and what the
 * customer still owes, from the loan's terms and its living payments. Every screen, document,
 * report and message that shows one of these figures reads it from here (through the balances the
 * server stores with every write); the definitions, with their formulas, are in docs/glossary.md
 * ("Money figures"), and docs/decisions/money-figures.md says where they replace the
 * specification's formulas and why.
 *
 * It is built on the two rules the product already applies to every payment, so that the figures
 * cannot disagree with them:
 * - the instalment ledger's allocation (core `murabahahAllocation`): which instalment each rupiah
 *   paid went to, a `pelunasan` closing the loan;
 * - the income rule (core `loanIncome`, PSAK 102 and fatwa 84/2012): how much of what was paid to an
 *   instalment is margin, under the institution's recognition method, and how much margin a
 *   settlement did not charge (fatwa 153/2022).
 * Principal paid is then what was paid to the schedule less the margin it carried: the receivable
 * less its deferred margin, as the books will show it.
 */
import { loanLedger, murabahahAllocation, type LedgerLoan, type LedgerPayment } from './ledger';
import { isValidDurasi } from './murabahah';
import { cappedPercent } from './money';
import { loanIncome, murabahahIncomeOf } from './pendapatan';
import type { MetodePengakuanMargin } from './margin';

export interface LoanPosition {
  /**
   * What the akad obliges in all: principal + the akad's margin (Murabahah: the schedule's sum);
   * the principal alone for a Mudharabah, whose profit share follows the business's results.
   */
  total_kewajiban: number;
  /** The margin fixed in the akad (Murabahah); 0 for a Mudharabah. */
  margin_akad: number;
  /** Principal repaid: what was paid to the schedule less the margin it carried. */
  pokok_terbayar: number;
  /** Margin the payments carried (recognised under the institution's method; Murabahah). */
  margin_terbayar: number;
  /** Profit share paid (Mudharabah): bagi hasil payments and what a settlement paid above the principal. */
  bagi_hasil_terbayar: number;
  /** Margin a settlement did not charge: the months not begun (fatwa 153/2022) and the khasm. */
  margin_tidak_ditagih: number;
  /** Principal a settlement closed without collecting it (a settlement paid below the principal left). */
  pokok_tidak_tertagih: number;
  /** Principal still owed: jumlah − pokok_terbayar; 0 once settled. */
  sisa_pokok: number;
  /** Margin still owed under the akad: margin_akad − margin_terbayar; 0 once settled. */
  sisa_margin: number;
  /** Profit share due and not paid by today (Mudharabah); 0 for a Murabahah. */
  bagi_hasil_tertunggak: number;
  /** What the customer still owes: sisa_pokok + sisa_margin + bagi_hasil_tertunggak. */
  sisa_kewajiban: number;
  /** Paid beyond everything the loan asked (after a settlement, or above the whole obligation). */
  lebih_bayar: number;
  /** Instalments paid in full (Murabahah with a schedule); null without one. */
  angsuran_lunas: number | null;
  /** Instalments not paid in full (0 once settled); null without a schedule. */
  sisa_angsuran: number | null;
  /** pokok_terbayar as a percentage of jumlah (0–100). */
  progres_persen: number;
  /** A `pelunasan` closed the loan. */
  dilunasi: boolean;
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

function murabahahPosition(loan: LedgerLoan, payments: readonly LedgerPayment[], metode: MetodePengakuanMargin): LoanPosition {
  const allocation = murabahahAllocation(loan, payments);
  const { dues, steps } = allocation;
  const income = murabahahIncomeOf(loan, allocation, metode);
  const amounts = dues.map((d) => d.pokok + d.margin);
  const marginAkad = sum(dues.map((d) => d.margin));
  const principal = sum(dues.map((d) => d.pokok));
  const paid = dues.map(() => 0);
  let applied = 0;
  let pokokTidakTertagih = 0;
  let dilunasi = false;
  for (const step of steps) {
    const owedBefore = sum(amounts) - sum(paid);
    for (const [i, amount] of step.parts) paid[i]! += amount;
    if (!step.settles) {
      applied += sum(step.parts.map(([, amount]) => amount));
      continue;
    }
    // A settlement pays the principal left first, then margin up to the margin left (the income
    // rule); what it leaves of the principal was closed without being collected.
    dilunasi = true;
    const settlement = income.payments.find((p) => p.id === step.payment.id)!;
    const marginLeft = settlement.diakui + settlement.dibebaskan;
    // Margin paid ahead of the months begun, reversed by the settlement, was principal repaid.
    const ahead = Math.max(0, -settlement.diakui);
    const principalLeft = owedBefore - marginLeft - ahead;
    applied += Math.min(step.payment.jumlah, owedBefore);
    pokokTidakTertagih = Math.max(0, principalLeft - step.payment.jumlah);
  }
  const marginTerbayar = sum(income.payments.map((p) => p.diakui));
  const marginTidakDitagih = sum(income.payments.map((p) => p.dibebaskan));
  const pokokTerbayar = applied - marginTerbayar;
  const sisaPokok = dilunasi ? 0 : principal - pokokTerbayar;
  const sisaMargin = dilunasi ? 0 : marginAkad - marginTerbayar;
  const lunasCount = dues.filter((_, i) => paid[i] === amounts[i]).length;
  return {
    total_kewajiban: principal + marginAkad,
    margin_akad: marginAkad,
    pokok_terbayar: pokokTerbayar,
    margin_terbayar: marginTerbayar,
    bagi_hasil_terbayar: 0,
    margin_tidak_ditagih: marginTidakDitagih,
    pokok_tidak_tertagih: pokokTidakTertagih,
    sisa_pokok: sisaPokok,
    sisa_margin: sisaMargin,
    bagi_hasil_tertunggak: 0,
    sisa_kewajiban: sisaPokok + sisaMargin,
    lebih_bayar: sum(payments.map((p) => p.jumlah)) - applied,
    angsuran_lunas: dilunasi ? dues.length : lunasCount,
    sisa_angsuran: dilunasi ? 0 : dues.length - lunasCount,
    progres_persen: cappedPercent(pokokTerbayar, principal),
    dilunasi,
  };
}

/**
 * A Murabahah without a valid term (old data): it has no schedule, so no margin can be told apart
 * from principal; every payment is taken as principal, up to jumlah, and nothing else is owed.
 */
function unscheduledPosition(loan: LedgerLoan, payments: readonly LedgerPayment[]): LoanPosition {
  const dilunasi = payments.some((p) => p.jenis === 'pelunasan');
  const total = sum(payments.map((p) => p.jumlah));
  const pokokTerbayar = Math.min(loan.jumlah, total);
  const sisaPokok = dilunasi ? 0 : loan.jumlah - pokokTerbayar;
  return {
    total_kewajiban: loan.jumlah,
    margin_akad: 0,
    pokok_terbayar: pokokTerbayar,
    margin_terbayar: 0,
    bagi_hasil_terbayar: 0,
    margin_tidak_ditagih: 0,
    pokok_tidak_tertagih: dilunasi ? loan.jumlah - pokokTerbayar : 0,
    sisa_pokok: sisaPokok,
    sisa_margin: 0,
    bagi_hasil_tertunggak: 0,
    sisa_kewajiban: sisaPokok,
    lebih_bayar: total - pokokTerbayar,
    angsuran_lunas: null,
    sisa_angsuran: null,
    progres_persen: cappedPercent(pokokTerbayar, loan.jumlah),
    dilunasi,
  };
}

function mudharabahPosition(loan: LedgerLoan, payments: readonly LedgerPayment[], today: string): LoanPosition {
  const income = loanIncome(loan, payments, 'proporsional');
  const profitOf = new Map(income.payments.map((p) => [p.id, p.diakui]));
  const bagiHasil = sum(income.payments.map((p) => p.diakui));
  const returned = sum(payments.filter((p) => p.jenis !== 'bagi_hasil').map((p) => p.jumlah - (profitOf.get(p.id) ?? 0)));
  const dilunasi = payments.some((p) => p.jenis === 'pelunasan');
  const pokokTerbayar = Math.min(loan.jumlah, returned);
  const sisaPokok = dilunasi ? 0 : loan.jumlah - pokokTerbayar;
  const tertunggak = dilunasi ? 0 : loanLedger(loan, payments, today).summary.tunggakan_bagi_hasil;
  return {
    total_kewajiban: loan.jumlah,
    margin_akad: 0,
    pokok_terbayar: pokokTerbayar,
    margin_terbayar: 0,
    bagi_hasil_terbayar: bagiHasil,
    margin_tidak_ditagih: 0,
    pokok_tidak_tertagih: dilunasi ? loan.jumlah - pokokTerbayar : 0,
    sisa_pokok: sisaPokok,
    sisa_margin: 0,
    bagi_hasil_tertunggak: tertunggak,
    sisa_kewajiban: sisaPokok + tertunggak,
    lebih_bayar: returned - pokokTerbayar,
    angsuran_lunas: null,
    sisa_angsuran: null,
    progres_persen: cappedPercent(pokokTerbayar, loan.jumlah),
    dilunasi,
  };
}

/**
 * The position of a loan from its living payments (any order) on `today` (`YYYY-MM-DD`, Jakarta:
 * only a Mudharabah's profit share in arrears depends on it), with the institution's margin
 * recognition method (the one its income report and settlement quotes use).
 */
export function loanPosition(
  loan: LedgerLoan,
  payments: readonly LedgerPayment[],
  today: string,
  metode: MetodePengakuanMargin = 'proporsional',
): LoanPosition {
  if (loan.tipe !== 'pokok') return mudharabahPosition(loan, payments, today);
  if (!loan.jadwal_ulang?.jadwal.length && !isValidDurasi(loan.durasi_angsuran)) return unscheduledPosition(loan, payments);
  return murabahahPosition(loan, payments, metode);
}
