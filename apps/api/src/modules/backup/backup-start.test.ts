/**
 * What scheduled backups do when the server starts (issue 46, items 4 and 5), with a clock the test
 * moves: a BACKUP_DIR the server cannot create or write is refused like a bad setting; too little
 * free space for another backup the size of the last one is recorded as a failed run (Cadangan
 * Data, /metrics) until a backup succeeds, once however often the server starts; and the day's
 * backup missed while the server was off waits for ten minutes without staff requests, or for the
 * next scheduled time when staff never pause that long.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, type Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { manualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-db';
import { assertBackupFolderUsable } from './backup-folder';
import { CATCH_UP_QUIET_MS } from './backup.service';

const METRICS_TOKEN = 'metrics-token-untuk-test-123';
const DAILY_AT_0100 = { hour: 1, minute: 0 };
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
/** Read without a request of its own: an API request would count as staff at work. */
const runsOf = async (t: TestApp) => (await t.app.backups.status()).riwayat;

describe('BACKUP_DIR at start', () => {
  it('is created when missing and left without the probe file', () => {
    const dir = path.join(tempDir('mizan-backup-dir-'), 'nested', 'backups');
    assertBackupFolderUsable(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is refused like a bad setting when it cannot be created, saying why and what to do', () => {
    const file = path.join(tempDir('mizan-backup-dir-'), 'a-file');
    fs.writeFileSync(file, 'x');
    for (const [dir, said] of [
      [path.join(file, 'backups'), /ENOTDIR/],
      [file, /EEXIST/],
    ] as const) {
      let refused: unknown;
      try {
        assertBackupFolderUsable(dir);
      } catch (error) {
        refused = error;
      }
      expect(refused, dir).toBeInstanceOf(ConfigError);
      const { message, problems } = refused as ConfigError;
      expect(problems).toHaveLength(1);
      expect(message).toContain(`Folder cadangan ${dir} (BACKUP_DIR) tidak dapat dipakai: folder cadangan tidak dapat dibuat (`);
      expect(message).toMatch(said);
      expect(message).toContain('BACKUP_SCHEDULE=off');
    }
  });

  it('short of space for a backup the size of the last one: shown as failed until a backup succeeds, once across processes', async () => {
    const clock = manualClock(new Date('2026-12-03T03:00:00Z'));
    const database = await createTestDatabase();
    cleanup.push(() => database.close());
    // Every start below is a process on this one database; only the test closes it.
    const shared: DatabaseHandle = { ...database, close: async () => {} };
    const backupDir = tempDir('mizan-backup-space-');
    const start = async (backupSchedule: Config['backupSchedule'] = DAILY_AT_0100) => {
      const t = await createTestApp({ backupSchedule, backupDir, metricsToken: METRICS_TOKEN }, { clock, database: shared });
      cleanup.push(() => t.close());
      return t;
    };
    const lastFailedGauge = async (t: TestApp) => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(200);
      return /^mizan_backup_last_failed (\d)$/m.exec(res.body)?.[1];
    };
    // A last backup larger than any disk these tests run on (8 PiB).
    await database.db
      .insertInto('backup_runs')
      .values({
        jenis: 'terjadwal',
        slot: '2026-12-02',
        status: 'berhasil',
        finished_at: new Date('2026-12-01T18:10:00Z'),
        file_name: 'mizan-backup-20261201-180000.tar.gz',
        bytes: Number.MAX_SAFE_INTEGER,
      })
      .execute();

    // The database prepared once (as the primary of several server processes does: server.ts, with
    // nothing to check when scheduled backups are off), then two processes starting at once: one
    // records the shortage, the other brings that record up to date rather than adding another.
    await start(null);
    const [first] = await Promise.all([start(), start()]);
    const { terakhir, riwayat } = await first.app.backups.status();
    expect(riwayat).toHaveLength(2);
    expect(terakhir).toMatchObject({ jenis: 'terjadwal', status: 'gagal', file_name: null, bytes: null });
    expect(terakhir!.pesan).toMatch(
      new RegExp(
        `^Pemeriksaan saat server mulai: ruang kosong di folder cadangan ${backupDir} tinggal .+, ` +
          'kurang dari ukuran cadangan terakhir \\(8\\.192,0 TB\\), sehingga cadangan berikutnya kemungkinan gagal\\.',
      ),
    );
    expect(await lastFailedGauge(first)).toBe('1');

    // A backup that succeeds ends it; with room for another one, a start records nothing.
    expect((await first.request({ method: 'POST', url: '/api/backup/runs' })).statusCode).toBe(202);
    await first.app.backups.idle();
    expect(await lastFailedGauge(first)).toBe('0');
    const later = await start();
    expect((await runsOf(later)).map((run) => run.status)).toEqual(['berhasil', 'gagal', 'berhasil']);
  });
});

describe('the day’s backup missed while the server was off', () => {
  // 10:00 WIB on 3 December: the day's 01:00 backup was missed.
  const startedAt = new Date('2026-12-03T03:00:00Z');
  const startServer = async () => {
    const clock = manualClock(startedAt);
    const t = await createTestApp({ backupSchedule: DAILY_AT_0100 }, { clock });
    cleanup.push(() => t.close());
    /** The minute's look of the scheduler at `iso`, after a staff request (or a health check) then. */
    const minute = async (iso: string, request?: 'staff' | 'health') => {
      clock.set(new Date(iso));
      if (request) {
        const url = request === 'staff' ? '/api/nasabah' : '/api/health';
        expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
      }
      await t.app.backups.tick();
      await t.app.backups.idle();
    };
    return { t, minute };
  };
  const every = function* (fromIso: string, toIso: string, stepMinutes: number) {
    for (let at = Date.parse(fromIso); at <= Date.parse(toIso); at += stepMinutes * 60_000) yield new Date(at).toISOString();
  };

  it('waits while requests keep arriving, and is made after ten minutes without one (health checks do not count)', async () => {
    expect(CATCH_UP_QUIET_MS).toBe(10 * 60_000);
    const { t, minute } = await startServer();
    await minute('2026-12-03T03:00:30Z');
    expect(await runsOf(t)).toEqual([]);
    // Staff at work until 12:00 WIB, a request at least every five minutes.
    for (const at of every('2026-12-03T03:05:00Z', '2026-12-03T05:00:00Z', 5)) {
      await minute(at, 'staff');
      expect(await runsOf(t), at).toEqual([]);
    }
    // Lunch: only a monitor's health checks, every minute.
    for (const at of every('2026-12-03T05:01:00Z', '2026-12-03T05:09:00Z', 1)) await minute(at, 'health');
    await minute('2026-12-03T05:09:59Z');
    expect(await runsOf(t)).toEqual([]);
    await minute('2026-12-03T05:10:00Z', 'health');
    const runs = await runsOf(t);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ jenis: 'terjadwal', status: 'berhasil', file_name: 'mizan-backup-20261203-051000.tar.gz' });

    // Made once: staff back at work, a quiet evening, the rest of the day.
    await minute('2026-12-03T05:30:00Z', 'staff');
    await minute('2026-12-03T12:00:00Z');
    expect(await runsOf(t)).toHaveLength(1);
  });

  it('is superseded by the next scheduled backup, made at its time whatever the requests, when staff never pause', async () => {
    const { t, minute } = await startServer();
    // Requests every five minutes from 10:00 WIB on 3 December past 01:00 WIB on 4 December.
    for (const at of every('2026-12-03T03:05:00Z', '2026-12-03T17:55:00Z', 5)) await minute(at, 'staff');
    expect(await runsOf(t)).toEqual([]);
    await minute('2026-12-03T18:00:00Z', 'staff');
    const runs = await runsOf(t);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ jenis: 'terjadwal', status: 'berhasil', file_name: 'mizan-backup-20261203-180000.tar.gz' });
  });
});
