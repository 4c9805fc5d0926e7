import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The queue of reactions to committed money events (migration 2026_12_03_0900; reactions.service.ts).

/** Adds reactions in the caller's transaction: they exist only if it commits. */
export async function insertReactions(trx: Kysely<DB>, rows: ReadonlyArray<{ kind: string; payload: unknown }>) {
  if (rows.length === 0) return;
  await trx
    .insertInto('reactions')
    .values(rows.map((r) => ({ kind: r.kind, payload: JSON.stringify(r.payload) })))
    .execute();
}

/**
 * The oldest `limit` reactions due at `now` (waiting, or failed with their retry time passed),
 * locked for this transaction. SKIP LOCKED: a reaction another process is running is passed over,
 * so each one runs in one transaction at a time, and its new status commits with its effects.
 */
export function claimDue(trx: Kysely<DB>, now: Date, limit: number) {
  return trx
    .selectFrom('reactions')
    .select(['id', 'kind', 'payload', 'attempts', 'created_at'])
    .where('status', '<>', 'done')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Marks where a reaction starts, so that its failure undoes its own writes only. */
export async function beginAttempt(trx: Kysely<DB>) {
  await sql`savepoint reaction`.execute(trx);
}

/** Undoes a failed reaction's writes; the transaction goes on to record the failure. */
export async function undoAttempt(trx: Kysely<DB>) {
  await sql`rollback to savepoint reaction`.execute(trx);
}

/** Marks the reactions `ids` done (each one attempt more), in the transaction that ran them. */
export async function markDone(trx: Kysely<DB>, ids: readonly number[], at: Date) {
  if (ids.length === 0) return;
  await trx
    .updateTable('reactions')
    .set((eb) => ({ status: 'done', attempts: eb('attempts', '+', 1), done_at: at, next_attempt_at: null }))
    .where(sql<boolean>`id = any(${[...ids]}::int[])`)
    .execute();
}

export async function markFailed(trx: Kysely<DB>, id: number, attempts: number, nextAttemptAt: Date, error: string) {
  await trx
    .updateTable('reactions')
    .set({ status: 'failed', attempts, next_attempt_at: nextAttemptAt, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Forgets up to `limit` reactions done before `before`. */
export async function pruneDone(db: Kysely<DB>, before: Date, limit: number) {
  await db
    .deleteFrom('reactions')
    .where(
      'id',
      'in',
      db
        .selectFrom('reactions')
        .select('id')
        .where('status', '=', 'done')
        .where('done_at', '<', before)
        .orderBy('done_at')
        .limit(limit),
    )
    .execute();
}

/** How many reactions wait for their first attempt and how many failed and wait for a retry. */
export async function openCounts(db: Kysely<DB>) {
  const row = await db
    .selectFrom('reactions')
    .select([
      (eb) => eb.fn.count<number>('id').filterWhere('status', '=', 'waiting').as('waiting'),
      (eb) => eb.fn.count<number>('id').filterWhere('status', '=', 'failed').as('failed'),
    ])
    .where('status', '<>', 'done')
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), failed: Number(row.failed) };
}
