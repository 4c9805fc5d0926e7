// `npm run restore -- FILE`: brings a backup of `npm run backup` back into an EMPTY place:
// - PGlite (no DATABASE_URL): DATA_DIR must not exist or be empty; it is refused otherwise.
// - PostgreSQL (DATABASE_URL): the database must hold no data (it is migrated first), and the
//   receipt folder under DATA_DIR must be empty. This is also how to move from PGlite to
//   PostgreSQL: back up with the PGlite settings, restore with DATABASE_URL set.
// The archive is read as a stream and loaded in one transaction with a progress bar; everything it
// promises (rows and checksum of every table, every receipt) is checked, and on any failure
// nothing is kept.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';
import { readManifest, restoreBackup, RestoreRefused, type RestoreResult } from '../lib/backup';
import { backupProgressBar, formatSeconds, markDatabaseOpen, memoryLine } from './progress';

async function restoreInto(handle: DatabaseHandle, dataDir: string, file: string): Promise<RestoreResult> {
  markDatabaseOpen();
  const bar = backupProgressBar('Memulihkan');
  try {
    return await restoreBackup(handle.db, dataDir, file, { onProgress: (p) => bar.update(p) });
  } finally {
    bar.stop();
  }
}

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0] ? path.resolve(positionals[0]) : null;
  if (!file) {
    console.error('Pemakaian: npm run restore -- <file cadangan .tar.gz>');
    process.exit(2);
  }
  if (!fs.existsSync(file)) throw new RestoreRefused(`File ${file} tidak ada`);
  const header = await readManifest(file);
  console.log(`Cadangan ${header.created_at} (${header.db_kind}, format versi ${header.version})`);
  const config = loadConfig();
  const started = performance.now();
  let result: RestoreResult;
  if (config.databaseUrl) {
    const handle = await openPostgres(config.databaseUrl, 2);
    try {
      result = await restoreInto(handle, config.dataDir, file);
    } finally {
      await handle.close();
    }
  } else {
    const existed = fs.existsSync(config.dataDir);
    if (existed && fs.readdirSync(config.dataDir).length > 0) {
      throw new RestoreRefused(
        `Folder data ${config.dataDir} tidak kosong; pemulihan hanya ke folder kosong (atau yang belum ada)`,
      );
    }
    try {
      const handle = await openPglite(config.dataDir);
      try {
        result = await restoreInto(handle, config.dataDir, file);
      } finally {
        await handle.close();
      }
    } catch (error) {
      // The folder was empty before: leave it so, not with a half-made database.
      for (const entry of fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : []) {
        fs.rmSync(path.join(config.dataDir, entry), { recursive: true, force: true });
      }
      if (!existed) fs.rmSync(config.dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  console.log(
    `Cadangan ${result.manifest.created_at} dipulihkan ke ${config.databaseUrl ? 'PostgreSQL' : config.dataDir} ` +
      `dalam ${formatSeconds(performance.now() - started)}:`,
  );
  console.log(
    `  ${result.rows} baris dari ${result.tables} tabel, ${result.files} file kwitansi; semuanya cocok dengan checksum di arsip.`,
  );
  console.log(`  ${memoryLine()}`);
  console.log('  Semua sesi lama tidak berlaku bila JWT_SECRET berbeda; staf cukup masuk lagi.');
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Pemulihan gagal: ${(error as Error).message}`);
  process.exit(1);
}
