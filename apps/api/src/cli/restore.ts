// `npm run restore -- FILE`: brings a backup of `npm run backup` back into an EMPTY place:
// - PGlite (no DATABASE_URL): DATA_DIR must not exist or be empty; it is refused otherwise.
// - PostgreSQL (DATABASE_URL): the database must hold no data (it is migrated first), and the
//   receipt folder under DATA_DIR must be empty. This is also how to move from PGlite to
//   PostgreSQL: back up with the PGlite settings, restore with DATABASE_URL set.
// Everything is loaded in one transaction; on any failure nothing is kept.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { readBackup, restoreBackup, RestoreRefused } from '../lib/backup';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file) {
    console.error('Pemakaian: npm run restore -- <file cadangan .tar.gz>');
    process.exit(2);
  }
  const archive = fs.readFileSync(path.resolve(file));
  const { manifest } = readBackup(archive);
  const config = loadConfig();
  if (config.databaseUrl) {
    const handle = await openPostgres(config.databaseUrl, 2);
    try {
      await restoreBackup(handle.db, config.dataDir, archive);
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
        await restoreBackup(handle.db, config.dataDir, archive);
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
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Cadangan ${manifest.created_at} dipulihkan ke ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}:`);
  console.log(`  ${rows} baris dari ${Object.keys(manifest.tables).length} tabel, ${manifest.files.length} file kwitansi.`);
  console.log('  Semua sesi lama tidak berlaku bila JWT_SECRET berbeda; staf cukup masuk lagi.');
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Pemulihan gagal: ${(error as Error).message}`);
  process.exit(1);
}
