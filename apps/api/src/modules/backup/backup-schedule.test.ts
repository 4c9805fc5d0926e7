/**
 * Scheduled backups and "Backup sekarang" (issue 28 B), with a clock the test moves: the day's
 * backup runs once its Jakarta time has passed (and not before, across midnight and a month's end),
 * once per day, once across two processes on one PostgreSQL; it is listed with its size, downloads,
 * and restores every table and receipt identically; old files beyond BACKUP_KEEP are removed; a
 * failure is recorded and shown; a run whose process died is made again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { BackupStatus } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-db';
import { populate } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { restoreBackup, tableContents, verifyBackup } from '../../lib/backup';
import { kwitansiDir } from '../../lib/file-storage';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/database';

const clock = manualClock(new Date('2026-11-30T16:00:00Z')); // 23:00 WIB, 30 November
let t: TestApp;
const cleanup: (() => Promise<void> | void)[] = [];

const status = async (app = t) => {
  const res = await app.request({ method: 'GET', url: '/api/backup/status' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BackupStatus;
};
const filesOf = (dir: string) =>
  Object.fromEntries(
    (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []).map((name) => [
      name,
      fs.readFileSync(path.join(dir, name)).toString('base64'),
    ]),
  );

beforeAll(async () => {
  // 23:59 WIB: the last minute of a day, at a month's end.
  t = await createTestApp({ backupSchedule: { hour: 23, minute: 59 }, backupKeep: 3 }, { clock });
  await populate(t);
});
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
  await t.close();
});

describe('the scheduled backup', () => {
  it('waits for its Jakarta time, runs once that day, and is listed with its size', async () => {
    clock.set(new Date('2026-11-30T16:58:59Z')); // 23:58:59 WIB
    await t.app.backups.tick();
    await t.app.backups.idle();
    expect((await status()).riwayat).toEqual([]);

    clock.set(new Date('2026-11-30T16:59:00Z')); // 23:59:00 WIB
    await t.app.backups.tick();
    const running = await status();
    expect(running.berjalan).toMatchObject({ jenis: 'terjadwal', status: 'berjalan' });
    await t.app.backups.idle();
    const done = await status();
    expect(done.berjalan).toBeNull();
    expect(done.terakhir).toMatchObject({ jenis: 'terjadwal', status: 'berhasil', pesan: null, oleh: null });
    expect(done.terakhir!.file_name).toBe('mizan-backup-20261130-165900.tar.gz');
    const onDisk = fs.statSync(path.join(t.config.backupDir, done.terakhir!.file_name!)).size;
    expect(done.terakhir!.bytes).toBe(onDisk);
    expect(done.files).toEqual([{ name: 'mizan-backup-20261130-165900.tar.gz', bytes: onDisk, dibuat: expect.any(String) }]);
    expect(done).toMatchObject({ jadwal: '23:59', simpan: 3, folder: t.config.backupDir });

    // Later the same day, and again a minute later: nothing new.
    clock.set(new Date('2026-11-30T16:59:59Z'));
    await t.app.backups.tick();
    await t.app.backups.idle();
    expect((await status()).riwayat).toHaveLength(1);

    // Past Jakarta's midnight (1 December, 00:00 WIB): the new day's time has not come yet.
    clock.set(new Date('2026-11-30T17:00:00Z'));
    await t.app.backups.tick();
    await t.app.backups.idle();
    expect((await status()).riwayat).toHaveLength(1);
  });

  it('restores into an empty database and folder with every table and receipt identical', async () => {
    const { terakhir } = await status();
    const file = path.join(t.config.backupDir, terakhir!.file_name!);
    await verifyBackup(file);
    const target = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-restore-'));
    cleanup.push(
      () => target.close(),
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
    );
    await restoreBackup(target.db, dataDir, file);
    const [before, after] = [await tableContents(t.app.db), await tableContents(target.db)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(Object.keys(after)).not.toContain('server_secrets');
    expect(Object.keys(after)).not.toContain('backup_runs');
    expect(filesOf(kwitansiDir(dataDir))).toEqual(filesOf(kwitansiDir(t.config.dataDir)));
    expect(Object.keys(filesOf(kwitansiDir(dataDir))).length).toBeGreaterThan(0);
  });

  it('downloads a kept file to administrators only, and nothing else by name', async () => {
    const { files } = await status();
    const name = files[0]!.name;
    const res = await t.request({ method: 'GET', url: `/api/backup/files/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(t.config.backupDir, name)))).toBe(true);

    for (const bad of ['..%2Fsecret', 'secret', 'mizan-backup-20991231-000000.tar.gz']) {
      const missing = await t.request({ method: 'GET', url: `/api/backup/files/${bad}` });
      expect(missing.statusCode, bad).toBe(404);
      expect(missing.json().message).toBe('File cadangan tidak ditemukan');
    }
    const operator = await t.createUser({ username: 'operator-cadangan', password: 'operator-rahasia-1', role: 'operator' });
    for (const [method, url] of [
      ['GET', `/api/backup/files/${name}`],
      ['GET', '/api/backup/status'],
      ['POST', '/api/backup/runs'],
    ] as const) {
      const res = await t.request({ method, url, token: operator.token });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('Backup sekarang', () => {
  it('starts at once (202), refuses a second one while it runs (409), and keeps the newest BACKUP_KEEP files', async () => {
    clock.set(new Date('2026-12-01T02:00:00Z'));
    const first = await t.request({ method: 'POST', url: '/api/backup/runs' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toMatchObject({ jenis: 'manual', status: 'berjalan', oleh: 'admin' });
    const second = await t.request({ method: 'POST', url: '/api/backup/runs' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Cadangan sedang dibuat. Tunggu sampai selesai, lalu coba lagi.');
    await t.app.backups.idle();

    for (const at of ['2026-12-01T02:00:01Z', '2026-12-01T02:00:02Z']) {
      clock.set(new Date(at));
      expect((await t.request({ method: 'POST', url: '/api/backup/runs' })).statusCode).toBe(202);
      await t.app.backups.idle();
    }
    const { files, riwayat } = await status();
    expect(riwayat.map((run) => run.status)).toEqual(['berhasil', 'berhasil', 'berhasil', 'berhasil']);
    // Four made, three kept: the scheduled one of 30 November, the oldest, is gone.
    expect(files.map((f) => f.name)).toEqual([
      'mizan-backup-20261201-020002.tar.gz',
      'mizan-backup-20261201-020001.tar.gz',
      'mizan-backup-20261201-020000.tar.gz',
    ]);
    expect(fs.readdirSync(t.config.backupDir).sort()).toEqual(files.map((f) => f.name).sort());
  });

  it('records a failure with its reason and shows it, never silently', async () => {
    const blocked = path.join(t.config.dataDir, 'not-a-folder');
    fs.writeFileSync(blocked, 'x');
    const failing = await createTestApp({ backupDir: path.join(blocked, 'backups') }, { clock });
    cleanup.push(() => failing.close());
    expect((await failing.request({ method: 'POST', url: '/api/backup/runs' })).statusCode).toBe(202);
    await failing.app.backups.idle();
    const { terakhir, files } = await status(failing);
    expect(terakhir).toMatchObject({ status: 'gagal', file_name: null, bytes: null });
    expect(terakhir!.pesan).toMatch(/^Cadangan gagal: .*(ENOTDIR|not a directory)/);
    expect(files).toEqual([]);
  });
});

describe('a run whose process died', () => {
  it('is made again by the next process to look (its heartbeat went stale)', async () => {
    clock.set(new Date('2026-12-01T17:00:00Z')); // 2 December, 00:00 WIB
    const crashed = await createTestApp({ backupSchedule: { hour: 0, minute: 0 } }, { clock });
    cleanup.push(() => crashed.close());
    await crashed.app.db
      .insertInto('backup_runs')
      .values({
        jenis: 'terjadwal',
        slot: '2026-12-02',
        status: 'berjalan',
        heartbeat_at: sql<Date>`now() - interval '10 minutes'`,
      })
      .execute();
    await crashed.app.backups.tick();
    await crashed.app.backups.idle();
    const { riwayat } = await status(crashed);
    expect(riwayat).toHaveLength(1);
    expect(riwayat[0]).toMatchObject({ jenis: 'terjadwal', status: 'berhasil' });
  });

  it('a "Backup sekarang" of a dead process is failed, so it does not block the next one', async () => {
    const app = await createTestApp({}, { clock });
    cleanup.push(() => app.close());
    await app.app.db
      .insertInto('backup_runs')
      .values({ jenis: 'manual', status: 'berjalan', oleh: 'admin', heartbeat_at: sql<Date>`now() - interval '10 minutes'` })
      .execute();
    expect((await app.request({ method: 'POST', url: '/api/backup/runs' })).statusCode).toBe(202);
    await app.app.backups.idle();
    const { riwayat } = await status(app);
    expect(riwayat.map((run) => [run.status, run.pesan])).toEqual([
      ['berhasil', null],
      ['gagal', 'Terhenti: server berhenti saat cadangan dibuat.'],
    ]);
  });
});

describe.runIf(process.env.MIZAN_TEST_DB === 'postgres')('two processes on one PostgreSQL', () => {
  it('make the day’s backup once', async () => {
    const database = await createTestDatabase();
    const at = manualClock(new Date('2026-12-02T18:30:00Z'));
    const one = await createTestApp({ backupSchedule: { hour: 1, minute: 0 } }, { clock: at, database });
    cleanup.push(() => one.close());
    const other = await buildApp(one.config, { database: await openPostgres(database.url!, 2), clock: at });
    cleanup.push(() => other.close());
    // Started after 01:00 WIB: the day's backup is a catch-up, made after ten minutes without requests.
    at.set(new Date('2026-12-02T18:40:00Z'));
    await Promise.all([one.app.backups.tick(), other.backups.tick(), one.app.backups.tick(), other.backups.tick()]);
    await Promise.all([one.app.backups.idle(), other.backups.idle()]);
    const { riwayat, files } = await status(one);
    expect(riwayat).toHaveLength(1);
    expect(riwayat[0]).toMatchObject({ jenis: 'terjadwal', status: 'berhasil' });
    expect(files).toHaveLength(1);
  });
});
