/**
 * Backups (issue 11): a logical dump of every table plus the receipt files, in one gzipped tar.
 *
 * Why logical and not a copy of the PGlite folder: the running server holds the PGlite folder
 * (one process, a lock file), and a file copy of a live cluster is not consistent. The dump reads
 * every table as JSON (`to_jsonb(row)`) inside ONE repeatable-read transaction, so all tables come
 * from the same instant while staff keep working; it restores as well into PGlite as into
 * PostgreSQL (that is also the way to move from one to the other).
 *
 * Archive layout (ustar, gzip):
 *   manifest.json          format, version, time, migrations, row counts, sequences, files (sha256)
 *   db/<table>.jsonl       one JSON object per row, in primary-key order
 *   kwitansi/<name>        the receipt files referenced by a loan (soft-deleted loans included)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { kwitansiDir, STORED_FILE_NAME } from './file-storage';

export const BACKUP_FORMAT = 'mizan-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  db_kind: string;
  migrations: string[];
  tables: Record<string, number>;
  sequences: Record<string, number | null>;
  files: { name: string; size: number; sha256: string }[];
  /** Receipts a loan names but that were not on disk when the backup ran. */
  missing_files: string[];
}

// ---------------------------------------------------------------------------------------------
// A tiny ustar writer and reader (names < 100 bytes, regular files only)
// ---------------------------------------------------------------------------------------------
function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512, 0);
  if (Buffer.byteLength(name) >= 100) throw new Error(`tar: name too long: ${name}`);
  header.write(name, 0, 'utf8');
  header.write('0000644\0', 100, 'ascii'); // mode
  header.write('0000000\0', 108, 'ascii'); // uid
  header.write('0000000\0', 116, 'ascii'); // gid
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  header.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  header.write('        ', 148, 'ascii'); // checksum placeholder
  header.write('0', 156, 'ascii'); // regular file
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

function tarEntry(name: string, data: Buffer): Buffer[] {
  const pad = (512 - (data.length % 512)) % 512;
  return [tarHeader(name, data.length), data, Buffer.alloc(pad, 0)];
}

/** The entries of an uncompressed tar. */
export function readTar(tar: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0 || offset + 512 + size > tar.length)
      throw new Error('Arsip cadangan rusak atau terpotong');
    entries.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + size + ((512 - (size % 512)) % 512);
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Database helpers shared by dump and restore
// ---------------------------------------------------------------------------------------------
type Db = Kysely<DB> | Transaction<DB>;

/** The application's tables (migration bookkeeping excluded), parents before children. */
async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by table_name`.execute(db)
  ).rows.map((r) => r.name);
  const edges = (
    await sql<{ child: string; parent: string }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table && tables.includes(e.parent)) visit(e.parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Every row of a table as JSON text, in a stable order (primary key, else the whole row). */
async function dumpTable(db: Db, table: string): Promise<string[]> {
  const rows = await sql<{ j: string }>`select to_jsonb(t)::text as j from ${sql.table(table)} t order by 1, t::text`.execute(db);
  return rows.rows.map((r) => r.j);
}

async function sequences(db: Db): Promise<Record<string, number | null>> {
  const rows = await sql<{ name: string; last_value: string | number | null }>`
    select sequencename as name, last_value from pg_sequences where schemaname = current_schema() order by 1`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.last_value === null ? null : Number(r.last_value)]));
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Every table's rows as JSON text: what the round-trip test and the restore check compare. */
export async function tableContents(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(db)) out[table] = await dumpTable(db, table);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dump
// ---------------------------------------------------------------------------------------------
/** A timestamped file name: mizan-backup-20261122-073000.tar.gz (UTC). */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `mizan-backup-${stamp}.tar.gz`;
}

/**
 * Writes a consistent backup to `outFile` (written to a temporary name, then renamed, so a
 * crash never leaves a half file under the final name). Safe while the server runs.
 */
export async function writeBackup(db: Kysely<DB>, dbKind: string, dataDir: string, outFile: string): Promise<BackupManifest> {
  const chunks: Buffer[] = [];
  const manifest: BackupManifest = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const result: BackupManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        db_kind: dbKind,
        migrations: await appliedMigrations(trx),
        tables: {},
        sequences: await sequences(trx),
        files: [],
        missing_files: [],
      };
      for (const table of await tablesInDependencyOrder(trx)) {
        const rows = await dumpTable(trx, table);
        result.tables[table] = rows.length;
        chunks.push(...tarEntry(`db/${table}.jsonl`, Buffer.from(rows.map((r) => `${r}\n`).join(''))));
      }
      // Receipt files are written once under a random name and never changed, so copying the
      // ones the snapshot names is consistent with it; read while the snapshot is held.
      const names = await trx.selectFrom('pinjaman').select('kwitansi').where('kwitansi', 'is not', null).execute();
      const dir = kwitansiDir(dataDir);
      for (const name of [...new Set(names.map((n) => n.kwitansi!))].sort()) {
        if (!STORED_FILE_NAME.test(name)) continue;
        let data: Buffer;
        try {
          data = fs.readFileSync(path.join(dir, name));
        } catch {
          result.missing_files.push(name);
          continue;
        }
        result.files.push({ name, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') });
        chunks.push(...tarEntry(`kwitansi/${name}`, data));
      }
      return result;
    });
  const archive = Buffer.concat([
    ...tarEntry('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2))),
    ...chunks,
    Buffer.alloc(1024, 0),
  ]);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const temporary = `${outFile}.partial-${process.pid}`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(fd, zlib.gzipSync(archive));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, outFile);
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// Restore
// ---------------------------------------------------------------------------------------------
export class RestoreRefused extends Error {}

/** Reads and checks an archive: format, version, every table file and every receipt's sha256. */
export function readBackup(file: string | Buffer): { manifest: BackupManifest; entries: Map<string, Buffer> } {
  let entries: Map<string, Buffer>;
  try {
    entries = readTar(zlib.gunzipSync(typeof file === 'string' ? fs.readFileSync(file) : file));
  } catch (error) {
    throw new RestoreRefused(`File cadangan tidak dapat dibaca: ${(error as Error).message}`);
  }
  const raw = entries.get('manifest.json');
  const manifest = raw ? (JSON.parse(raw.toString('utf8')) as BackupManifest) : null;
  if (!manifest || manifest.format !== BACKUP_FORMAT) throw new RestoreRefused('File ini bukan cadangan mizan');
  if (manifest.version > BACKUP_VERSION)
    throw new RestoreRefused(`Versi cadangan ${manifest.version} lebih baru dari aplikasi ini`);
  for (const table of Object.keys(manifest.tables)) {
    if (!entries.has(`db/${table}.jsonl`)) throw new RestoreRefused(`Cadangan tidak lengkap: tabel ${table} tidak ada`);
  }
  for (const f of manifest.files) {
    const data = entries.get(`kwitansi/${f.name}`);
    if (!data || crypto.createHash('sha256').update(data).digest('hex') !== f.sha256) {
      throw new RestoreRefused(`Cadangan rusak: file kwitansi ${f.name} tidak cocok`);
    }
  }
  return { manifest, entries };
}

/** Tables that hold rows the migrations did not put there (a restore needs none of them). */
async function userRowCount(db: Db, migrationSeeded: Record<string, string[]>): Promise<number> {
  let total = 0;
  for (const table of await tablesInDependencyOrder(db)) {
    const rows = await dumpTable(db, table);
    const seeded = new Set(migrationSeeded[table] ?? []);
    total += rows.filter((r) => !seeded.has(r)).length;
  }
  return total;
}

/**
 * Restores an archive into a freshly migrated, EMPTY database and receipt folder, in one
 * transaction. Refuses a database that already holds data or a receipt folder with files.
 * Trigger-kept tables (stat counters, data versions) are loaded again last, so they hold exactly
 * the backed-up values whatever the triggers did during the load.
 */
export async function restoreBackup(db: Kysely<DB>, dataDir: string, file: string | Buffer): Promise<BackupManifest> {
  const { manifest, entries } = readBackup(file);
  const dir = kwitansiDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new RestoreRefused(`Folder kwitansi ${dir} tidak kosong`);

  const migrations = await appliedMigrations(db);
  const unknown = manifest.migrations.filter((m) => !migrations.includes(m));
  if (unknown.length > 0)
    throw new RestoreRefused(`Cadangan dibuat oleh versi aplikasi yang lebih baru (migrasi ${unknown.join(', ')})`);

  await db.transaction().execute(async (trx) => {
    // What the migrations seed by themselves (e.g. the data_versions row) does not count as data.
    const seeded = { data_versions: await dumpTable(trx, 'data_versions').catch(() => []) };
    if ((await userRowCount(trx, seeded)) > 0)
      throw new RestoreRefused('Database tujuan tidak kosong; pemulihan hanya ke database kosong');

    const order = (await tablesInDependencyOrder(trx)).filter((t) => t in manifest.tables);
    const withTriggers = new Set(
      (
        await sql<{ name: string }>`
          select distinct event_object_table as name from information_schema.triggers where trigger_schema = current_schema()`.execute(
          trx,
        )
      ).rows.map((r) => r.name),
    );
    const referenced = new Set(
      (
        await sql<{ name: string }>`
          select c.confrelid::regclass::text as name from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = current_schema()`.execute(trx)
      ).rows.map((r) => r.name),
    );
    const load = async (table: string) => {
      const lines = entries
        .get(`db/${table}.jsonl`)!
        .toString('utf8')
        .split('\n')
        .filter((l) => l.length > 0);
      await sql`delete from ${sql.table(table)}`.execute(trx);
      // Generated columns (nasabah.search_text) are computed again from the restored fields.
      const columns = (
        await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`.execute(trx)
      ).rows.map((r) => sql.ref(r.name));
      for (let i = 0; i < lines.length; i += 500) {
        const batch = `[${lines.slice(i, i + 500).join(',')}]`;
        await sql`insert into ${sql.table(table)} (${sql.join(columns)}) overriding system value
          select ${sql.join(columns)} from jsonb_populate_recordset(null::${sql.table(table)}, ${batch}::jsonb)`.execute(trx);
      }
    };
    for (const table of order) await load(table);
    // Reload what triggers may have changed during the load: tables no key points to and that
    // have no triggers of their own (reloading them fires nothing).
    for (const table of order) if (!referenced.has(table) && !withTriggers.has(table)) await load(table);
    for (const [name, value] of Object.entries(manifest.sequences)) {
      if (value !== null) await sql`select setval(${name}::regclass, ${value}, true)`.execute(trx);
    }
    // Files last, still inside the transaction: a failure here rolls the rows back.
    fs.mkdirSync(dir, { recursive: true });
    try {
      for (const f of manifest.files) {
        const target = path.join(dir, f.name);
        fs.writeFileSync(target, entries.get(`kwitansi/${f.name}`)!, { flag: 'wx', mode: 0o600 });
      }
    } catch (error) {
      for (const f of manifest.files) fs.rmSync(path.join(dir, f.name), { force: true });
      throw error;
    }
  });
  return manifest;
}
