import { sql, type Kysely } from 'kysely';
import { addDays } from '@mizan/core';
import type { DB } from './schema';
import { lastFinishedRun, markFinished, nextTurn } from './job-runs';

// PGlite has no autovacuum (a PostgreSQL server vacuums and analyzes by itself): the loan rows the
// daily job and every payment rewrite leave dead versions, and nothing updates the planner's
// statistics as the data grows. Its statements run on the server's own thread, so the work is split
// by what it costs there (measured at 100 000 customers, 300 000 loans, 3 000 000 payments; see
// docs/operations.md "Database maintenance"):
// - every day after the daily job, each table's heap is vacuumed without its indexes
//   (`VACUUM (INDEX_CLEANUP OFF)`: under 1 ms per table after a day's 3 000 rewritten loans), one
//   table per turn of the event loop: dead versions go, the visibility map and the row estimates
//   are kept up. It costs ~1 µs per dead row (280 ms after all 300 000 loans were rewritten), so a
//   table with more than DEAD_ROWS_LIMIT dead rows since the last vacuum (a first day after an
//   import, a change of the kolektibilitas bands) is left to the next start. B-tree indexes drop
//   the entries of rewritten rows by themselves meanwhile (PostgreSQL 14+ bottom-up deletion;
//   index scans mark dead entries), and pages are pruned as they are read;
// - at every start, before the server answers (no request waits, none is served yet): `VACUUM` of
//   the whole database, which also empties the indexes of dead entries (0.5 s there), and once a
//   week `ANALYZE` for the planner's statistics (2 s there). PGlite keeps no activity statistics
//   over a restart, so this also makes the dead-row counts of the daily vacuum true.

/** The runs in `job_runs`: the daily heap vacuum, and the weekly statistics at start. */
export const DAILY_VACUUM_JOB = 'pemeliharaan-harian';
export const ANALYZE_JOB = 'pemeliharaan-statistik';
/** Days between two ANALYZE at start. */
export const ANALYZE_DAYS = 7;
/** Dead rows of one table above which its vacuum waits for the next start (~1 µs each on the thread). */
export const DEAD_ROWS_LIMIT = 30_000;

/** Whether the job finished a run dated `since` or later. */
const finishedSince = async (db: Kysely<DB>, job: string, since: string) => ((await lastFinishedRun(db, job)) ?? '') >= since;

/** Every table with its dead rows since its last vacuum (statistics flushed first). */
async function userTables(db: Kysely<DB>) {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const rows = await sql<{ relname: string; dead: number }>`
    select c.relname, coalesce(s.n_dead_tup, 0)::int as dead
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace order by c.relname`.execute(db);
  return rows.rows;
}

export interface DailyVacuumResult {
  outcome: 'done' | 'already' | 'stopped' | 'skipped';
  /** Tables left to the next start: more dead rows than DEAD_ROWS_LIMIT. */
  waiting: string[];
}

/**
 * The day's heap vacuum of every table (PGlite only; once per Jakarta date; a run stopped by a
 * crash or a close is simply done again: vacuuming twice changes nothing).
 */
export async function dailyVacuum(
  db: Kysely<DB>,
  kind: 'pglite' | 'postgres',
  tanggal: string,
  signal?: AbortSignal,
): Promise<DailyVacuumResult> {
  if (kind !== 'pglite') return { outcome: 'skipped', waiting: [] };
  if (await finishedSince(db, DAILY_VACUUM_JOB, tanggal)) return { outcome: 'already', waiting: [] };
  const waiting: string[] = [];
  for (const { relname, dead } of await userTables(db)) {
    if (signal?.aborted) return { outcome: 'stopped', waiting };
    if (dead > DEAD_ROWS_LIMIT) {
      waiting.push(relname);
      continue;
    }
    await nextTurn();
    await sql`vacuum (index_cleanup off) ${sql.table(relname)}`.execute(db);
  }
  await markFinished(db, DAILY_VACUUM_JOB, tanggal);
  return { outcome: 'done', waiting };
}

/**
 * At start, before the server answers (PGlite only): the whole database vacuumed, and analyzed
 * when the last ANALYZE is a week old.
 */
export async function vacuumAtStart(db: Kysely<DB>, kind: 'pglite' | 'postgres', tanggal: string) {
  if (kind !== 'pglite') return 'skipped' as const;
  if (await finishedSince(db, ANALYZE_JOB, addDays(tanggal, -(ANALYZE_DAYS - 1)))) {
    await sql`vacuum`.execute(db);
    return 'vacuumed' as const;
  }
  await sql`vacuum (analyze)`.execute(db);
  await markFinished(db, ANALYZE_JOB, tanggal);
  return 'analyzed' as const;
}
