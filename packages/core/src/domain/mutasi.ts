/**
 * Money events of a loan (mutasi pinjaman, issue 47 "one writer of money"): every change of what a
 * loan's contract asks, of what the customer paid and of how it was split is one immutable row of
 * these parts, written by the server's money module in the transaction of the change. A correction
 * is a reversing row and a new one; nothing is updated or deleted. The books (journals per PSAK
 * 102/105) are built on these rows.
 *
 * The parts are cumulative figures of the loan's position (core `loanPosition`), so that the events
 * can never disagree with the figures shown: the sum of a loan's events is its position, and each
 * event is the position after it less the sum of the events before it. docs/glossary.md ("Money
 * events") gives each part with its formula.
 */
import { isDisbursed } from './types';
import type { LedgerLoan, LedgerPayment } from './ledger';
import type { MetodePengakuanMargin } from './margin';
import { loanPosition, type LoanPosition } from './posisi';

/** What a money event moved, in whole rupiah, signed (a reversal carries the opposite signs). */
export interface MutasiParts {
  /** Cash: received (+) or paid out (−, the disbursement at akad). */
  kas: number;
  /** The principal the akad lends (Murabahah: the goods' cost; Mudharabah: the capital). */
  pokok_akad: number;
  /** The margin the akad fixes (Murabahah; a rescheduling changes it); 0 for a Mudharabah. */
  margin_akad: number;
  /** Principal repaid. */
  pokok: number;
  /** Margin paid (under the institution's recognition method). */
  margin: number;
  /** Profit share paid (Mudharabah). */
  bagi_hasil: number;
  /** Paid beyond everything the loan asks (held for the customer). */
  lebih_bayar: number;
  /** Margin a settlement did not charge: the months not begun (fatwa 153/2022) and the khasm. */
  margin_dibebaskan: number;
  /** Principal a settlement closed without collecting it. */
  pokok_dihapus: number;
  /** Other money received for the loan that is not financing: ta'zir (dana kebajikan), ta'widh. */
  lain: number;
  /**
   * Principal taken off the books by a write-off (hapus buku) while the customer still owes it:
   * while the loan is written off, the principal still owed (a recovery lowers both).
   */
  hapus_buku_pokok: number;
  /** Margin (receivable, not yet earned) taken off the books by a write-off; as `hapus_buku_pokok`. */
  hapus_buku_margin: number;
  /** What the customer paid of the claim after the write-off: income of its own kind, not margin. */
  pemulihan: number;
}

export const mutasiPartNames = [
  'kas',
  'pokok_akad',
  'margin_akad',
  'pokok',
  'margin',
  'bagi_hasil',
  'lebih_bayar',
  'margin_dibebaskan',
  'pokok_dihapus',
  'lain',
  'hapus_buku_pokok',
  'hapus_buku_margin',
  'pemulihan',
] as const satisfies readonly (keyof MutasiParts)[];

/** The kinds of money event. */
export const jenisMutasi = [
  /** The financing is granted and disbursed (a loan created active, or approved). */
  'akad',
  /** A payment recorded (an instalment, principal, profit share). */
  'pembayaran',
  /** A payment that settles the loan (its early-settlement quote, muqasah and khasm included). */
  'pelunasan',
  /** The exact opposite of an earlier event (a payment corrected or cancelled): `membalik_id`. */
  'pembalikan',
  /** A rescheduling changed what the contract asks (issue 27 D). */
  'penjadwalan',
  /**
   * What the loan's figures moved without a payment of their own: terms corrected, the margin
   * recognition method changed, other payments re-allocated after one was corrected.
   */
  'penyesuaian',
  /** The loan record was deleted: everything it held is taken back. */
  'pembatalan',
  /** Ta'zir received from the customer (for the dana kebajikan, never income). */
  'tazir',
  /** Ta'widh received: a real, documented cost of the default recovered. */
  'tawidh',
  /** The loan written off (hapus buku) after approval: off the books, still owed by the customer. */
  'hapus_buku',
  /** A payment on a loan written off (a recovery), or its reversal's re-allocation. */
  'pemulihan',
] as const;
export type JenisMutasi = (typeof jenisMutasi)[number];

export const ZERO_PARTS: Readonly<MutasiParts> = Object.freeze({
  kas: 0,
  pokok_akad: 0,
  margin_akad: 0,
  pokok: 0,
  margin: 0,
  bagi_hasil: 0,
  lebih_bayar: 0,
  margin_dibebaskan: 0,
  pokok_dihapus: 0,
  lain: 0,
  hapus_buku_pokok: 0,
  hapus_buku_margin: 0,
  pemulihan: 0,
});

/** a − b, part by part. */
export function partsDifference(a: MutasiParts, b: MutasiParts): MutasiParts {
  const out = { ...ZERO_PARTS };
  for (const name of mutasiPartNames) out[name] = a[name] - b[name];
  return out;
}

/** The sum of events, part by part. */
export function partsSum(events: Iterable<MutasiParts>): MutasiParts {
  const out = { ...ZERO_PARTS };
  for (const event of events) for (const name of mutasiPartNames) out[name] += event[name];
  return out;
}

/** The same event with every sign turned: what a reversal posts. */
export const partsNegated = (parts: MutasiParts): MutasiParts => partsDifference(ZERO_PARTS, parts);

export const partsAreZero = (parts: MutasiParts) => mutasiPartNames.every((name) => parts[name] === 0);

/** What the payments paid of the customer's claim: principal, margin and profit share. */
const claimPaid = (p: LoanPosition) => p.pokok_terbayar + p.margin_terbayar + p.bagi_hasil_terbayar;

/**
 * What a loan's events must add up to (without `lain`, which no position holds): its position as
 * cumulative parts. A loan not disbursed (waiting for approval, rejected) or deleted holds nothing.
 * A loan written off (`hapusBuku`: its position with the payments the write-off counted) holds off
 * the books what it is still owed (`hapus_buku_pokok`, `hapus_buku_margin`: its remaining principal
 * and margin, so that nothing of it stays on the books), and what was paid of the claim since as
 * `pemulihan`.
 */
export function positionParts(
  loan: LedgerLoan & { deleted?: boolean },
  position: LoanPosition,
  payments: readonly Pick<LedgerPayment, 'jumlah'>[],
  hapusBuku?: { position: LoanPosition } | null,
): MutasiParts {
  if (loan.deleted || !isDisbursed(loan.status)) return { ...ZERO_PARTS };
  const paid = payments.reduce((total, p) => total + p.jumlah, 0);
  return {
    kas: paid - loan.jumlah,
    pokok_akad: loan.jumlah,
    margin_akad: position.margin_akad,
    pokok: position.pokok_terbayar,
    margin: position.margin_terbayar,
    bagi_hasil: position.bagi_hasil_terbayar,
    lebih_bayar: position.lebih_bayar,
    margin_dibebaskan: position.margin_tidak_ditagih,
    pokok_dihapus: position.pokok_tidak_tertagih,
    lain: 0,
    hapus_buku_pokok: hapusBuku ? position.sisa_pokok : 0,
    hapus_buku_margin: hapusBuku ? position.sisa_margin : 0,
    pemulihan: hapusBuku ? claimPaid(position) - claimPaid(hapusBuku.position) : 0,
  };
}

/**
 * The event that brings a loan's events (`posted`: their sum) to its position now: the position's
 * parts less what was posted, `lain` and the cash that came with it left aside (they are posted as
 * they are received, and no position holds them).
 */
export function nextEventParts(target: MutasiParts, posted: MutasiParts): MutasiParts {
  const parts = partsDifference(target, { ...posted, kas: posted.kas - posted.lain, lain: 0 });
  return { ...parts, lain: 0 };
}

/**
 * Remaining principal and margin of a loan from the sum of its events (what the stored balances
 * equal: what the customer still owes of them, a loan written off included), and what of them is
 * still on the institution's books (`*_buku`: 0 once written off).
 */
export function balancesOfParts(parts: MutasiParts) {
  const sisaPokok = parts.pokok_akad - parts.pokok - parts.pokok_dihapus;
  const sisaMargin = parts.margin_akad - parts.margin - parts.margin_dibebaskan;
  return {
    sisa_pokok: sisaPokok,
    sisa_margin: sisaMargin,
    sisa_pokok_buku: sisaPokok - parts.hapus_buku_pokok,
    sisa_margin_buku: sisaMargin - parts.hapus_buku_margin,
  };
}

/** One derived event of an existing loan's history (`deriveLoanEvents`). */
export interface DerivedEvent {
  jenis: Extract<JenisMutasi, 'akad' | 'pembayaran' | 'pelunasan'>;
  tanggal: string;
  pembayaran_id: number | null;
  parts: MutasiParts;
}

const byDateThenId = (a: LedgerPayment, b: LedgerPayment) =>
  a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id;

/**
 * The events of a loan recorded before the money module existed (its migration, the scale seeder,
 * a restore of an older archive): the akad on its date, then each living payment in date order, as
 * the position after it less the position before it. Their sum is the loan's position now.
 */
export function deriveLoanEvents(
  loan: LedgerLoan & { deleted?: boolean },
  payments: readonly LedgerPayment[],
  today: string,
  metode: MetodePengakuanMargin,
): DerivedEvent[] {
  if (loan.deleted || !isDisbursed(loan.status)) return [];
  const ordered = [...payments].sort(byDateThenId);
  const events: DerivedEvent[] = [];
  let before = positionParts(loan, loanPosition(loan, [], today, metode), []);
  events.push({ jenis: 'akad', tanggal: loan.tanggal_pinjam, pembayaran_id: null, parts: before });
  for (let k = 1; k <= ordered.length; k += 1) {
    const prefix = ordered.slice(0, k);
    const after = positionParts(loan, loanPosition(loan, prefix, today, metode), prefix);
    const payment = ordered[k - 1]!;
    events.push({
      jenis: payment.jenis === 'pelunasan' ? 'pelunasan' : 'pembayaran',
      tanggal: payment.tanggal,
      pembayaran_id: payment.id,
      parts: partsDifference(after, before),
    });
    before = after;
  }
  return events;
}

/**
 * What cancelling or correcting a payment posts: the exact opposite of its event (so that the
 * books reverse the very journal they made), then, when taking it away moved the split of the
 * loan's other payments (they fill the instalments in date order), one adjustment that brings the
 * events to the position without it. `posted` is the sum of the loan's events before the reversal.
 */
export function reversalOf(original: MutasiParts, target: MutasiParts, posted: MutasiParts) {
  const pembalikan = partsNegated(original);
  const rest = nextEventParts(target, partsSum([posted, pembalikan]));
  return { pembalikan, penyesuaian: partsAreZero(rest) ? null : rest };
}
