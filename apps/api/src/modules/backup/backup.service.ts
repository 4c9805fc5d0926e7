import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  BACKUP_FILE_PATTERN,
  jakartaInstant,
  todayJakarta,
  type BackupFile,
  type BackupRun,
  type BackupStatus,
} from '@mizan/core';
import { backupFileName, writeBackup, writeBackupFile } from '../../lib/backup';
import { backupCopyInChild } from '../../lib/backup-process';
import { conflict } from '../../lib/errors';
import * as repo from './backup.repository';
import { reasonOf, spaceShortage } from './backup-folder';

/** How often each process looks whether the day's backup is due (and for runs whose process died). */
export const BACKUP_TICK_MS = 60_000;
/**
 * A catch-up backup (the day's time passed before this process started: the server was off, or is
 * new) waits for this long without staff requests, counted from the start, so that a large data
 * folder's backup does not weigh on the first hours of work; the next scheduled time comes first
 * if staff never pause that long.
 */
export const CATCH_UP_QUIET_MS = 10 * 60_000;
/** Starts the pesan of a failed run that the start-time check of the folder recorded. */
const START_CHECK_PREFIX = 'Pemeriksaan saat server mulai: ';
/** How often a running backup says it is alive (repo.STALE_AFTER_SECONDS makes it stale). */
const HEARTBEAT_MS = 30_000;
/** Runs shown in the history. */
const HISTORY = 10;
/** A leftover partial file (a crash) older than this is removed. */
const PARTIAL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's backups: scheduled and "Backup sekarang" (modules/backup). */
    backups: BackupRunner;
  }
}

export interface BackupRunner {
  /** Makes today's scheduled backup when its time has passed and no process has made it. */
  tick(): Promise<void>;
  /** "Backup sekarang": starts a backup and answers at once with its running row; 409 while one runs. */
  startManual(oleh: string): Promise<BackupRun>;
  status(): Promise<BackupStatus>;
  /** The path of a backup file the server keeps, or null for any other name. */
  fileOf(name: string): string | null;
  /** Resolves when this process runs no backup (tests). */
  idle(): Promise<void>;
}

type RunRow = NonNullable<Awaited<ReturnType<typeof repo.runById>>>;
const toRun = (row: RunRow): BackupRun => ({
  ...row,
  started_at: new Date(row.started_at).toISOString(),
  finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  bytes: row.bytes === null ? null : Number(row.bytes),
});

/** Backup files in the folder, newest first. */
function listFiles(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .flatMap((name) => {
      try {
        const stat = fs.statSync(path.join(dir, name));
        return [{ name, bytes: stat.size, dibuat: stat.mtime.toISOString(), at: stat.mtimeMs }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name))
    .map(({ at: _at, ...file }) => file);
}

/** A name for a new backup that no file has yet. */
function freshName(dir: string, now: Date): string {
  const base = backupFileName(now);
  if (!fs.existsSync(path.join(dir, base))) return base;
  for (let n = 2; ; n++) {
    const name = base.replace('.tar.gz', `-${n}.tar.gz`);
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
}

/**
 * Scheduled backups (BACKUP_SCHEDULE, daily at a Jakarta time, default 01:00) and "Backup
 * sekarang", into BACKUP_DIR (default DATA_DIR/backups), keeping the newest BACKUP_KEEP files.
 * Every process looks each minute; the day's run is claimed in `backup_runs` (one per slot, one
 * backup at a time across processes), so one process makes it. A server that was off at the time
 * makes it after it starts, once requests pause (CATCH_UP_QUIET_MS). A run whose process died is
 * made again by the next process to look (its heartbeat went stale); a stopping process lets go of
 * its run the same way. A failure is recorded with its reason, logged, shown in Lainnya → Cadangan
 * Data and in /metrics; it is not retried by itself (a full disk would fail again), an
 * administrator presses "Backup sekarang". At start, a folder short of space for another backup
 * is reported the same way.
 */
export function createBackupRunner(app: FastifyInstance): BackupRunner {
  const { backupDir, backupKeep, backupSchedule, dataDir } = app.config;
  const stop = new AbortController();
  let running: Promise<void> | null = null;
  const startedAt = app.clock.now().getTime();
  let lastStaffRequestAt = startedAt;
  let catchUpAnnounced = false;

  const prune = () => {
    const files = listFiles(backupDir);
    for (const file of files.slice(backupKeep)) fs.rmSync(path.join(backupDir, file.name), { force: true });
    for (const name of fs.readdirSync(backupDir)) {
      if (!name.includes('.partial-')) continue;
      const file = path.join(backupDir, name);
      if (Date.now() - fs.statSync(file).mtimeMs > PARTIAL_MAX_AGE_MS) fs.rmSync(file, { force: true });
    }
  };

  const execute = async (id: number, jenis: BackupRun['jenis']) => {
    const beat = setInterval(
      () => void repo.heartbeat(app.db, id).catch((err: unknown) => app.log.warn({ err }, 'backup heartbeat not recorded')),
      HEARTBEAT_MS,
    );
    beat.unref();
    const started = performance.now();
    try {
      fs.mkdirSync(backupDir, { recursive: true });
      const name = freshName(backupDir, app.clock.now());
      const file = path.join(backupDir, name);
      // The embedded database: a private copy for the minute the backup reads (db/database.ts),
      // read by a child process whose memory is given back when it ends (lib/backup-process.ts).
      const snapshot = app.dbSnapshot ? await app.dbSnapshot() : null;
      try {
        if (snapshot)
          await writeBackupFile(file, (out) =>
            backupCopyInChild({ copyDir: snapshot.dir, dataDir, dbKind: app.dbKind }, out, { signal: stop.signal }),
          );
        else await writeBackup(app.db, app.dbKind, dataDir, file, { signal: stop.signal });
      } finally {
        await snapshot?.close().catch((err: unknown) => app.log.warn({ err }, 'backup snapshot not removed'));
      }
      const bytes = fs.statSync(file).size;
      await repo.finishRun(app.db, id, { file_name: name, bytes });
      app.log.info({ jenis, file, bytes, ms: Math.round(performance.now() - started) }, 'backup written');
      prune();
    } catch (error) {
      if (stop.signal.aborted && jenis === 'terjadwal') {
        await repo.releaseRun(app.db, id).catch(() => {});
        app.log.warn('scheduled backup stopped with the server; the next process to look makes it again');
        return;
      }
      const reason = reasonOf(error as NodeJS.ErrnoException);
      app.log.error({ err: error, jenis }, 'backup failed');
      await repo
        .finishRun(app.db, id, { pesan: `Cadangan gagal: ${reason}` })
        .catch((err: unknown) => app.log.error({ err }, 'failed backup not recorded'));
    } finally {
      clearInterval(beat);
    }
  };

  const launch = (id: number, jenis: BackupRun['jenis']) => {
    running = execute(id, jenis).finally(() => {
      running = null;
    });
  };

  const runner: BackupRunner = {
    async tick() {
      if (stop.signal.aborted || running) return;
      await repo.failStaleManual(app.db);
      if (!backupSchedule) return;
      const now = app.clock.now();
      const slot = todayJakarta(now);
      const dueAt = jakartaInstant(slot, backupSchedule.hour, backupSchedule.minute).getTime();
      if (now.getTime() < dueAt) return;
      const existing = await repo.scheduledRunOf(app.db, slot);
      if (existing && existing.status !== 'berjalan') return;
      // Its time passed before this process started: a catch-up, made once requests pause. If they
      // never do, the next day's run takes its place at its own time, as any on-time run does.
      if (dueAt < startedAt && now.getTime() - lastStaffRequestAt < CATCH_UP_QUIET_MS) {
        if (!catchUpAnnounced)
          app.log.info(
            { slot, quietMinutes: CATCH_UP_QUIET_MS / 60_000 },
            "today's backup time passed before this server started: it is made after a pause in requests, or at the next scheduled time",
          );
        catchUpAnnounced = true;
        return;
      }
      const id = await repo.claimScheduled(app.db, slot);
      if (id === null || running) return;
      launch(id, 'terjadwal');
    },
    async startManual(oleh) {
      await repo.failStaleManual(app.db);
      const id = await repo.claimManual(app.db, oleh);
      if (id === null) throw conflict('Cadangan sedang dibuat. Tunggu sampai selesai, lalu coba lagi.');
      launch(id, 'manual');
      return toRun((await repo.runById(app.db, id))!);
    },
    async status() {
      const runs = (await repo.recentRuns(app.db, HISTORY)).map(toRun);
      return {
        jadwal: backupSchedule
          ? `${String(backupSchedule.hour).padStart(2, '0')}:${String(backupSchedule.minute).padStart(2, '0')}`
          : null,
        simpan: backupKeep,
        folder: backupDir,
        berjalan: runs.find((run) => run.status === 'berjalan') ?? null,
        terakhir: runs.find((run) => run.status !== 'berjalan') ?? null,
        riwayat: runs,
        files: listFiles(backupDir),
      };
    },
    fileOf(name) {
      if (!BACKUP_FILE_PATTERN.test(name)) return null;
      const file = path.join(backupDir, name);
      return fs.existsSync(file) ? file : null;
    },
    idle: async () => {
      await running;
    },
  };

  let timer: NodeJS.Timeout | undefined;
  const tickSafely = () =>
    void runner
      .tick()
      .catch((err: unknown) => app.log.error({ err }, 'backup schedule check failed; it looks again in a minute'));
  /**
   * Room in the folder for a backup the size of the last one? (server.ts has refused a folder it
   * cannot write.) A shortage is logged and recorded as a failed run, shown in Cadangan Data and
   * /metrics until a backup succeeds.
   */
  const checkSpaceAtStart = async () => {
    const neededBytes = (await repo.lastBackupBytes(app.db)) ?? listFiles(backupDir)[0]?.bytes ?? 0;
    if (neededBytes === 0) return;
    const shortage = spaceShortage(backupDir, neededBytes);
    if (!shortage) return;
    const pesan = `${START_CHECK_PREFIX}${shortage}`;
    app.log.error({ folder: backupDir, pesan }, 'backup folder short of space');
    await repo.recordStartCheckFailure(app.db, pesan, START_CHECK_PREFIX);
  };
  if (backupSchedule)
    // Staff at work, for the catch-up: API requests, except the health checks that monitors and
    // load balancers send all day. Each process counts what it answers.
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/health'))
        lastStaffRequestAt = app.clock.now().getTime();
    });
  app.addHook('onReady', async () => {
    if (backupSchedule)
      await checkSpaceAtStart().catch((err: unknown) => app.log.error({ err }, 'backup folder space not checked at start'));
    timer = setInterval(tickSafely, BACKUP_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  });
  return runner;
}
