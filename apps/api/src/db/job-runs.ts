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

/** Forgets the job's runs, so that the next run of a day computes it again. */
export async function deleteRuns(db: Kysely<DB>, job: string) {
  await db.deleteFrom('job_runs').where('job', '=', job).execute();
}

/** Forgets one day's run of a job (locks out a batch of it in progress until that one commits). */
export async function deleteRun(db: Kysely<DB>, job: string, tanggal: string) {
  await db.deleteFrom('job_runs').where('job', '=', job).where('tanggal', '=', tanggal).execute();
}
