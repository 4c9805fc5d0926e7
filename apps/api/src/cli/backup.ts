// `npm run backup [-- --out DIR]`: writes DIR/mizan-backup-<UTC time>.tar.gz (default DIR:
// BACKUP_DIR, else a `backups` folder beside DATA_DIR) with every table and the receipt files,
// streamed (memory stays flat at any size), with a progress bar, then its size and duration.
//
// - DATABASE_URL set: reads PostgreSQL directly, in one repeatable-read snapshot (server may run).
// - PGlite, server stopped: opens the data folder itself.
// - PGlite, server running (the folder is locked): asks the server, GET /api/backup, signing in
//   as BACKUP_USERNAME/BACKUP_PASSWORD (else ADMIN_USERNAME/ADMIN_PASSWORD) at MIZAN_URL (else
//   http://HOST:PORT). The server takes the same snapshot; only an administrator may. The
//   download is checked from end to end before it is kept.
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { DatabaseOpenError, openPglite, openPostgres, type DatabaseHandle } from '../db/database';
import { backupFileName, verifyBackup, writeBackup, type BackupSummary } from '../lib/backup';
import { backupProgressBar, bytesProgress, formatBytes, formatSeconds, markDatabaseOpen, memoryLine } from './progress';

interface Done {
  rows: number;
  tables: number;
  files: number;
  missing: string[];
}

const doneOf = (
  summary: Pick<BackupSummary, 'files' | 'missing_files'> & { tables: Record<string, { rows: number }> },
): Done => ({
  rows: Object.values(summary.tables).reduce((a, t) => a + t.rows, 0),
  tables: Object.keys(summary.tables).length,
  files: summary.files.length,
  missing: summary.missing_files,
});

async function viaServer(config: Config, outFile: string): Promise<Done> {
  markDatabaseOpen();
  const base = process.env.MIZAN_URL?.trim() || `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const username = process.env.BACKUP_USERNAME || config.adminUsername;
  const password = process.env.BACKUP_PASSWORD || config.adminPassword;
  if (!password)
    throw new Error(
      'Server sedang berjalan: isi BACKUP_USERNAME dan BACKUP_PASSWORD (akun administrator) agar cadangan diambil lewat server.',
    );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok)
    throw new Error(`Masuk ke ${base} gagal (${login.status}): ${((await login.json()) as { message?: string }).message ?? ''}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const temporary = `${outFile}.partial-${process.pid}`;
  try {
    console.log(`Server sedang memegang database; cadangan diambil lewat ${base}/api/backup`);
    const res = await fetch(`${base}/api/backup`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`Cadangan dari server gagal (${res.status}): ${await res.text()}`);
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    const progress = bytesProgress('Mengunduh cadangan:');
    try {
      await pipeline(
        Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>),
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            progress.add(chunk.length);
            done(null, chunk);
          },
        }),
        fs.createWriteStream(temporary, { mode: 0o600 }),
      );
    } finally {
      progress.stop();
    }
    console.log('Memeriksa arsip dari awal sampai akhir...');
    const { summary } = await verifyBackup(temporary);
    fs.renameSync(temporary, outFile);
    return doneOf(summary);
  } finally {
    fs.rmSync(temporary, { force: true });
    await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {});
  }
}

async function direct(handle: DatabaseHandle, config: Config, outFile: string): Promise<Done> {
  markDatabaseOpen();
  const bar = backupProgressBar('Mencadangkan');
  try {
    const { summary } = await writeBackup(handle.db, handle.kind, config.dataDir, outFile, {
      countRows: true,
      onProgress: (p) => bar.update(p),
    });
    return doneOf(summary);
  } finally {
    bar.stop();
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const outDir = path.resolve(values.out ?? process.env.BACKUP_DIR ?? path.join(path.dirname(config.dataDir), 'backups'));
  const outFile = path.join(outDir, backupFileName());
  const started = performance.now();
  let done: Done;
  if (config.databaseUrl) {
    const handle = await openPostgres(config.databaseUrl, 2);
    try {
      done = await direct(handle, config, outFile);
    } finally {
      await handle.close();
    }
  } else {
    if (!fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) throw new Error(`Tidak ada database di ${config.dataDir}`);
    let handle;
    try {
      handle = await openPglite(config.dataDir);
    } catch (error) {
      if (!(error instanceof DatabaseOpenError) || !/sedang dipakai/.test(error.message)) throw error;
      handle = null;
    }
    if (handle) {
      try {
        done = await direct(handle, config, outFile);
      } finally {
        await handle.close();
      }
    } else {
      done = await viaServer(config, outFile);
    }
  }
  console.log(`Cadangan tersimpan: ${outFile}`);
  console.log(
    `  ${done.rows} baris dari ${done.tables} tabel, ${done.files} file kwitansi, ` +
      `${formatBytes(fs.statSync(outFile).size)} (${fs.statSync(outFile).size} byte), ${formatSeconds(performance.now() - started)}`,
  );
  console.log(`  ${memoryLine()}`);
  if (done.missing.length > 0) console.warn(`  Peringatan: file kwitansi tidak ditemukan: ${done.missing.join(', ')}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Cadangan gagal: ${(error as Error).message}`);
  process.exit(1);
}
