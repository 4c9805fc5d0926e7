// `npm run backup [-- --out DIR]`: writes DIR/mizan-backup-<UTC time>.tar.gz (default DIR:
// BACKUP_DIR, else a `backups` folder beside DATA_DIR) with every table and the receipt files.
//
// - DATABASE_URL set: reads PostgreSQL directly, in one repeatable-read snapshot (server may run).
// - PGlite, server stopped: opens the data folder itself.
// - PGlite, server running (the folder is locked): asks the server, GET /api/backup, signing in
//   as BACKUP_USERNAME/BACKUP_PASSWORD (else ADMIN_USERNAME/ADMIN_PASSWORD) at MIZAN_URL (else
//   http://HOST:PORT). The server takes the same snapshot; only an administrator may.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { DatabaseOpenError, openPglite, openPostgres } from '../db/database';
import { backupFileName, readBackup, writeBackup, type BackupManifest } from '../lib/backup';

async function viaServer(config: Config, outFile: string): Promise<BackupManifest> {
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
  try {
    const res = await fetch(`${base}/api/backup`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`Cadangan dari server gagal (${res.status}): ${await res.text()}`);
    const data = Buffer.from(await res.arrayBuffer());
    const { manifest } = readBackup(data); // checks it before keeping it
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    fs.writeFileSync(`${outFile}.partial`, data, { mode: 0o600 });
    fs.renameSync(`${outFile}.partial`, outFile);
    return manifest;
  } finally {
    await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {});
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const outDir = path.resolve(values.out ?? process.env.BACKUP_DIR ?? path.join(path.dirname(config.dataDir), 'backups'));
  const outFile = path.join(outDir, backupFileName());
  let manifest: BackupManifest;
  if (config.databaseUrl) {
    const handle = await openPostgres(config.databaseUrl, 2);
    try {
      manifest = await writeBackup(handle.db, handle.kind, config.dataDir, outFile);
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
        manifest = await writeBackup(handle.db, handle.kind, config.dataDir, outFile);
      } finally {
        await handle.close();
      }
    } else {
      manifest = await viaServer(config, outFile);
    }
  }
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Cadangan tersimpan: ${outFile}`);
  console.log(
    `  ${rows} baris dari ${Object.keys(manifest.tables).length} tabel, ${manifest.files.length} file kwitansi, ${fs.statSync(outFile).size} byte`,
  );
  if (manifest.missing_files.length > 0)
    console.warn(`  Peringatan: file kwitansi tidak ditemukan: ${manifest.missing_files.join(', ')}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Cadangan gagal: ${(error as Error).message}`);
  process.exit(1);
}
