import type { Kysely } from 'kysely';
import { classOfLoan, loanLedger, paymentsByLoan, previousMonthEnd } from '@mizan/core';
import type { DB } from '../../db/schema';
import { ledgerRules } from '../settings/settings.service';
import * as repo from './ledger.repository';
import * as jobRuns from '../../db/job-runs';
import { recordClosingSnapshot, requiredProvisionAt } from '../portfolio/portfolio.service';
import { postMonthEndProvision } from '../akuntansi/akuntansi.service';
import { notifyKolektibilitasMemburuk, type Notifier } from '../notifikasi/notifikasi.service';

/** The name of the daily ledger job in `job_runs`. */
export const LEDGER_JOB = 'ledger-harian';

/**
 * Loans per batch: one transaction, one payments query, one UPDATE. PGlite runs each statement on
 * the server's own thread, and writing 500 rows with the loan table's 18 indexes held it ~125 ms
 * (bench, the first run after an import): there a batch is 200 loans, so that no statement holds
 * the event loop 100 ms; PostgreSQL works in its own processes and takes 500.
 */
export const LEDGER_BATCH = { pglite: 200, postgres: 500 } as const;

export interface LedgerRunResult {
  /** 'done': this call finished the day; 'already': the day was done before; 'busy': another process holds it. */
  outcome: 'done' | 'already' | 'busy';
  /** Loans computed by this call. */
  processed: number;
  /** Of them, those whose figures changed (the rows written). */
  written: number;
}

/**
 * Refreshes the ledger summary (days past due, kolektibilitas, arrears) of every living loan that
 * is not lunas for the Jakarta date `tanggal`, in batches of LEDGER_BATCH loans by id, writing the
 * loans whose figures changed. The batches run through `runInBatches` (db/job-runs.ts): one
 * transaction each holding the day's `job_runs` row, so a second process stops ('busy'), a crash
 * resumes at the saved cursor, and a finished day is left alone ('already'). Computing a day again
 * gives the same rows. `everyLoan` computes lunas loans too (the benchmark's stand-in for a
 * portfolio of that many running loans).
 */
export async function runDailyLedger(
  db: Kysely<DB>,
  tanggal: string,
  options: {
    batch?: number;
    signal?: AbortSignal;
    onBatch?: (processed: number) => void;
    everyLoan?: boolean;
    /** WhatsApp notifications of loans that became non-performing (issue 24); the caller wakes the sender. */
    notifier?: Notifier | undefined;
  } = {},
): Promise<LedgerRunResult> {
  const batch = options.batch ?? LEDGER_BATCH.postgres;
  const { bands, metode } = await ledgerRules(db);
  const run = await jobRuns.runInBatches(
    db,
    LEDGER_JOB,
    tanggal,
    async (trx, position) => {
      if (position.fresh) {
        // Before the first loan moves on to `tanggal`, every loan still holds the figures of the
        // last day finished: the portfolio at that day's close (a day that has one keeps it).
        const previous = await jobRuns.lastFinishedRun(trx, LEDGER_JOB);
        if (previous !== null && previous < tanggal) await recordClosingSnapshot(trx, previous);
      }
      const loans = await repo.loansAfter(trx, position.cursor, batch, options.everyLoan);
      const byLoan = paymentsByLoan(
        await repo.paymentsOfLoans(
          trx,
          loans.map((l) => l.id),
        ),
      );
      const rows = loans.map((loan) => {
        const { summary } = loanLedger(loan, byLoan.get(loan.id) ?? [], tanggal, metode);
        return {
          id: loan.id,
          versi: loan.versi,
          ...summary,
          kolektibilitas: classOfLoan(summary.hari_tunggakan, loan.status, bands),
        };
      });
      const written = await repo.writeLedgers(trx, tanggal, rows);
      if (options.notifier && written.length > 0) {
        // Loans that moved to class 3–5 today, recorded in the batch's transaction and told after its
        // commit (modules/reactions). A loan whose figures were never computed (the first run after
        // an import) has no "before" to compare with.
        const before = new Map(loans.filter((l) => l.ledger_tanggal !== null).map((l) => [l.id, l.kolektibilitas]));
        const after = new Map(rows.map((r) => [r.id, r.kolektibilitas]));
        await notifyKolektibilitasMemburuk(
          trx,
          written.filter((id) => before.has(id)).map((id) => ({ id, lama: before.get(id)!, baru: after.get(id)! })),
          tanggal,
        );
      }
      return {
        count: loans.length,
        cursor: loans.at(-1)?.id ?? position.cursor,
        finished: loans.length < batch,
        result: written.length,
      };
    },
    options,
  );
  return { outcome: run.outcome, processed: run.processed, written: run.results.reduce((a, b) => a + b, 0) };
}

/** Forgets the daily ledger's run of one day: the next run computes it again (the classification changed). */
/** The living payments of the given loans (other modules compute a loan's ledger with them). */
export const paymentsOfLoans = repo.paymentsOfLoans;

export const forgetLedgerDay = (db: Kysely<DB>, tanggal: string) => jobRuns.deleteRun(db, LEDGER_JOB, tanggal);

/**
 * Forgets the daily ledger's runs: the next run computes the day again (after a bulk load of
 * loans, or when the classification changed).
 */
export const forgetLedgerRuns = (db: Kysely<DB>) => jobRuns.deleteRuns(db, LEDGER_JOB);

/**
 * The month-end provision (PPAP, issue 48) of the month-end before `today`: the classes' required
 * cadangan from that day's portfolio snapshot (modules/portfolio), journalled once (modules/akuntansi).
 * Null while the snapshot does not exist yet (the daily run records it; a back-fill fills it).
 */
export async function monthEndProvision(db: Kysely<DB>, today: string) {
  const akhirBulan = previousMonthEnd(today);
  const required = await requiredProvisionAt(db, akhirBulan);
  return required === null ? null : postMonthEndProvision(db, akhirBulan, required);
}
