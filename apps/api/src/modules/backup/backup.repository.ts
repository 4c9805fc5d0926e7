import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** A running backup whose process has not said it is alive for this long died (or stopped) mid-way. */
export const STALE_AFTER_SECONDS = 120;

const runColumns = ['id', 'jenis', 'status', 'started_at', 'finished_at', 'file_name', 'bytes', 'pesan', 'oleh'] as const;

/** Advisory lock key of the start-time check's record (any constant; 'mizanBK!' as a 64-bit number). */
const START_CHECK_LOCK_KEY = 0x6d697a616e424b21n;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Claims a scheduled run of `slot` (a Jakarta day): a new row, or the row of a run whose process
 * died mid-way (its heartbeat is stale), which this process then makes again. Null when the slot
 * is done, failed (shown, not retried by itself), running elsewhere, or another backup runs now
 * (one at a time: the partial unique index of migration 2026_12_02_0900 `backup_runs_one_running`).
 */
export async function claimScheduled(db: Database, slot: string): Promise<number | null> {
  try {
    const inserted = await db
      .insertInto('backup_runs')
      .values({ jenis: 'terjadwal', slot, status: 'berjalan' })
      .onConflict((oc) => oc.column('slot').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const resumed = await db
      .updateTable('backup_runs')
      .set({ started_at: sql`now()`, heartbeat_at: sql`now()`, pesan: null })
      .where('slot', '=', slot)
      .where('status', '=', 'berjalan')
      .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`)
      .returning('id')
      .executeTakeFirst();
    return resumed?.id ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Starts a "Backup sekarang" run; null when a backup already runs (in any process). */
export async function claimManual(db: Database, oleh: string): Promise<number | null> {
  try {
    const row = await db
      .insertInto('backup_runs')
      .values({ jenis: 'manual', status: 'berjalan', oleh })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** A "Backup sekarang" run whose process died mid-way is failed, so that it no longer blocks the next one. */
export async function failStaleManual(db: Database) {
  await db
    .updateTable('backup_runs')
    .set({ status: 'gagal', finished_at: sql`now()`, pesan: 'Terhenti: server berhenti saat cadangan dibuat.' })
    .where('jenis', '=', 'manual')
    .where('status', '=', 'berjalan')
    .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`)
    .execute();
}

export async function heartbeat(db: Database, id: number) {
  await db
    .updateTable('backup_runs')
    .set({ heartbeat_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A stopping process lets go of its scheduled run: the next process to look makes it again. */
export async function releaseRun(db: Database, id: number) {
  await db
    .updateTable('backup_runs')
    .set({ heartbeat_at: sql`'epoch'::timestamptz` })
    .where('id', '=', id)
    .execute();
}

export async function finishRun(db: Database, id: number, outcome: { file_name: string; bytes: number } | { pesan: string }) {
  await db
    .updateTable('backup_runs')
    .set({ ...outcome, status: 'pesan' in outcome ? 'gagal' : 'berhasil', finished_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function scheduledRunOf(db: Database, slot: string) {
  return db.selectFrom('backup_runs').select(['id', 'status']).where('slot', '=', slot).executeTakeFirst();
}

export async function runById(db: Database, id: number) {
  return db.selectFrom('backup_runs').select(runColumns).where('id', '=', id).executeTakeFirst();
}

/** The newest runs, newest first. */
export async function recentRuns(db: Database, limit: number) {
  return db.selectFrom('backup_runs').select(runColumns).orderBy('id', 'desc').limit(limit).execute();
}

/** The size of the newest successful backup, or null when the server has made none. */
export async function lastBackupBytes(db: Database): Promise<number | null> {
  const row = await db
    .selectFrom('backup_runs')
    .select('bytes')
    .where('status', '=', 'berhasil')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.bytes ?? null;
}

/**
 * Records what the start-time check of the backup folder found as a failed scheduled run (no
 * slot: the day's backup is still made), so that Cadangan Data and /metrics show it until a backup
 * succeeds. When the newest finished run already is such a record (a restart, or the other server
 * processes starting with this one), that row is brought up to date instead of adding another; the
 * advisory lock makes the look and the write one step across processes.
 */
export async function recordStartCheckFailure(db: Database, pesan: string, prefix: string) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${START_CHECK_LOCK_KEY.toString()}::bigint)`.execute(trx);
    const newest = await trx
      .selectFrom('backup_runs')
      .select(['id', 'status', 'pesan'])
      .where('status', '<>', 'berjalan')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest?.status === 'gagal' && newest.pesan?.startsWith(prefix)) {
      await trx
        .updateTable('backup_runs')
        .set({ pesan, started_at: sql`now()`, finished_at: sql`now()` })
        .where('id', '=', newest.id)
        .execute();
      return;
    }
    await trx
      .insertInto('backup_runs')
      .values({ jenis: 'terjadwal', status: 'gagal', finished_at: sql`now()`, pesan })
      .execute();
  });
}
