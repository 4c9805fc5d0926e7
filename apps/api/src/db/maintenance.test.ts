import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databasePerFile } from '../test/test-app';
import type { DatabaseHandle } from './database';
import { ANALYZE_JOB, DAILY_VACUUM_JOB, DEAD_ROWS_LIMIT, dailyVacuum, vacuumAtStart } from './maintenance';
import { loadScaleData } from './seed/scale';

// PGlite's maintenance (db/maintenance.ts): what would be autovacuum on a PostgreSQL server.

let handle: DatabaseHandle;
const onPglite = process.env.MIZAN_TEST_DB !== 'postgres';

databasePerFile(async (fresh) => {
  handle = fresh;
  await loadScaleData(handle.db, { nasabah: 20, pinjaman: 60, pembayaran: 300, today: '2026-11-22', userId: null });
});

const stats = async (table: string) => {
  // Statistics reach the views at most once a second unless flushed.
  await sql`select pg_stat_force_next_flush()`.execute(handle.db);
  await sql`select 1`.execute(handle.db);
  return (
    await sql<{ n_dead_tup: number; last_vacuum: Date | null; last_analyze: Date | null }>`
      select n_dead_tup::int, last_vacuum, last_analyze from pg_stat_user_tables where relname = ${table}`.execute(handle.db)
  ).rows[0]!;
};
const runs = (job: string) =>
  handle.db.selectFrom('job_runs').select(['tanggal', 'finished_at']).where('job', '=', job).orderBy('tanggal').execute();

describe('database maintenance', () => {
  it.runIf(onPglite)('vacuums every table’s dead rows once a day on PGlite', async () => {
    await sql`update pinjaman set hari_tunggakan = hari_tunggakan + 1`.execute(handle.db);
    expect((await stats('pinjaman')).n_dead_tup).toBeGreaterThan(0);
    expect(await dailyVacuum(handle.db, 'pglite', '2026-11-22')).toEqual({ outcome: 'done', waiting: [] });
    const after = await stats('pinjaman');
    expect(after.n_dead_tup).toBe(0);
    expect(after.last_vacuum).not.toBeNull();
    // Once a day: the same date again does nothing, the next one runs.
    expect((await dailyVacuum(handle.db, 'pglite', '2026-11-22')).outcome).toBe('already');
    expect((await dailyVacuum(handle.db, 'pglite', '2026-11-23')).outcome).toBe('done');
    expect((await runs(DAILY_VACUUM_JOB)).map((r) => r.tanggal)).toEqual(['2026-11-22', '2026-11-23']);
    // A run stopped between tables is not marked done: it runs again whole.
    const stop = new AbortController();
    stop.abort();
    expect((await dailyVacuum(handle.db, 'pglite', '2026-11-24', stop.signal)).outcome).toBe('stopped');
    expect((await runs(DAILY_VACUUM_JOB)).map((r) => r.tanggal)).not.toContain('2026-11-24');
  });

  it.runIf(onPglite)('leaves a table with more dead rows than the thread can vacuum at once to the next start', async () => {
    await sql`insert into job_runs (job, tanggal, processed) select 'uji-' || g, '2026-01-01', 0
      from generate_series(1, ${DEAD_ROWS_LIMIT + 1}) g`.execute(handle.db);
    await sql`delete from job_runs where job like 'uji-%'`.execute(handle.db);
    expect((await stats('job_runs')).n_dead_tup).toBeGreaterThan(DEAD_ROWS_LIMIT);
    expect(await dailyVacuum(handle.db, 'pglite', '2026-11-25')).toEqual({ outcome: 'done', waiting: ['job_runs'] });
    expect((await stats('job_runs')).n_dead_tup).toBeGreaterThan(DEAD_ROWS_LIMIT);
    // The start vacuums the whole database.
    expect(await vacuumAtStart(handle.db, 'pglite', '2026-11-25')).toBe('analyzed');
    expect((await stats('job_runs')).n_dead_tup).toBe(0);
  });

  it.runIf(onPglite)('vacuums the whole database at every start on PGlite, and analyzes it once a week', async () => {
    await handle.db.deleteFrom('job_runs').where('job', '=', ANALYZE_JOB).execute();
    expect(await vacuumAtStart(handle.db, 'pglite', '2026-11-01')).toBe('analyzed');
    expect((await stats('pinjaman')).last_analyze).not.toBeNull();
    await sql`update pinjaman set hari_tunggakan = hari_tunggakan + 1`.execute(handle.db);
    expect((await stats('pinjaman')).n_dead_tup).toBeGreaterThan(0);
    expect(await vacuumAtStart(handle.db, 'pglite', '2026-11-07')).toBe('vacuumed');
    expect((await stats('pinjaman')).n_dead_tup).toBe(0);
    expect(await vacuumAtStart(handle.db, 'pglite', '2026-11-08')).toBe('analyzed');
    expect((await runs(ANALYZE_JOB)).map((r) => r.tanggal)).toEqual(['2026-11-01', '2026-11-08']);
  });

  it('leaves a PostgreSQL server to its autovacuum', async () => {
    expect((await dailyVacuum(handle.db, 'postgres', '2026-12-01')).outcome).toBe('skipped');
    expect(await vacuumAtStart(handle.db, 'postgres', '2026-12-01')).toBe('skipped');
    expect((await runs(DAILY_VACUUM_JOB)).map((r) => r.tanggal)).not.toContain('2026-12-01');
  });
});
