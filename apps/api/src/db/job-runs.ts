import type { Kysely } from 'kysely';
import type { DB } from './schema';

// Runs of the scheduled jobs (migration 2026_11_25_1200_loan_ledger): one row per job and Jakarta
// date, locked while a batch runs (several processes on one PostgreSQL: one works, the others
// skip), with the cursor where the next batch starts and when the day was finished.

/** The job's row of `tanggal`, created when missing, locked for this transaction; null when another process holds it. */
export async function claimRun(trx: Kysely<DB>, job: string, tanggal: string) {
  await trx
    .insertInto('job_runs')
    .values({ job, tanggal })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return trx
    .selectFrom('job_runs')
    .select(['cursor', 'processed', 'finished_at'])
    .where('job', '=', job)
    .where('tanggal', '=', tanggal)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Moves the run's cursor on after a batch (and marks it finished when nothing is left). */
export async function advanceRun(
  trx: Kysely<DB>,
  job: string,
  tanggal: string,
  cursor: number,
  processed: number,
  finished: boolean,
) {
  await trx
    .updateTable('job_runs')
    .set({ cursor, processed, ...(finished ? { finished_at: new Date() } : {}) })
    .where('job', '=', job)
    .where('tanggal', '=', tanggal)
    .execute();
}

/** The latest day the job finished, or null. */
export async function lastFinishedRun(db: Kysely<DB>, job: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_runs')
    .select((eb) => eb.fn.max('tanggal').as('tanggal'))
    .where('job', '=', job)
    .where('finished_at', 'is not', null)
    .executeTakeFirst();
  return (row?.tanggal as string | null | undefined) ?? null;
}

/** Records the job's run of `tanggal` as finished (a job done in one go, without batches). */
export async function markFinished(db: Kysely<DB>, job: string, tanggal: string) {
  await db
    .insertInto('job_runs')
    .values({ job, tanggal, finished_at: new Date() })
    .onConflict((oc) => oc.columns(['job', 'tanggal']).doUpdateSet({ finished_at: new Date() }))
    .execute();
}

/** Forgets the job's runs, so that the next run of a day computes it again. */
export async function deleteRuns(db: Kysely<DB>, job: string) {
  await db.deleteFrom('job_runs').where('job', '=', job).execute();
}

/** Forgets one day's run of a job (locks out a batch of it in progress until that one commits). */
export async function deleteRun(db: Kysely<DB>, job: string, tanggal: string) {
  await db.deleteFrom('job_runs').where('job', '=', job).where('tanggal', '=', tanggal).execute();
}

/** What one batch of a job did; null when there is nothing to do yet (the run stays open). */
export interface BatchDone<R> {
  /** Items handled by the batch. */
  count: number;
  /** Where the next batch starts. */
  cursor: number;
  /** The last batch: the run is marked finished with it. */
  finished: boolean;
  /** The batch's own result, handed back to the caller. */
  result: R;
}

/** The run as a batch finds it: where to start, and whether it is the run's very first batch. */
export interface RunPosition {
  cursor: number;
  processed: number;
  fresh: boolean;
}

/** Gives the event loop a turn between batches, so requests are answered while a job runs. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a scheduled job's day (`job`, `tanggal`) in batches, each one transaction that first locks
 * the run's row: another process holding it makes this call stop ('busy'); a finished run is left
 * alone ('already'); the batch and the run's new cursor commit together, so a crash resumes at the
 * cursor and nothing is done twice. The event loop gets a turn between batches; `signal` stops
 * between them. Returns every batch's result, in order.
 */
export async function runInBatches<R>(
  db: Kysely<DB>,
  job: string,
  tanggal: string,
  batch: (trx: Kysely<DB>, run: RunPosition) => Promise<BatchDone<R> | null>,
  options: { signal?: AbortSignal; onBatch?: (processed: number) => void } = {},
): Promise<{ outcome: 'done' | 'already' | 'busy'; processed: number; results: R[] }> {
  let processed = 0;
  const results: R[] = [];
  for (;;) {
    if (options.signal?.aborted) return { outcome: 'busy', processed, results };
    const step = await db.transaction().execute(async (trx) => {
      const run = await claimRun(trx, job, tanggal);
      if (!run) return 'busy' as const;
      if (run.finished_at) return 'already' as const;
      const position = { cursor: Number(run.cursor), processed: Number(run.processed) };
      const done = await batch(trx, { ...position, fresh: position.cursor === 0 && position.processed === 0 });
      if (!done) return 'waiting' as const;
      await advanceRun(trx, job, tanggal, done.cursor, position.processed + done.count, done.finished);
      return done;
    });
    if (step === 'busy' || step === 'already') return { outcome: step, processed, results };
    if (step === 'waiting') return { outcome: 'done', processed, results };
    processed += step.count;
    results.push(step.result);
    options.onBatch?.(processed);
    if (step.finished) return { outcome: 'done', processed, results };
    await nextTurn();
  }
}
