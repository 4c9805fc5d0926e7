import type { Kysely } from 'kysely';
import { jurnalMutasi, jurnalPenyaluranDanaKebajikan, messages, type Akun, type Jurnal, type NeracaSaldo } from '@mizan/core';
import type { DB } from '../../db/schema';
import { advanceRun, claimRun, lastFinishedRun, nextTurn } from '../../db/job-runs';
import { notFound } from '../../lib/errors';
import * as repo from './akuntansi.repository';

// The books (issue 48; docs/decisions/books.md): the journals of the money events recorded before
// them, and the reads of the chart, the journals, the ledger and the trial balance.

/** The job that journals the money events recorded before the books (one run, ever). */
export const JURNAL_BACKFILL_JOB = 'jurnal_backfill';
/** Its one run's key: the day of the migration that made the books' tables. */
const JURNAL_BACKFILL_RUN = '2026-12-07';
/** Events per transaction: their read, their journals' computation and their insert each stay well under 100 ms. */
export const JURNAL_BACKFILL_BATCH = { pglite: 500, postgres: 2000 } as const;

/**
 * Journals every money event that has none (the events recorded before migration 2026_12_07_0910;
 * every event since is written with its journal), in id order, `batch` events per transaction, the
 * event loop getting a turn between them: resumable (the cursor commits with each batch, and an
 * event with a journal is passed over), run once even with several processes (the run's row is
 * locked with SKIP LOCKED). The batch adds its journals to the account balances set-based
 * (`mizan.massal`). Answers how many events it journalled, or null when another process holds
 * the run.
 */
export async function backfillJournals(
  db: Kysely<DB>,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<number | null> {
  if (await lastFinishedRun(db, JURNAL_BACKFILL_JOB)) return 0;
  const batch = options.batch ?? JURNAL_BACKFILL_BATCH.postgres;
  let journalled = 0;
  for (;;) {
    if (options.signal?.aborted) return journalled;
    const step = await db.transaction().execute(async (trx) => {
      const run = await claimRun(trx, JURNAL_BACKFILL_JOB, JURNAL_BACKFILL_RUN);
      if (!run) return null;
      if (run.finished_at) return { count: 0, finished: true };
      const { events, lastId, scanned } = await repo.eventsWithoutJournal(trx, run.cursor, batch);
      const journals = events.map((e, index) => ({
        urutan: index + 1,
        lines: jurnalMutasi(e.tipe, e.jenis, e, e.dibalik ?? undefined),
      }));
      await repo.massal(trx);
      await repo.insertJournalsOfEvents(trx, events, journals);
      const finished = scanned < batch;
      // Last, the dana kebajikan's disbursements (a few rows: the ta'zir collected are money events).
      if (finished) await journalDisbursements(trx);
      await advanceRun(trx, JURNAL_BACKFILL_JOB, JURNAL_BACKFILL_RUN, lastId, run.processed + events.length, finished);
      return { count: events.length, finished };
    });
    if (!step) return null;
    journalled += step.count;
    if (step.finished) return journalled;
    await nextTurn();
  }
}

/** The disbursements of the dana kebajikan recorded before the books get their journals. */
async function journalDisbursements(trx: Kysely<DB>) {
  const entries = await repo.disbursementsWithoutJournal(trx);
  await repo.insertJournals(
    trx,
    entries.map((d) => ({
      tanggal: d.tanggal,
      sumber: 'dana_kebajikan' as const,
      dana_kebajikan_id: d.id,
      keterangan: `Penyaluran dana kebajikan: ${d.tujuan ?? ''}`.slice(0, 300),
      dicatat_oleh: d.created_by,
      lines: jurnalPenyaluranDanaKebajikan(d.jumlah),
    })),
  );
}

/** The journal's number as staff read it. */
export const nomorJurnal = (id: number) => `JU-${String(id).padStart(6, '0')}`;

/** The chart of accounts (Bagan Akun) with the roles each account takes. */
export function chartOfAccounts(db: Kysely<DB>): Promise<Akun[]> {
  return repo.chartOfAccounts(db);
}

/** A loan's journals, each with its lines, in posting order (a reversal names what it reverses). */
export async function journalsOfLoan(db: Kysely<DB>, pinjamanId: number): Promise<Jurnal[]> {
  const rows = await repo.journalsOfLoan(db, pinjamanId);
  // No journal: an unknown loan is 404, never an empty book that looks like data.
  if (rows.length === 0 && !(await repo.loanExists(db, pinjamanId))) throw notFound(messages.notFound.pinjaman);
  return rows.map((row) => ({
    ...row,
    nomor: nomorJurnal(row.id),
    baris: row.baris.map((b) => ({ ...b, debit: Number(b.debit), kredit: Number(b.kredit) })),
  }));
}

/**
 * The trial balance (Neraca Saldo) as of `tanggal`: every account with a balance, on the debit
 * side when its debits exceed its credits and on the credit side otherwise; the totals are equal
 * whenever every journal balanced (the database refuses one that does not).
 */
export async function trialBalance(db: Kysely<DB>, tanggal: string): Promise<NeracaSaldo> {
  const rows = await repo.balancesAsOf(db, tanggal);
  const baris = rows
    .filter((r) => r.saldo !== 0)
    .map(({ saldo, ...akun }) => ({ ...akun, debit: Math.max(saldo, 0), kredit: Math.max(-saldo, 0) }));
  const total_debit = baris.reduce((sum, r) => sum + r.debit, 0);
  const total_kredit = baris.reduce((sum, r) => sum + r.kredit, 0);
  return { tanggal, baris, total_debit, total_kredit, seimbang: total_debit === total_kredit };
}
