/**
 * The instalment ledger of one loan (issue 23): what was due when, what the payments covered, and
 * what is in arrears on a given day. Pure: the loan's terms, its payments and today's date in,
 * the instalments and the summary out. The allocation rules, with worked examples, are in
 * docs/domain.md ("The instalment ledger").
 */
import { addMonths, daysBetween } from './calendar';
import { isValidDurasi } from './murabahah';
import { mudharabahProfitPerPeriod } from './mudharabah';
import { divRoundHalfUp, mulDivFloor } from './money';
import { methodMargins, type MetodePengakuanMargin } from './margin';
import { buildMurabahahSchedule } from './schedule';
import { isDisbursed, type JenisPembayaran, type TipePinjaman } from './types';

/** The state of one instalment (the spec's payment status labels). */
export type InstalmentState = 'lunas' | 'sebagian' | 'belum' | 'terlambat';

/** One instalment of the ledger. */
export interface LedgerInstalment {
  angsuran_ke: number;
  /** Due date `YYYY-MM-DD`. */
  jatuh_tempo: string;
  /** Amount due = pokok + margin + bagi_hasil. */
  jumlah: number;
  /** Principal part. */
  pokok: number;
  /** Margin part (Murabahah; 0 for Mudharabah). */
  margin: number;
  /** Profit share due (Mudharabah; 0 for Murabahah). */
  bagi_hasil: number;
  /** What the payments paid of this instalment (cash; a settlement's cash fills the oldest first). */
  terbayar: number;
  /**
   * What a settlement closed of this instalment without it being paid: the margin of the months not
   * begun (fatwa 153/2022), the khasm, a shortfall (issue 47: the schedule no longer shows a settled
   * loan as paid in full).
   */
  tidak_ditagih: number;
  /** jumlah − terbayar − tidak_ditagih. */
  sisa: number;
  status: InstalmentState;
  /** Days past the due date while not fully paid; 0 otherwise. */
  hari_terlambat: number;
}

/** The loan's arrears on the day asked for. */
export interface LedgerSummary {
  /** Principal of the instalments past due and not paid. */
  tunggakan_pokok: number;
  /** Margin of those instalments (Murabahah). */
  tunggakan_margin: number;
  /** Profit share of those instalments (Mudharabah). */
  tunggakan_bagi_hasil: number;
  tunggakan_total: number;
  /** How many instalments are past due and not fully paid. */
  angsuran_tertunggak: number;
  /** Today minus the oldest due date not fully paid; 0 when nothing is past due. */
  hari_tunggakan: number;
  /** The oldest due date not fully paid that has passed; null when nothing is past due. */
  jatuh_tempo_tertua: string | null;
  /** The first instalment not fully paid that is due today or later. */
  jatuh_tempo_berikutnya: string | null;
  /** What is still owed of that instalment. */
  jumlah_berikutnya: number | null;
}

export interface LoanLedger {
  instalments: LedgerInstalment[];
  summary: LedgerSummary;
}

/** One line of a Murabahah's schedule as a rescheduling froze it (issue 27 D). */
export interface JadwalLine {
  jatuh_tempo: string;
  pokok: number;
  margin: number;
}

/** The loan fields the ledger reads. */
export interface LedgerLoan {
  tipe: TipePinjaman;
  jumlah: number;
  persentase: number;
  durasi_angsuran?: number | null;
  tanggal_pinjam: string;
  status: string;
  /**
   * A Murabahah rescheduled (penjadwalan kembali, issue 27 D): its whole schedule as the last
   * rescheduling set it (the lines already paid, then the new ones), replacing the akad's; null
   * or absent for a schedule never changed.
   */
  jadwal_ulang?: { jadwal: readonly JadwalLine[]; angsuran?: number } | null;
}

/** The payment fields the ledger reads. */
export interface LedgerPayment {
  id: number;
  tanggal: string;
  jenis: JenisPembayaran;
  jumlah: number;
  angsuran_ke?: number | null;
}

/** Payments grouped by their loan, in the order given: what a batch of ledgers reads. */
export function paymentsByLoan<P extends { pinjaman_id: number }>(payments: Iterable<P>): Map<number, P[]> {
  const byLoan = new Map<number, P[]>();
  for (const p of payments) {
    const list = byLoan.get(p.pinjaman_id);
    if (list) list.push(p);
    else byLoan.set(p.pinjaman_id, [p]);
  }
  return byLoan;
}

/** Bound of the Mudharabah months generated without a term (a loan a century old is not a loan). */
const MAX_MONTHS = 1200;

const byDateThenId = (a: LedgerPayment, b: LedgerPayment) =>
  a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id;

/**
 * Splits each amount of a schedule into principal and margin in the proportion of the whole
 * (jumlah : total margin), so that the principal parts add up to `principal` exactly: the k-th
 * principal part is round(principal × (a₁+…+a_k) / total) minus the same for k−1. Each part lies
 * between 0 and its amount.
 */
export function splitPrincipal(amounts: readonly number[], principal: number): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total === 0) return amounts.map(() => 0);
  const p = BigInt(principal);
  const t = BigInt(total);
  let cumulative = 0n;
  let before = 0n;
  return amounts.map((amount) => {
    cumulative += BigInt(amount);
    const upTo = divRoundHalfUp(p * cumulative, t);
    const part = upTo - before;
    before = upTo;
    return Number(part);
  });
}

interface Due {
  angsuran_ke: number;
  jatuh_tempo: string;
  pokok: number;
  margin: number;
  bagi_hasil: number;
}

/** Murabahah: the exact schedule, each instalment split into pokok and margin (a rescheduled one's as frozen). */
function murabahahDues(loan: LedgerLoan): Due[] {
  if (loan.jadwal_ulang?.jadwal.length)
    return loan.jadwal_ulang.jadwal.map((line, index) => ({ angsuran_ke: index + 1, ...line, bagi_hasil: 0 }));
  if (!isValidDurasi(loan.durasi_angsuran)) return [];
  const schedule = buildMurabahahSchedule({ ...loan, durasi_angsuran: loan.durasi_angsuran });
  const pokok = splitPrincipal(
    schedule.map((line) => line.jumlah),
    loan.jumlah,
  );
  return schedule.map((line, index) => ({
    angsuran_ke: line.angsuran_ke,
    jatuh_tempo: line.jatuh_tempo,
    pokok: pokok[index]!,
    margin: line.jumlah - pokok[index]!,
    bagi_hasil: 0,
  }));
}

/**
 * Mudharabah: a bagi hasil of jumlah × persentase / 100 every month from one month after
 * tanggal_pinjam while principal is outstanding on that date (principal returned by payments of
 * jenis pokok, angsuran and pelunasan dated before it); with a durasi the principal is due with
 * the last month of the term. Months are generated up to the first due date after `today`.
 */
function mudharabahDues(loan: LedgerLoan, payments: readonly LedgerPayment[], today: string): Due[] {
  const share = mudharabahProfitPerPeriod(loan.jumlah, loan.persentase);
  const durasi = isValidDurasi(loan.durasi_angsuran) ? loan.durasi_angsuran : null;
  const returns = payments
    .filter((p) => p.jenis !== 'bagi_hasil')
    .map((p) => ({ tanggal: p.tanggal, settles: p.jenis === 'pelunasan', jumlah: p.jumlah }));
  const dues: Due[] = [];
  for (let month = 1; month <= MAX_MONTHS; month += 1) {
    const jatuhTempo = addMonths(loan.tanggal_pinjam, month);
    const before = returns.filter((r) => r.tanggal < jatuhTempo);
    const returned = before.reduce((sum, r) => sum + r.jumlah, 0);
    if (before.some((r) => r.settles) || returned >= loan.jumlah) break;
    const pokok = durasi === month ? loan.jumlah : 0;
    dues.push({ angsuran_ke: month, jatuh_tempo: jatuhTempo, pokok, margin: 0, bagi_hasil: share });
    if (jatuhTempo > today && (durasi === null || month >= durasi)) break;
  }
  return dues;
}

/** What one payment of a Murabahah loan covered: (instalment index, amount) pairs; whether it settled the loan. */
export interface MurabahahStep {
  payment: LedgerPayment;
  parts: [index: number, amount: number][];
  settles: boolean;
}

/**
 * The allocation of a Murabahah loan's payments (in date, then id order) to its instalments: a
 * payment naming its `angsuran_ke` fills that instalment first, the rest (or all of it) fills the
 * instalments from the oldest; a `pelunasan` settles whatever is left, and later payments cover
 * nothing. What a payment pays beyond the whole obligation covers nothing either.
 */
function murabahahSteps(dues: readonly Due[], ordered: readonly LedgerPayment[]): MurabahahStep[] {
  const due = (i: number) => dues[i]!.pokok + dues[i]!.margin;
  const paid = dues.map(() => 0);
  const steps: MurabahahStep[] = [];
  const take = (parts: MurabahahStep['parts'], i: number, amount: number) => {
    if (amount <= 0) return;
    paid[i]! += amount;
    parts.push([i, amount]);
  };
  for (const payment of ordered) {
    const parts: MurabahahStep['parts'] = [];
    if (payment.jenis === 'pelunasan') {
      dues.forEach((_, i) => take(parts, i, due(i) - paid[i]!));
      steps.push({ payment, parts, settles: true });
      break;
    }
    let left = payment.jumlah;
    const k = payment.angsuran_ke;
    if (k != null && k >= 1 && k <= dues.length) {
      const amount = Math.min(left, due(k - 1) - paid[k - 1]!);
      take(parts, k - 1, amount);
      left -= Math.max(0, amount);
    }
    for (let i = 0; i < dues.length && left > 0; i += 1) {
      const amount = Math.min(left, due(i) - paid[i]!);
      take(parts, i, amount);
      left -= Math.max(0, amount);
    }
    steps.push({ payment, parts, settles: false });
  }
  return steps;
}

/**
 * A Murabahah loan's instalments (principal and margin parts, the margin in proportion to each
 * amount) and what each of its payments covered: the one allocation the ledger and the income
 * report (core `loanIncome`) both read. No instalments when the term is not valid.
 */
export function murabahahAllocation(
  loan: LedgerLoan,
  payments: readonly LedgerPayment[],
): { dues: { jatuh_tempo: string; pokok: number; margin: number }[]; steps: MurabahahStep[] } {
  const dues = murabahahDues(loan);
  return { dues, steps: murabahahSteps(dues, [...payments].sort(byDateThenId)) };
}

/** Whether the payment pays principal (Mudharabah) rather than bagi hasil. */
const paysPrincipal = (p: LedgerPayment) => p.jenis !== 'bagi_hasil';

/**
 * The ledger of one loan on `today` (`YYYY-MM-DD`, Asia/Jakarta). Payments may come in any order;
 * they are applied by date, then id.
 */
export function loanLedger(
  loan: LedgerLoan,
  payments: readonly LedgerPayment[],
  today: string,
  metode: MetodePengakuanMargin = 'proporsional',
): LoanLedger {
  const ordered = [...payments].sort(byDateThenId);
  const dues = loan.tipe === 'pokok' ? murabahahDues(loan) : mudharabahDues(loan, ordered, today);
  const paid = dues.map(() => 0);
  const paidProfit = dues.map(() => 0);
  // Each instalment's margin (Murabahah, under the institution's method) or profit share (Mudharabah).
  const profitDue = loan.tipe === 'pokok' ? methodMargins(dues, loan.jumlah, metode) : dues.map((d) => d.bagi_hasil);
  const due = (i: number) => dues[i]!.pokok + dues[i]!.margin + dues[i]!.bagi_hasil;

  /** Fills instalments from the oldest with `amount` of the parts `part` picks; returns what is left. */
  const fillOldest = (amount: number, part: (d: Due) => number, paidOf: number[]) => {
    let left = amount;
    for (let i = 0; i < dues.length && left > 0; i += 1) {
      const take = Math.min(left, part(dues[i]!) - paidOf[i]!);
      if (take > 0) {
        paidOf[i]! += take;
        left -= take;
      }
    }
    return left;
  };

  /** What a settlement closed of each instalment beyond its cash (`tidak_ditagih`). */
  const closed = dues.map(() => 0);
  /** A settlement filled `fill` of the instalments with `cash`: the cash pays the oldest first, the rest is closed. */
  const closeUnpaid = (fill: readonly number[], cash: number) => {
    let left = cash;
    fill.forEach((amount, i) => {
      const paidHere = Math.min(amount, Math.max(0, left));
      left -= paidHere;
      closed[i] = amount - paidHere;
    });
  };

  if (loan.tipe === 'pokok') {
    for (const step of murabahahSteps(dues, ordered)) {
      for (const [i, amount] of step.parts) paid[i]! += amount;
      if (step.settles) {
        const fill = dues.map(() => 0);
        for (const [i, amount] of step.parts) fill[i]! += amount;
        closeUnpaid(fill, step.payment.jumlah);
      }
    }
    // What was paid of an instalment carries its margin in proportion (the institution's method,
    // as income and the loan's position split it: issue 47), so the principal in arrears is never
    // more than the principal left.
    dues.forEach((d, i) => (paidProfit[i] = mulDivFloor(paid[i]!, profitDue[i]!, d.pokok + d.margin)));
  } else {
    // Two purses per month: bagi hasil payments fill the months' bagi hasil from the oldest,
    // principal payments fill the principal due (only with a term) until a pelunasan settles all.
    const paidShare = dues.map(() => 0);
    const paidPrincipal = dues.map(() => 0);
    for (const payment of ordered) {
      if (payment.jenis === 'pelunasan') {
        const fill = dues.map((d, i) => d.bagi_hasil - paidShare[i]! + d.pokok - paidPrincipal[i]!);
        dues.forEach((d, i) => {
          paidShare[i] = d.bagi_hasil;
          paidPrincipal[i] = d.pokok;
        });
        closeUnpaid(fill, payment.jumlah);
        break;
      }
      if (paysPrincipal(payment)) fillOldest(payment.jumlah, (d) => d.pokok, paidPrincipal);
      else fillOldest(payment.jumlah, (d) => d.bagi_hasil, paidShare);
    }
    dues.forEach((_, i) => {
      paid[i] = paidShare[i]! + paidPrincipal[i]!;
      paidProfit[i] = paidShare[i]!;
    });
  }

  // A lunas loan owes nothing; a pending or rejected one was never disbursed (issue 27 A):
  // neither has a late instalment, whatever its dates (its unpaid lines stay 'belum').
  const settled = loan.status === 'lunas' || !isDisbursed(loan.status);
  const instalments: LedgerInstalment[] = dues.map((d, i) => {
    const jumlah = due(i);
    const tidakDitagih = closed[i]!;
    const terbayar = paid[i]! - tidakDitagih;
    const sisa = jumlah - terbayar - tidakDitagih;
    const late = sisa > 0 && d.jatuh_tempo < today && !settled;
    return {
      ...d,
      jumlah,
      terbayar,
      tidak_ditagih: tidakDitagih,
      sisa,
      status: sisa === 0 ? 'lunas' : late ? 'terlambat' : terbayar > 0 ? 'sebagian' : 'belum',
      hari_terlambat: late ? daysBetween(d.jatuh_tempo, today) : 0,
    };
  });

  return { instalments, summary: summarize(loan, instalments, profitDue, paidProfit) };
}

function summarize(
  loan: LedgerLoan,
  instalments: LedgerInstalment[],
  profitDue: readonly number[],
  paidProfit: readonly number[],
): LedgerSummary {
  const summary: LedgerSummary = {
    tunggakan_pokok: 0,
    tunggakan_margin: 0,
    tunggakan_bagi_hasil: 0,
    tunggakan_total: 0,
    angsuran_tertunggak: 0,
    hari_tunggakan: 0,
    jatuh_tempo_tertua: null,
    jatuh_tempo_berikutnya: null,
    jumlah_berikutnya: null,
  };
  // A lunas or pending loan has no late line (loanLedger), and no next instalment either.
  const settled = loan.status === 'lunas' || !isDisbursed(loan.status);
  instalments.forEach((line, i) => {
    if (line.sisa === 0) return;
    if (line.status !== 'terlambat') {
      if (summary.jatuh_tempo_berikutnya === null && !settled) {
        summary.jatuh_tempo_berikutnya = line.jatuh_tempo;
        summary.jumlah_berikutnya = line.sisa;
      }
      return;
    }
    const profitLeft = profitDue[i]! - paidProfit[i]!;
    const principalLeft = line.sisa - profitLeft;
    summary.tunggakan_pokok += principalLeft;
    if (loan.tipe === 'pokok') summary.tunggakan_margin += profitLeft;
    else summary.tunggakan_bagi_hasil += profitLeft;
    summary.tunggakan_total += line.sisa;
    summary.angsuran_tertunggak += 1;
    if (summary.jatuh_tempo_tertua === null) {
      summary.jatuh_tempo_tertua = line.jatuh_tempo;
      summary.hari_tunggakan = line.hari_terlambat;
    }
  });
  return summary;
}
