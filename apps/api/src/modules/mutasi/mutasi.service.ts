import type { Kysely } from 'kysely';
import {
  angsuranPerBulan,
  classOfLoan,
  customerGrades,
  deriveLoanEvents,
  loanLedger,
  loanPosition,
  mutasiPartNames,
  nextEventParts,
  partsAreZero,
  partsSum,
  paymentsByLoan,
  positionParts,
  resolveLoanStatus,
  partsNegated,
  reversalOf,
  totalPembayaran,
  ZERO_PARTS,
  type JenisMutasi,
  type KolektibilitasBand,
  type KolektibilitasSetting,
  type MetodePengakuanMargin,
  type MutasiList,
  type MutasiParts,
  balancesOfParts,
  countedByHapusBuku,
  messages,
} from '@mizan/core';
import { notFound } from '../../lib/errors';
import { instantText } from '../../db/json-rows';
import type { DB, PinjamanRow } from '../../db/schema';
import { advanceRun, claimRun, lastFinishedRun, nextTurn } from '../../db/job-runs';
import { getKolektibilitasSetting, getPendapatanSetting } from '../settings/settings.service';
import { notifyKolektibilitasMemburuk, notifyPinjamanLunas, type Notifier } from '../notifikasi/notifikasi.service';
import * as loans from './loans.repository';
import * as repo from './mutasi.repository';

// The one writer of money (issue 47; docs/decisions/money-events.md). Every write that changes a
// loan's money (akad, payment recorded / corrected / cancelled, settlement, rescheduling, terms
// corrected, method changed, loan deleted, ta'zir and ta'widh received) goes through here, inside
// its transaction: the loan's maintained balances are computed again from its payments with the
// core formulas and stored, and the change is written as one immutable event (mutasi_pinjaman)
// whose parts are the position after it less the events before it, so that the events and the
// balances can never disagree. No other module writes a balance or an event.

/** What a money event is, besides its parts. */
export interface MoneyEvent {
  jenis: JenisMutasi;
  /** The value date (the payment's date, the akad's); today when not given. */
  tanggal?: string;
  pembayaran_id?: number | null;
  alasan?: string | null;
  userId: number | null;
  /**
   * The cash or bank account the event's cash moved through (null: cash, the role `kas`'s
   * account). Absent: a payment's event takes cash, any other the account the loan was disbursed
   * from (an akad, a correction of its terms).
   */
  akun_kas_id?: number | null;
}

/** Kinds that are written only when they moved something (a loan edit that changed no figure is no event). */
const WHEN_MOVED: ReadonlySet<JenisMutasi> = new Set(['akad', 'penyesuaian', 'penjadwalan', 'pembatalan']);

/** What a loan's maintained fields depend on besides the loan and its payments. */
interface BalanceRules {
  /** The classes' bands and whether one customer has one grade. */
  kolektibilitas: KolektibilitasSetting;
  /** The institution's margin recognition method: it splits what was paid into principal and margin. */
  metode: MetodePengakuanMargin;
}

/** The rules in force; `metode` given when it is being changed (the remembered setting may still hold the old one). */
async function balanceRules(trx: Kysely<DB>, metode?: MetodePengakuanMargin): Promise<BalanceRules> {
  const [kolektibilitas, pendapatan] = await Promise.all([getKolektibilitasSetting(trx), getPendapatanSetting(trx)]);
  return { kolektibilitas, metode: metode ?? pendapatan.metode_pengakuan_margin };
}

export type Payments = Awaited<ReturnType<typeof loans.livingPaymentsOf>>;

/**
 * A loan's maintained fields from its living payments on `today` (core formulas): what every write
 * stores, and the parts its events must add up to. `sisa_pokok` and `sisa_margin` are the loan's
 * position (core `loanPosition`); `sisa_kewajiban` is the database's sum of them and the profit
 * share in arrears.
 */
function loanBalanceOf(loan: PinjamanRow, payments: Payments, today: string, rules: BalanceRules, keepStatus: boolean) {
  const status = keepStatus ? loan.status : resolveLoanStatus(loan, payments);
  const { summary } = loanLedger({ ...loan, status }, payments, today, rules.metode);
  const position = loanPosition({ ...loan, status }, payments, today, rules.metode);
  const balances = {
    sisa_pokok: position.sisa_pokok,
    sisa_margin: position.sisa_margin,
    total_pembayaran: totalPembayaran(payments),
    angsuran_per_bulan: angsuranPerBulan(loan),
    status,
    ...summary,
    kolektibilitas: classOfLoan(summary.hari_tunggakan, status, rules.kolektibilitas.bands),
    ledger_tanggal: today,
  };
  const target = positionParts(
    { ...loan, status, deleted: loan.deleted_at !== null },
    position,
    payments,
    hapusBukuOf(loan, payments, today, rules),
  );
  return { balances, target };
}

/**
 * A loan written off: its position with the payments the write-off counted (those recorded before
 * it), from which what was recovered since is measured; null for a loan never written off.
 */
function hapusBukuOf(loan: PinjamanRow, payments: Payments, today: string, rules: BalanceRules) {
  if (loan.hapus_buku_tanggal === null) return null;
  const counted = payments.filter((p) => countedByHapusBuku(loan, p.id));
  return { position: loanPosition(loan, counted, today, rules.metode) };
}

/** A payment on a loan written off is a recovery (pemulihan): the books take it as income of its own. */
const kindOn = (loan: PinjamanRow, jenis: JenisMutasi): JenisMutasi =>
  loan.hapus_buku_tanggal !== null && (jenis === 'pembayaran' || jenis === 'pelunasan') ? 'pemulihan' : jenis;

const eventRow = (
  loan: { id: number; tipe: PinjamanRow['tipe']; akun_kas_id?: number | null },
  event: MoneyEvent,
  today: string,
  parts: MutasiParts,
): repo.NewMutasi => ({
  pinjaman_id: loan.id,
  tipe: loan.tipe,
  jenis: event.jenis,
  tanggal: event.tanggal ?? today,
  pembayaran_id: event.pembayaran_id ?? null,
  alasan: event.alasan ?? null,
  dicatat_oleh: event.userId,
  akun_kas_id:
    event.akun_kas_id !== undefined ? event.akun_kas_id : event.pembayaran_id == null ? (loan.akun_kas_id ?? null) : null,
  ...parts,
});

/**
 * The events of loans recorded before the money module, derived from their payments as they are
 * now (core `deriveLoanEvents`): the akad, then each payment in date order. Loans that already have
 * events are left alone, so that it can run again. Call it with the loans locked. Answers how many
 * loans got events (a loan not disbursed or deleted holds none).
 */
export async function ensureLoanEvents(
  trx: Kysely<DB>,
  loanIds: readonly number[],
  today: string,
  metode?: MetodePengakuanMargin,
  write: { saldo?: repo.SaldoMassal; rows?: number } = {},
) {
  if (loanIds.length === 0) return 0;
  const posted = await repo.postedOf(trx, loanIds);
  const missing = loanIds.filter((id) => !posted.has(id));
  if (missing.length === 0) return 0;
  const rules = metode ?? (await getPendapatanSetting(trx)).metode_pengakuan_margin;
  const [rows, payments] = await Promise.all([loans.findLoanRows(trx, missing), loans.livingPaymentsOfLoans(trx, missing)]);
  const byLoan = paymentsByLoan(payments);
  // Each loan's events are handed to the writer as they are derived: the statements of the
  // earlier ones run meanwhile (in order, so the ids still follow the loans).
  const writer = repo.eventWriter(trx, write);
  let derived = 0;
  for (const [index, loan] of rows.entries()) {
    // About a millisecond of computing per loan: a turn for other requests every 25 loans (PGlite
    // and the server share this thread; a batch of 500 at once held it half a second).
    if (index > 0 && index % 25 === 0) await nextTurn();
    const events = deriveLoanEvents({ ...loan, deleted: loan.deleted_at !== null }, byLoan.get(loan.id) ?? [], today, rules).map(
      (e): repo.NewMutasi => ({
        ...eventRow(loan, { jenis: e.jenis, tanggal: e.tanggal, pembayaran_id: e.pembayaran_id, userId: null }, today, e.parts),
        diturunkan: true,
      }),
    );
    if (events.length > 0) derived += 1;
    await writer.push(events);
  }
  await writer.finish();
  return derived;
}

/**
 * Locks a living loan for a money write (concurrent writes to one loan queue up) and makes sure its
 * earlier history is in events before the write adds its own. Undefined when it does not exist.
 */
export async function lockLoanForMoney(trx: Kysely<DB>, pinjamanId: number, today: string) {
  const locked = await loans.lockLoanWithEvents(trx, pinjamanId);
  if (locked && !locked.punyaMutasi) await ensureLoanEvents(trx, [pinjamanId], today);
  return locked?.loan;
}

/**
 * Posts a money event of one loan: recomputes its maintained fields from its living payments with
 * the core formulas (its sisa_pokok, total_pembayaran, automatic lunas/aktif status, ledger summary
 * and class on `today`), stores them, and writes the event that brings its events to its position.
 * Call it inside the transaction of the change, after `lockLoanForMoney` (a new loan: after its
 * insert). A loan edit passes `keepStatus`: the status staff chose by hand stands.
 */
export async function postLoanEvent(
  trx: Kysely<DB>,
  pinjamanId: number,
  today: string,
  event: MoneyEvent,
  options: {
    keepStatus?: boolean;
    notifier?: Notifier | undefined;
    /**
     * The loan's row and living payments as they stand now, when the caller holds them (a new
     * payment: the row it locked, the payments it checked plus the one it wrote, and the sums of the
     * loan's events read with them, `paymentsAndPostedOf`): not read again.
     */
    known?: { loan: PinjamanRow; payments: Payments; posted?: MutasiParts };
  } = {},
) {
  const loan = options.known?.loan ?? (await loans.findLoanRow(trx, pinjamanId));
  const payments = options.known?.payments ?? (await loans.livingPaymentsOf(trx, pinjamanId));
  const rules = await balanceRules(trx);
  const { balances, target } = loanBalanceOf(loan, payments, today, rules, options.keepStatus ?? false);
  await loans.setLoanBalance(trx, pinjamanId, balances);
  const posted = options.known?.posted ?? (await repo.postedOf(trx, [pinjamanId])).get(pinjamanId)?.parts ?? ZERO_PARTS;
  const parts = nextEventParts(target, posted);
  if (!(WHEN_MOVED.has(event.jenis) && partsAreZero(parts)))
    await repo.insertEvents(trx, [eventRow(loan, { ...event, jenis: kindOn(loan, event.jenis) }, today, parts)]);
  if (rules.kolektibilitas.satu_nasabah_satu_kualitas) await gradeCustomers(trx, [loan.nasabah_id], rules.kolektibilitas.bands);
  if (options.notifier) {
    // WhatsApp notifications of what this write changed (issue 24): recorded in its transaction,
    // written and sent after its commit (modules/reactions), so that they can never fail it.
    if (loan.status !== 'lunas' && balances.status === 'lunas') await notifyPinjamanLunas(trx, pinjamanId, today);
    await notifyKolektibilitasMemburuk(
      trx,
      [{ id: pinjamanId, lama: loan.kolektibilitas, baru: balances.kolektibilitas }],
      today,
    );
  }
  return { ...loan, ...balances };
}

/**
 * Writes a loan off (hapus buku, after its approval): the loan becomes `hapus_buku` on `today`, and
 * its event takes what the customer still owes of principal and margin off the books (they stay
 * owed). The payments recorded before count in the write-off; the ones after are recoveries. Call
 * it with the loan locked (`lockLoanForMoney`).
 */
export async function postHapusBuku(
  trx: Kysely<DB>,
  pinjamanId: number,
  today: string,
  event: { alasan: string; userId: number },
) {
  await loans.setHapusBuku(trx, pinjamanId, today, event.userId);
  return postLoanEvent(
    trx,
    pinjamanId,
    today,
    { jenis: 'hapus_buku', alasan: event.alasan, userId: event.userId },
    { keepStatus: true },
  );
}

/**
 * A payment corrected or cancelled: writes the exact opposite of its event on `pinjamanId` (the
 * loan it was on), then, when taking it away moved the split of the loan's other payments, one
 * adjustment. The caller has already changed or deleted the payment, and posts or stores the
 * loan's balances after (`postLoanEvent`).
 */
export async function reversePaymentEvent(
  trx: Kysely<DB>,
  pinjamanId: number,
  pembayaranId: number,
  today: string,
  event: { alasan: string; userId: number | null },
) {
  const loan = await loans.findLoanRow(trx, pinjamanId);
  const payments = (await loans.livingPaymentsOf(trx, pinjamanId)).filter((p) => p.id !== pembayaranId);
  const rules = await balanceRules(trx);
  const { target } = loanBalanceOf(loan, payments, today, rules, true);
  const posted = (await repo.postedOf(trx, [pinjamanId])).get(pinjamanId)?.parts ?? ZERO_PARTS;
  const original = await repo.liveEventOfPayment(trx, pembayaranId);
  if (!original || original.pinjaman_id !== pinjamanId) {
    // No event of it on this loan (cannot happen once the loan's history is derived): what moved is one adjustment.
    const parts = nextEventParts(target, posted);
    if (!partsAreZero(parts)) await repo.insertEvents(trx, [eventRow(loan, { jenis: 'penyesuaian', ...event }, today, parts)]);
    return;
  }
  const { pembalikan, penyesuaian } = reversalOf(partsOf(original), target, posted);
  const rows: repo.NewMutasi[] = [
    {
      ...eventRow(
        loan,
        {
          jenis: 'pembalikan',
          tanggal: original.tanggal,
          pembayaran_id: pembayaranId,
          akun_kas_id: original.akun_kas_id,
          ...event,
        },
        today,
        pembalikan,
      ),
      membalik_id: original.id,
      dibalik: original.jenis,
    },
  ];
  if (penyesuaian)
    rows.push(eventRow(loan, { jenis: 'penyesuaian', alasan: ALOKASI_ULANG, userId: event.userId }, today, penyesuaian));
  await repo.insertEvents(trx, rows);
}

/**
 * A payment cancelled: the exact opposite of its event on `pinjamanId`, nothing more. The caller's
 * `postLoanEvent` (an adjustment, `ALOKASI_ULANG`) then posts what taking it away moved of the other
 * payments' split: one reading of the loan and its payments instead of two (a correction needs
 * `reversePaymentEvent`, which keeps that adjustment apart from the corrected payment's new event).
 */
export async function cancelPaymentEvent(
  trx: Kysely<DB>,
  pinjamanId: number,
  pembayaranId: number,
  today: string,
  event: { alasan: string; userId: number | null },
) {
  const original = await repo.liveEventOfPayment(trx, pembayaranId);
  // No event of it on this loan (cannot happen once the loan's history is derived): the adjustment posts all that moved.
  if (!original || original.pinjaman_id !== pinjamanId) return;
  await repo.insertEvents(trx, [
    {
      ...eventRow(
        { id: pinjamanId, tipe: original.tipe },
        {
          jenis: 'pembalikan',
          tanggal: original.tanggal,
          pembayaran_id: pembayaranId,
          akun_kas_id: original.akun_kas_id,
          ...event,
        },
        today,
        partsNegated(partsOf(original)),
      ),
      membalik_id: original.id,
      dibalik: original.jenis,
    },
  ]);
}

/** Why an adjustment follows a reversal. */
export const ALOKASI_ULANG = 'Alokasi ulang pembayaran lain setelah koreksi';

const partsOf = (row: MutasiParts): MutasiParts => {
  const parts = { ...ZERO_PARTS };
  for (const name of mutasiPartNames) parts[name] = Number(row[name]);
  return parts;
};

/**
 * Money received for a loan that is not financing (ta'zir for the dana kebajikan, ta'widh): one
 * event of its cash, which no balance holds.
 */
export async function postCashEvent(
  trx: Kysely<DB>,
  pinjamanId: number,
  today: string,
  event: {
    jenis: 'tazir' | 'tawidh';
    tanggal: string;
    jumlah: number;
    tazir_id?: number;
    tawidh_id?: number;
    userId: number | null;
  },
) {
  await ensureLoanEvents(trx, [pinjamanId], today);
  const loan = await loans.findLoanRow(trx, pinjamanId);
  await repo.insertEvents(trx, [
    {
      ...eventRow(loan, { jenis: event.jenis, tanggal: event.tanggal, userId: event.userId, akun_kas_id: null }, today, {
        ...ZERO_PARTS,
        kas: event.jumlah,
        lain: event.jumlah,
      }),
      tazir_id: event.tazir_id ?? null,
      tawidh_id: event.tawidh_id ?? null,
    },
  ]);
}

/**
 * The money events of many loans at once (an import, a method change), 500 loans per read and per
 * write: the same figures `postLoanEvent` stores for one, the automatic status included, then "one
 * customer, one grade" for their customers when it is on. `paymentIds` (an import of payments)
 * posts one event per new payment, in date order; otherwise each loan gets one event of `event`'s
 * kind when it moved. Call it inside the transaction that wrote the change, the loans' earlier
 * history already in events (`ensureLoanEvents` before the change). Answers the loans whose status
 * moved.
 */
export async function postLoanEvents(
  trx: Kysely<DB>,
  pinjamanIds: readonly number[],
  today: string,
  event: MoneyEvent,
  options: { metode?: MetodePengakuanMargin; paymentIds?: ReadonlySet<number> } = {},
) {
  const rules = await balanceRules(trx, options.metode);
  const customers = new Set<number>();
  const moved: { id: number; jumlah: number; lama: string; baru: string }[] = [];
  for (let start = 0; start < pinjamanIds.length; start += 500) {
    const ids = pinjamanIds.slice(start, start + 500);
    const [rows, payments, posted] = await Promise.all([
      loans.findLoanRows(trx, ids),
      loans.livingPaymentsOfLoans(trx, ids),
      repo.postedOf(trx, ids),
    ]);
    const byLoan = paymentsByLoan(payments);
    const balances: (ReturnType<typeof loanBalanceOf>['balances'] & { id: number })[] = [];
    const events: repo.NewMutasi[] = [];
    for (const [index, loan] of rows.entries()) {
      if (index > 0 && index % 25 === 0) await nextTurn();
      const all = byLoan.get(loan.id) ?? [];
      let sum = posted.get(loan.id)?.parts ?? ZERO_PARTS;
      if (options.paymentIds) {
        // Each new payment in date order: the position with it less the events before it.
        const fresh = all
          .filter((p) => options.paymentIds!.has(p.id))
          .sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id));
        const base = all.filter((p) => !options.paymentIds!.has(p.id));
        for (const p of fresh) {
          base.push(p);
          const { target } = loanBalanceOf(loan, base, today, rules, false);
          const parts = nextEventParts(target, sum);
          events.push(
            eventRow(
              loan,
              { ...event, jenis: p.jenis === 'pelunasan' ? 'pelunasan' : 'pembayaran', tanggal: p.tanggal, pembayaran_id: p.id },
              today,
              parts,
            ),
          );
          sum = partsSum([sum, parts]);
        }
      }
      const next = loanBalanceOf(loan, all, today, rules, false);
      const parts = nextEventParts(next.target, sum);
      if (!partsAreZero(parts))
        events.push(eventRow(loan, options.paymentIds ? { ...event, jenis: 'penyesuaian' } : event, today, parts));
      balances.push({ id: loan.id, ...next.balances });
      customers.add(loan.nasabah_id);
      if (next.balances.status !== loan.status)
        moved.push({ id: loan.id, jumlah: loan.jumlah, lama: loan.status, baru: next.balances.status });
    }
    await loans.setLoanBalances(trx, balances);
    await repo.insertEvents(trx, events);
    // A turn for other requests between batches (PGlite runs on this thread).
    await nextTurn();
  }
  if (rules.kolektibilitas.satu_nasabah_satu_kualitas) {
    const all = [...customers];
    for (let start = 0; start < all.length; start += 500)
      await gradeCustomers(trx, all.slice(start, start + 500), rules.kolektibilitas.bands);
  }
  /** The loans whose status moved (for counters kept by hand in a bulk write). */
  return moved;
}

/**
 * After the margin recognition method changed (given here: the settings remembered for this
 * transaction may still hold the old one): every living Murabahah not lunas stores its principal and
 * margin left as the new method splits what was paid, and posts the adjustment.
 */
export async function postMethodChange(trx: Kysely<DB>, metode: MetodePengakuanMargin, today: string, userId: number | null) {
  const ids = await loans.runningMurabahahIds(trx);
  for (let start = 0; start < ids.length; start += 500) await ensureLoanEvents(trx, ids.slice(start, start + 500), today);
  await postLoanEvents(trx, ids, today, { jenis: 'penyesuaian', alasan: 'Metode pengakuan margin diubah', userId }, { metode });
}

/** The job that derives the events of the loans recorded before the money module (one run, ever). */
export const BACKFILL_JOB = 'mutasi_backfill';
/** Loans per transaction of the job (their reads and their events' inserts each stay under 100 ms). */
const BACKFILL_BATCH = 200;
/** Its one run's key: the day of the migration that made the events table. */
const BACKFILL_RUN = '2026-12-04';
/**
 * Events per statement of the job: PostgreSQL writes 1 000 at once (fewer statements, checks and
 * plans); PGlite runs a statement on the server's thread, so it keeps the 250 of every writer.
 */
const BACKFILL_ROWS = { pglite: 250, postgres: 1000 } as const;

/**
 * Derives the events of every loan recorded before the money module (migration 2026_12_04_0900),
 * 200 loans per transaction, the event loop getting a turn between them: resumable (its cursor is
 * saved with each batch, and a loan whose events are in is skipped), run once even with several
 * processes (the run's row is locked with SKIP LOCKED), and a write to a loan of the batch waits
 * for it (or derived it first). Once done it only looks at its finished run. Answers how many loans
 * it derived, or null when another process holds the run.
 */
export async function backfillLoanEvents(
  db: Kysely<DB>,
  today: string,
  options: { signal?: AbortSignal; kind?: 'pglite' | 'postgres'; rows?: number } = {},
): Promise<number | null> {
  const { signal, kind = 'pglite' } = options;
  const rows = options.rows ?? BACKFILL_ROWS[kind];
  if (await lastFinishedRun(db, BACKFILL_JOB)) return 0;
  const metode = (await getPendapatanSetting(db)).metode_pengakuan_margin;
  let derived = 0;
  for (;;) {
    if (signal?.aborted) return derived;
    const step = await db.transaction().execute(async (trx) => {
      const run = await claimRun(trx, BACKFILL_JOB, BACKFILL_RUN);
      if (!run) return null;
      if (run.finished_at) return { derived: 0, finished: true };
      const ids = await repo.lockLoansAfter(trx, run.cursor, BACKFILL_BATCH);
      // The batch's journals are added to the account balances once, set-based, before it commits.
      const saldo = await repo.saldoMassal(trx);
      const count = await ensureLoanEvents(trx, ids, today, metode, { saldo, rows });
      await saldo.simpan(trx);
      const finished = ids.length < BACKFILL_BATCH;
      await advanceRun(trx, BACKFILL_JOB, BACKFILL_RUN, ids.at(-1) ?? run.cursor, run.processed + count, finished);
      return { derived: count, finished };
    });
    if (!step) return null;
    derived += step.derived;
    if (step.finished) return derived;
    await nextTurn();
  }
}

/** What the events of a loan add up to, beside what its balances say (a check for tests and support). */
export async function eventsAgree(db: Kysely<DB>, pinjamanId: number, today: string) {
  const loan = await loans.findLoanRow(db, pinjamanId);
  const payments = await loans.livingPaymentsOf(db, pinjamanId);
  const rules = await balanceRules(db);
  const { target } = loanBalanceOf(loan, payments, today, rules, true);
  const posted = (await repo.postedOf(db, [pinjamanId])).get(pinjamanId)?.parts ?? ZERO_PARTS;
  return { target, posted, selisih: nextEventParts(target, posted) };
}

/**
 * "One customer, one grade" (POJK 24/2024 Pasal 4, a setting): every running loan of each given
 * customer takes the class of the customer's loan furthest past due (core `customerGrades`);
 * writes only the loans whose class differs. Returns how many were written.
 */
export async function gradeCustomers(trx: Kysely<DB>, nasabahIds: readonly number[], bands: readonly KolektibilitasBand[]) {
  const rows = await loans.runningLoansOfCustomers(trx, nasabahIds);
  const grades = customerGrades(rows, bands);
  const changed = rows
    .filter((l) => grades.get(l.id) !== l.kolektibilitas)
    .map((l) => ({ id: l.id, kolektibilitas: grades.get(l.id)! }));
  await loans.setClasses(trx, changed);
  return changed.length;
}

/**
 * Grades every customer with several running loans (the daily job moved each loan's own class;
 * this gives them the customer's worst again), 500 customers per transaction, the event loop
 * getting a turn between them. Idempotent: a second pass writes nothing.
 */
export async function gradeAllCustomers(db: Kysely<DB>, bands: readonly KolektibilitasBand[], signal?: AbortSignal) {
  let after = 0;
  let written = 0;
  for (;;) {
    if (signal?.aborted) return written;
    const step = await db.transaction().execute(async (trx) => {
      const ids = await loans.customersWithSeveralRunningLoans(trx, after, 500);
      return { ids, written: await gradeCustomers(trx, ids, bands) };
    });
    written += step.written;
    if (step.ids.length < 500) return written;
    after = step.ids.at(-1)!;
    await nextTurn();
  }
}

/** Locks a living loan for the rest of the transaction without deriving its events (a write that moves no money). */
export const lockLoan = (trx: Kysely<DB>, pinjamanId: number) => loans.lockLoan(trx, pinjamanId);

/** A living loan's row without a lock (a quote, a plan, a 404 check), or undefined. */
export const findLivingLoan = (db: Kysely<DB>, pinjamanId: number) => loans.findLivingLoanRow(db, pinjamanId);

/** A loan's living payments as its balance, ledger, quote and plan read them. */
export const livingPaymentsOf = (db: Kysely<DB>, pinjamanId: number) => loans.livingPaymentsOf(db, pinjamanId);

/** The running loans of the given customers with their days past due and class (one customer, one grade). */
export const runningLoansOfCustomers = (db: Kysely<DB>, nasabahIds: readonly number[]) =>
  loans.runningLoansOfCustomers(db, nasabahIds);

/** A living loan's money events, oldest first, with what they add up to (the loan page's history). */
export async function mutasiOfLoan(db: Kysely<DB>, pinjamanId: number): Promise<MutasiList> {
  if (!(await loans.findLivingLoanRow(db, pinjamanId))) throw notFound(messages.notFound.pinjaman);
  const rows = await repo.eventsOfLoan(db, pinjamanId);
  const reversedBy = new Map(rows.filter((r) => r.membalik_id !== null).map((r) => [r.membalik_id!, r.id]));
  const mutasi = rows.map((r) => ({
    ...partsOf(r),
    id: r.id,
    jenis: r.jenis,
    tanggal: r.tanggal,
    pembayaran_id: r.pembayaran_id,
    angsuran_ke: r.angsuran_ke,
    pembayaran_jenis: r.pembayaran_jenis,
    membalik_id: r.membalik_id,
    dibalik_oleh: reversedBy.get(r.id) ?? null,
    alasan: r.alasan,
    diturunkan: r.diturunkan,
    dicatat_oleh: r.dicatat_oleh_nama,
    dicatat_pada: instantText(r.created_at),
  }));
  return { mutasi, ...balancesOfParts(partsSum(mutasi)) };
}

/**
 * A loan's write-off, if it was written off: its day, what it took off the books, why, who approved
 * it, and what was recovered since (the sum of the loan's events: a recovery cancelled is taken back).
 */
export async function hapusBukuRecordOf(db: Kysely<DB>, pinjamanId: number) {
  const rows = await repo.eventsOfLoan(db, pinjamanId);
  const event = rows.find((r) => r.jenis === 'hapus_buku');
  if (!event) return null;
  return {
    tanggal: event.tanggal,
    pokok: Number(event.hapus_buku_pokok),
    margin: Number(event.hapus_buku_margin),
    alasan: event.alasan,
    disetujui_oleh: event.dicatat_oleh_nama,
    pemulihan: partsSum(rows.map(partsOf)).pemulihan,
  };
}

/**
 * The early settlement a payment recorded (issue 27 B), for the modules that show or guard that
 * payment (payments, receipts) without reaching the settlement workflow itself.
 */
export const settlementOfPayment = (db: Kysely<DB>, pembayaranId: number) => repo.settlementOfPayment(db, pembayaranId);

/**
 * A locked loan's living payments and the sums of its events, read in one statement after the lock:
 * a new payment checks the first and hands both to `postLoanEvent` (`known`).
 */
export const paymentsAndPostedOf = (trx: Kysely<DB>, pinjamanId: number) => loans.paymentsAndPostedOf(trx, pinjamanId);
