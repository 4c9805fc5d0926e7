/**
 * Backups (issues 11 and 29): a logical dump of every table plus the receipt files, in one
 * gzipped tar, streamed end to end so that memory stays flat whatever the size of the books.
 *
 * Why logical and not a copy of the PGlite folder: the running server holds the PGlite folder
 * (one process, a lock file), and a file copy of a live cluster is not consistent. The dump reads
 * every table as JSON (`to_jsonb(row)`) inside ONE repeatable-read transaction, so all tables come
 * from the same instant while staff keep working; it restores as well into PGlite as into
 * PostgreSQL (that is also the way to move from one to the other).
 *
 * Archive layout, version 2 (tar with pax headers where needed, gzip; docs/operations.md):
 *   manifest.json               first: format, version, time, database kind, migrations,
 *                               sequences, the tables in load order (and their row counts when
 *                               the backup counted them first)
 *   db/<table>/<000001>.jsonl   one JSON object per row, in primary-key order, in parts of ≤ 4 MiB
 *   kwitansi/<name>             the receipt files referenced by a loan (soft-deleted loans included)
 *   summary.json                last: rows and SHA-256 of every table, size and SHA-256 of every
 *                               receipt, receipts a loan names that were missing on disk
 * Version 1 (the archives of issue 11, built in memory) had one manifest.json first with the row
 * counts and receipt checksums and one `db/<table>.jsonl` per table; it still restores.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import tar from 'tar-stream';
import type { DB } from '../db/schema';
import { dropForeignKeys, dropSecondaryIndexes, recreateForeignKeys, recreateIndexes, setUserTriggers } from '../db/bulk-load';
import { kwitansiDir, STORED_FILE_NAME } from './file-storage';
import { storeLoanPositions } from '../db/loan-positions';
import { todayJakarta } from '@mizan/core';

export const BACKUP_FORMAT = 'mizan-backup';
export const BACKUP_VERSION = 2;

/** Rows fetched from the database at a time: small enough that one fetch stays well under 100 ms. */
const FETCH_ROWS = 1000;
/** A table's rows are written in parts of at most this many bytes (bounded memory). */
const PART_BYTES = 4 * 1024 * 1024;
/** Rows inserted by one statement on restore. */
const INSERT_ROWS = 1000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  db_kind: string;
  migrations: string[];
  /**
   * The last value each sequence handed out, null when it has handed out none yet (what version-2
   * archives before issue 46 recorded; those wrote null as well for a sequence last set with
   * `setval(…, false)`, so a restore never trusts a null: see {@link setSequences}).
   */
  sequences: Record<string, number | null>;
  /** The value each sequence hands out next (issue 46): exact whatever set it last. */
  sequences_next?: Record<string, number>;
  /** Version 2: the tables in the order they are written and loaded. */
  table_order?: string[];
  /** Rows per table: version 1 always; version 2 when the backup counted them first (progress). */
  tables?: Record<string, number>;
  /** Version 1 only (version 2 has them in summary.json). */
  files?: { name: string; size: number; sha256: string }[];
  missing_files?: string[];
}

export interface BackupSummary {
  tables: Record<string, { rows: number; sha256: string }>;
  files: { name: string; size: number; sha256: string }[];
  /** Receipts a loan names that were not on disk when the backup ran. */
  missing_files: string[];
}

export interface BackupResult {
  manifest: BackupManifest;
  summary: BackupSummary;
  bytes: number;
}

export interface BackupProgress {
  rows: number;
  /** Known when the rows were counted first (or the archive says so). */
  totalRows: number | null;
  files: number;
  totalFiles: number | null;
}

export class RestoreRefused extends Error {}

// ---------------------------------------------------------------------------------------------
// Database helpers shared by dump and restore
// ---------------------------------------------------------------------------------------------
type Db = Kysely<DB> | Transaction<DB>;

interface TableGraph {
  /** Tables in dependency order (parents first). */
  ordered: string[];
  /** Tables that a foreign key points to. */
  referenced: Set<string>;
  /** Tables with triggers of their own. */
  withTriggers: Set<string>;
}

/**
 * Tables of this installation rather than of the books, never in a backup: the shared token secret
 * and data-folder identity (whoever has the secret can sign in as anyone), and the server's own
 * backup runs (migration 2026_12_02_0900).
 */
const NOT_BACKED_UP = new Set(['server_secrets', 'backup_runs']);

async function tableGraph(db: Db): Promise<TableGraph> {
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by table_name`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((name) => !NOT_BACKED_UP.has(name));
  const edges = (
    await sql<{ child: string; parent: string }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()
      order by 1, 2`.execute(db)
  ).rows;
  const withTriggers = new Set(
    (
      await sql<{ name: string }>`
        select distinct event_object_table as name from information_schema.triggers where trigger_schema = current_schema()`.execute(
        db,
      )
    ).rows.map((r) => r.name),
  );
  // Parents visited by name (the catalog's own order differs between two databases of the same
  // schema: a source and its restored copy must list the tables alike).
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table && tables.includes(e.parent)) visit(e.parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return { ordered, referenced: new Set(edges.filter((e) => e.child !== e.parent).map((e) => e.parent)), withTriggers };
}

/**
 * The order a version-2 archive writes and loads tables: dependency order, except that tables no
 * key points to and without triggers of their own (statistics counters, data versions, logs) come
 * last. Triggers of the tables loaded before them may write into them; loading them last (after
 * emptying them) leaves exactly the backed-up values, and loading them fires nothing.
 */
export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const { ordered, referenced, withTriggers } = await tableGraph(db);
  const derived = (t: string) => !referenced.has(t) && !withTriggers.has(t);
  return [...ordered.filter((t) => !derived(t)), ...ordered.filter(derived)];
}

/** `order by` of a table's rows: its primary key (an index scan), else the whole row as text. */
async function orderOf(db: Db, table: string) {
  const key = (
    await sql<{ name: string }>`
      select a.attname as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
      where i.indrelid = ${table}::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`.execute(db)
  ).rows.map((r) => r.name);
  return key.length > 0 ? sql.join(key.map((k) => sql.ref(`t.${k}`))) : sql`t::text`;
}

/**
 * Every row of a table as JSON text, in a stable order, batch by batch through a cursor (inside
 * the caller's transaction), yielding to the event loop between batches.
 */
async function* tableRows(trx: Transaction<DB>, table: string, batch = FETCH_ROWS): AsyncGenerator<string[]> {
  const cursor = sql.raw(`mizan_backup_${crypto.randomBytes(4).toString('hex')}`);
  await sql`declare ${cursor} no scroll cursor for
    select to_jsonb(t)::text as j from ${sql.table(table)} t order by ${await orderOf(trx, table)}`.execute(trx);
  try {
    for (;;) {
      const rows = (await sql<{ j: string }>`fetch forward ${sql.raw(String(batch))} from ${cursor}`.execute(trx)).rows;
      if (rows.length === 0) return;
      yield rows.map((r) => r.j);
      await yieldToEventLoop();
      if (rows.length < batch) return;
    }
  } finally {
    await sql`close ${cursor}`.execute(trx);
  }
}

interface SequencePosition {
  name: string;
  /** The value `nextval` returns next. */
  next: number;
  /** The last value handed out; null when none was (the sequence is at its start, or was last set with `setval(…, false)`). */
  last: number | null;
}

/**
 * Where every sequence of the schema stands. `pg_sequences.last_value` is null both for a sequence
 * that handed out nothing and for one last set with `setval(seq, n, false)` (as `npm run
 * seed:scale` does), so each sequence is read itself: `last_value` with `is_called`.
 */
async function sequencePositionList(db: Db): Promise<SequencePosition[]> {
  const names = (
    await sql<{ name: string; increment: string | number }>`
      select sequencename as name, increment_by as increment from pg_sequences
      where schemaname = current_schema() order by 1`.execute(db)
  ).rows;
  const out: SequencePosition[] = [];
  for (const { name, increment } of names) {
    const row = (
      await sql<{
        last_value: string | number;
        is_called: boolean;
      }>`select last_value, is_called from ${sql.table(name)}`.execute(db)
    ).rows[0]!;
    const value = Number(row.last_value);
    out.push(row.is_called ? { name, next: value + Number(increment), last: value } : { name, next: value, last: null });
  }
  return out;
}

/** The value every sequence hands out next: what a restored database must continue from. */
export async function sequencePositions(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries((await sequencePositionList(db)).map((p) => [p.name, p.next]));
}

/**
 * Sets every sequence of a restored database to continue where the original stopped, and never
 * below the largest value its own column already holds: an archive that recorded the position
 * exactly (`sequences_next`) and the rows agree; one made before issue 46 may have recorded null
 * for a sequence last set with `setval(…, false)` (the scale loader's way), and is repaired from
 * `max(column) + 1`. A sequence no column owns keeps the recorded position (or its start).
 */
async function setSequences(trx: Transaction<DB>, manifest: BackupManifest) {
  const owners = new Map(
    (
      await sql<{ seq: string; tbl: string; col: string }>`
        select s.relname as seq, t.relname as tbl, a.attname as col
        from pg_class s
        join pg_namespace n on n.oid = s.relnamespace and n.nspname = current_schema()
        join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S'`.execute(trx)
    ).rows.map((r) => [r.seq, r]),
  );
  for (const { name } of await sequencePositionList(trx)) {
    const last = manifest.sequences?.[name];
    const recorded = manifest.sequences_next?.[name] ?? (last != null ? last + 1 : 1);
    const owner = owners.get(name);
    const held = owner
      ? Number(
          (
            await sql<{
              n: string | number;
            }>`select coalesce(max(${sql.ref(owner.col)}), 0) + 1 as n from ${sql.table(owner.tbl)}`.execute(trx)
          ).rows[0]!.n,
        )
      : 1;
    await sql`select setval(${name}::regclass, ${Math.max(recorded, held)}, false)`.execute(trx);
  }
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Every table's rows as JSON text (small databases: tests compare them whole). */
export async function tableContents(db: Kysely<DB>): Promise<Record<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    const out: Record<string, string[]> = {};
    for (const table of (await tableGraph(trx)).ordered) {
      out[table] = [];
      for await (const rows of tableRows(trx, table)) out[table].push(...rows);
    }
    return out;
  });
}

/**
 * Rows and a SHA-256 of every table (its rows as JSON lines in key order): what a backup's
 * summary records, and how a restored database is compared with the original at any size.
 */
export async function tableChecksums(db: Kysely<DB>): Promise<Record<string, { rows: number; sha256: string }>> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const out: Record<string, { rows: number; sha256: string }> = {};
      for (const table of (await tableGraph(trx)).ordered) {
        const hash = crypto.createHash('sha256');
        let rows = 0;
        for await (const batch of tableRows(trx, table)) {
          for (const row of batch) hash.update(`${row}\n`);
          rows += batch.length;
        }
        out[table] = { rows, sha256: hash.digest('hex') };
      }
      return out;
    });
}

// ---------------------------------------------------------------------------------------------
// Dump
// ---------------------------------------------------------------------------------------------
/** A timestamped file name: mizan-backup-20261122-073000.tar.gz (UTC). */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `mizan-backup-${stamp}.tar.gz`;
}

/** Adds one entry of known bytes to the pack, waiting while the pack's reader is behind. */
function addEntry(pack: tar.Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size: data.length, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
    entry.end(data);
  });
}

/** Streams a file into the pack as one entry; returns its SHA-256. */
async function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  let entry!: Writable;
  const added = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o644 }, (error) => (error ? reject(error) : resolve())) as unknown as Writable;
  });
  added.catch(() => {}); // awaited below
  let read = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > size) break;
    hash.update(chunk);
    if (!entry.write(chunk)) await once(entry, 'drain');
  }
  if (read !== size) throw new Error(`file kwitansi ${name} berubah ukuran saat dicadangkan`);
  entry.end();
  await added;
  return hash.digest('hex');
}

export interface WriteBackupOptions {
  /** Rows per fetch and bytes per table part (tests make them small to cross their edges). */
  fetchRows?: number;
  partBytes?: number;
  /** Count every table's rows first, for a progress bar (avoid inside a server on PGlite: one count blocks). */
  countRows?: boolean;
  onProgress?: (progress: BackupProgress) => void;
  /** Aborts the backup (e.g. the client of the download went away). */
  signal?: AbortSignal;
}

/**
 * Streams a consistent backup into `out` (a tar.gz). Safe while the server runs: one
 * repeatable-read, read-only transaction; rows are fetched in batches and written as they come,
 * receipts file by file, so memory stays flat. Rejects (and `out` is destroyed) on any failure.
 */
export async function streamBackup(
  db: Kysely<DB>,
  dbKind: string,
  dataDir: string,
  out: Writable,
  options: WriteBackupOptions = {},
): Promise<BackupResult> {
  const pack = tar.pack();
  const gzip = zlib.createGzip({ level: 6 });
  let bytes = 0;
  gzip.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const written = pipeline(Readable.from(pack), gzip, out, { signal: options.signal });
  written.catch(() => {}); // awaited below; a failure of the producer is reported first

  const progress: BackupProgress = { rows: 0, totalRows: null, files: 0, totalFiles: null };
  try {
    const result = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        const order = await tablesInLoadOrder(trx);
        // Sequences are not transactional: this is where they stand now, at or after the snapshot.
        const positions = await sequencePositionList(trx);
        const manifest: BackupManifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          created_at: new Date().toISOString(),
          db_kind: dbKind,
          migrations: await appliedMigrations(trx),
          sequences: Object.fromEntries(positions.map((p) => [p.name, p.last])),
          sequences_next: Object.fromEntries(positions.map((p) => [p.name, p.next])),
          table_order: order,
        };
        if (options.countRows) {
          manifest.tables = {};
          for (const table of order) {
            const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(trx);
            manifest.tables[table] = Number(row.rows[0]!.n);
          }
          progress.totalRows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
        }
        await addEntry(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));

        const summary: BackupSummary = { tables: {}, files: [], missing_files: [] };
        for (const table of order) {
          options.signal?.throwIfAborted();
          const hash = crypto.createHash('sha256');
          let rows = 0;
          let part = 0;
          let pending: string[] = [];
          let pendingBytes = 0;
          const flush = async () => {
            if (pending.length === 0) return;
            part += 1;
            const data = Buffer.from(pending.join(''));
            hash.update(data);
            pending = [];
            pendingBytes = 0;
            await addEntry(pack, `db/${table}/${String(part).padStart(6, '0')}.jsonl`, data);
          };
          for await (const batch of tableRows(trx, table, options.fetchRows ?? FETCH_ROWS)) {
            for (const row of batch) {
              const line = `${row}\n`;
              pending.push(line);
              pendingBytes += line.length;
              if (pendingBytes >= (options.partBytes ?? PART_BYTES)) await flush();
            }
            rows += batch.length;
            progress.rows += batch.length;
            options.onProgress?.(progress);
          }
          await flush();
          summary.tables[table] = { rows, sha256: hash.digest('hex') };
        }

        // Receipt files are written once under a random name and never changed, so copying the
        // ones the snapshot names is consistent with it; read while the snapshot is held.
        const names = await trx.selectFrom('pinjaman').select('kwitansi').where('kwitansi', 'is not', null).execute();
        const files = [...new Set(names.map((n) => n.kwitansi!))].filter((n) => STORED_FILE_NAME.test(n)).sort();
        progress.totalFiles = files.length;
        const dir = kwitansiDir(dataDir);
        for (const name of files) {
          options.signal?.throwIfAborted();
          const file = path.join(dir, name);
          let size: number;
          try {
            size = fs.statSync(file).size;
          } catch {
            summary.missing_files.push(name);
            continue;
          }
          summary.files.push({ name, size, sha256: await addFile(pack, `kwitansi/${name}`, file, size) });
          progress.files += 1;
          options.onProgress?.(progress);
        }
        await addEntry(pack, 'summary.json', Buffer.from(JSON.stringify(summary, null, 2)));
        return { manifest, summary };
      });
    pack.finalize();
    await written;
    return { ...result, bytes };
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}

/**
 * Writes a consistent backup to `outFile` (written to a temporary name, flushed, then renamed, so
 * a crash never leaves a half file under the final name).
 */
export function writeBackup(
  db: Kysely<DB>,
  dbKind: string,
  dataDir: string,
  outFile: string,
  options: WriteBackupOptions = {},
): Promise<BackupResult> {
  return writeBackupFile(outFile, (out) => streamBackup(db, dbKind, dataDir, out, options));
}

/** Writes what `produce` streams (a backup) to `outFile`: a temporary name, flushed, then renamed. */
export async function writeBackupFile(outFile: string, produce: (out: Writable) => Promise<BackupResult>): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const temporary = `${outFile}.partial-${process.pid}`;
  const out = fs.createWriteStream(temporary, { mode: 0o600 });
  try {
    const result = await produce(out);
    const fd = fs.openSync(temporary, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, outFile);
    return result;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading an archive
// ---------------------------------------------------------------------------------------------
type ArchiveInput = string | Buffer | Readable;

const openInput = (input: ArchiveInput): Readable =>
  typeof input === 'string' ? fs.createReadStream(input) : Buffer.isBuffer(input) ? Readable.from([input]) : input;

async function readWhole(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What an archive entry is. */
function entryKind(
  name: string,
  version: number,
): { kind: 'table'; table: string } | { kind: 'file'; name: string } | { kind: 'summary' } | null {
  if (name === 'summary.json') return { kind: 'summary' };
  const file = /^kwitansi\/(.+)$/.exec(name);
  if (file) return { kind: 'file', name: file[1]! };
  const table = version === 1 ? /^db\/([a-z0-9_]+)\.jsonl$/.exec(name) : /^db\/([a-z0-9_]+)\/\d{6}\.jsonl$/.exec(name);
  if (table) return { kind: 'table', table: table[1]! };
  return null;
}

const describeFormat = (manifest: BackupManifest) => `format ${manifest.format} versi ${manifest.version}`;

function checkManifest(raw: Buffer | null): BackupManifest {
  let manifest: BackupManifest | null = null;
  try {
    manifest = raw ? (JSON.parse(raw.toString('utf8')) as BackupManifest) : null;
  } catch {
    manifest = null;
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefused('File ini bukan cadangan mizan (manifest.json tidak ada di awal arsip)');
  if (!Number.isInteger(manifest.version) || manifest.version < 1)
    throw new RestoreRefused(`Cadangan ${describeFormat(manifest)} tidak dikenal`);
  if (manifest.version > BACKUP_VERSION)
    throw new RestoreRefused(
      `Cadangan ${describeFormat(manifest)} dibuat oleh versi aplikasi yang lebih baru (aplikasi ini membaca versi 1 sampai ${BACKUP_VERSION})`,
    );
  return manifest;
}

/** The archive's tables with their rows and checksums as the archive promises them. */
interface Expected {
  tables: Record<string, { rows: number; sha256?: string }>;
  files: { name: string; size: number; sha256: string }[];
  missing_files: string[];
}

function expectedOf(manifest: BackupManifest, summary: BackupSummary | null): Expected {
  if (manifest.version === 1) {
    return {
      tables: Object.fromEntries(Object.entries(manifest.tables ?? {}).map(([t, rows]) => [t, { rows }])),
      files: manifest.files ?? [],
      missing_files: manifest.missing_files ?? [],
    };
  }
  if (!summary) throw new RestoreRefused('Cadangan terpotong: summary.json di akhir arsip tidak ada');
  return summary;
}

interface ReadHandlers {
  onManifest?(manifest: BackupManifest): Promise<void>;
  onRows?(table: string, lines: string[]): Promise<void>;
  onFile?(name: string, data: AsyncIterable<Buffer>, expectedSize: number): Promise<{ size: number; sha256: string }>;
}

/**
 * Reads an archive from start to end, entry by entry (never more than one part of a table in
 * memory), hands rows and files to the handlers, and checks everything the archive promises: every
 * table's rows and SHA-256, every receipt's size and SHA-256. Throws RestoreRefused on any mismatch.
 */
async function readArchive(
  input: ArchiveInput,
  handlers: ReadHandlers,
): Promise<{ manifest: BackupManifest; expected: Expected }> {
  const extract = tar.extract();
  const source = pipeline(openInput(input), zlib.createGunzip(), extract as unknown as Writable);
  source.catch(() => {});
  let manifest: BackupManifest | null = null;
  let summary: BackupSummary | null = null;
  const seen: Record<string, { rows: number; hash: crypto.Hash }> = {};
  const files: { name: string; size: number; sha256: string }[] = [];
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== 'manifest.json')
          throw new RestoreRefused('File ini bukan cadangan mizan (manifest.json tidak ada di awal arsip)');
        manifest = checkManifest(await readWhole(entry));
        await handlers.onManifest?.(manifest);
        continue;
      }
      const kind = entryKind(name, manifest.version);
      if (!kind) throw new RestoreRefused(`Cadangan ${describeFormat(manifest)} berisi entri yang tidak dikenal: ${name}`);
      if (kind.kind === 'summary') {
        summary = JSON.parse((await readWhole(entry)).toString('utf8')) as BackupSummary;
      } else if (kind.kind === 'table') {
        const data = await readWhole(entry);
        const state = (seen[kind.table] ??= { rows: 0, hash: crypto.createHash('sha256') });
        state.hash.update(data);
        const lines = data.toString('utf8').split('\n');
        if (lines.at(-1) === '') lines.pop();
        state.rows += lines.length;
        await handlers.onRows?.(kind.table, lines);
      } else {
        if (!STORED_FILE_NAME.test(kind.name)) throw new RestoreRefused(`Nama file kwitansi tidak sah di cadangan: ${kind.name}`);
        const size = entry.header.size ?? 0;
        if (handlers.onFile)
          files.push({ name: kind.name, ...(await handlers.onFile(kind.name, entry as unknown as AsyncIterable<Buffer>, size)) });
        else {
          const hash = crypto.createHash('sha256');
          for await (const chunk of entry) hash.update(chunk as Buffer);
          files.push({ name: kind.name, size, sha256: hash.digest('hex') });
        }
      }
    }
    await source;
  } catch (error) {
    extract.destroy();
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`File cadangan tidak dapat dibaca: ${(error as Error).message}`);
  }
  if (!manifest) throw new RestoreRefused('File cadangan kosong');
  const expected = expectedOf(manifest, summary);
  for (const [table, want] of Object.entries(expected.tables)) {
    const got = seen[table];
    const rows = got?.rows ?? 0;
    if (rows !== want.rows)
      throw new RestoreRefused(`Cadangan tidak lengkap: tabel ${table} berisi ${rows} dari ${want.rows} baris`);
    if (want.sha256 && (got?.hash.digest('hex') ?? crypto.createHash('sha256').digest('hex')) !== want.sha256)
      throw new RestoreRefused(`Cadangan rusak: isi tabel ${table} tidak cocok dengan checksum`);
  }
  for (const table of Object.keys(seen)) {
    if (!(table in expected.tables)) throw new RestoreRefused(`Cadangan rusak: tabel ${table} tidak tercatat`);
  }
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const f of expected.files) {
    const got = byName.get(f.name);
    if (!got || got.sha256 !== f.sha256 || got.size !== f.size)
      throw new RestoreRefused(`Cadangan rusak: file kwitansi ${f.name} tidak cocok`);
  }
  if (files.length !== expected.files.length) throw new RestoreRefused('Cadangan rusak: ada file kwitansi yang tidak tercatat');
  return { manifest, expected };
}

/** Reads a whole archive and checks it (format, version, every table's rows and checksum, every receipt). */
export async function verifyBackup(input: ArchiveInput): Promise<{ manifest: BackupManifest; summary: Expected }> {
  const { manifest, expected } = await readArchive(input, {});
  return { manifest, summary: expected };
}

/** Only the first entry: what a restore tells before it starts. */
export async function readManifest(input: ArchiveInput): Promise<BackupManifest> {
  const extract = tar.extract();
  const source = pipeline(openInput(input), zlib.createGunzip(), extract as unknown as Writable);
  source.catch(() => {});
  try {
    for await (const entry of extract) {
      if (entry.header.name !== 'manifest.json') break;
      return checkManifest(await readWhole(entry));
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`File cadangan tidak dapat dibaca: ${(error as Error).message}`);
  } finally {
    extract.destroy();
  }
  throw new RestoreRefused('File ini bukan cadangan mizan (manifest.json tidak ada di awal arsip)');
}

// ---------------------------------------------------------------------------------------------
// Restore
// ---------------------------------------------------------------------------------------------
/** Rows that are not what the migrations put there (a restore target must have none). */
/** Tables a fresh database holds rows of: the default chart of accounts and its posting roles. */
const CHART_TABLES: ReadonlySet<string> = new Set(['akun', 'akun_peran', 'akun_peran_riwayat']);

async function holdsData(trx: Transaction<DB>): Promise<boolean> {
  const seeded = new Set<string>();
  // What the migrations seed by themselves (the data_versions rows) does not count as data.
  for await (const rows of tableRows(trx, 'data_versions')) for (const r of rows) seeded.add(r);
  for (const table of (await tableGraph(trx)).ordered) {
    // Nor does the chart of accounts the books' migration seeds (2026_12_07_0910): without a
    // journal it holds nothing of the institution's, and the archive's chart replaces it.
    if (CHART_TABLES.has(table)) continue;
    for await (const rows of tableRows(trx, table, 50)) {
      if (rows.some((r) => table !== 'data_versions' || !seeded.has(r))) return true;
    }
  }
  return false;
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  tables: number;
  files: number;
}

export interface RestoreOptions {
  onProgress?: (progress: BackupProgress) => void;
}

/**
 * Restores an archive into a freshly migrated, EMPTY database and receipt folder, in one
 * transaction, reading the archive as a stream. Refuses a database that already holds data or a
 * receipt folder with files; on any failure (a damaged or cut archive included, found only at its
 * end) nothing is kept: the transaction rolls back and the receipts written are removed.
 */
export async function restoreBackup(
  db: Kysely<DB>,
  dataDir: string,
  input: ArchiveInput,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const dir = kwitansiDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new RestoreRefused(`Folder kwitansi ${dir} tidak kosong`);
  const migrations = await appliedMigrations(db);
  const written: string[] = [];
  const progress: BackupProgress = { rows: 0, totalRows: null, files: 0, totalFiles: null };
  try {
    const result = await db.transaction().execute(async (trx) => {
      if (await holdsData(trx)) throw new RestoreRefused('Database tujuan tidak kosong; pemulihan hanya ke database kosong');
      const graph = await tableGraph(trx);
      const loaded = new Set<string>();
      const columns = new Map<string, ReturnType<typeof sql.ref>[]>();
      // Every table gets exactly the rows of the archive: the tables' own triggers (counters,
      // data versions, change notices) are off during the load, so nothing is counted twice;
      // secondary indexes are built once over the loaded rows instead of row by row, and foreign
      // keys are added again after the load, which checks every row in one pass. All of it comes
      // back at the end of the same transaction (a row that breaks a key fails the restore).
      const foreignKeys = await dropForeignKeys(trx, graph.ordered);
      const indexes = await dropSecondaryIndexes(trx, graph.ordered);
      await setUserTriggers(trx, graph.ordered, false);

      const insert = async (table: string, lines: string[]) => {
        for (let i = 0; i < lines.length; i += INSERT_ROWS) {
          const batch = `[${lines.slice(i, i + INSERT_ROWS).join(',')}]`;
          const cols = columns.get(table)!;
          await sql`insert into ${sql.table(table)} (${sql.join(cols)}) overriding system value
            select ${sql.join(cols)} from jsonb_populate_recordset(null::${sql.table(table)}, ${batch}::jsonb)`.execute(trx);
        }
      };
      const { manifest, expected } = await readArchive(input, {
        async onManifest(m) {
          const unknown = m.migrations.filter((name) => !migrations.includes(name));
          if (unknown.length > 0)
            throw new RestoreRefused(`Cadangan dibuat oleh versi aplikasi yang lebih baru (migrasi ${unknown.join(', ')})`);
          if (m.tables) progress.totalRows = Object.values(m.tables).reduce((a, b) => a + b, 0);
          if (m.files) progress.totalFiles = m.files.length;
        },
        async onRows(table, lines) {
          if (!graph.ordered.includes(table)) throw new RestoreRefused(`Tabel ${table} di cadangan tidak ada di database ini`);
          if (lines.length === 0) return;
          if (!loaded.has(table)) {
            loaded.add(table);
            await sql`delete from ${sql.table(table)}`.execute(trx);
            // Generated columns (nasabah.search_text) are computed again from the restored fields.
            // A column the archive's rows do not hold (an archive of an earlier version, before a
            // migration added the column) takes its default rather than null.
            const held = new Set(Object.keys(JSON.parse(lines[0]!) as Record<string, unknown>));
            const cols = (
              await sql<{ name: string }>`
                select column_name as name from information_schema.columns
                where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
                order by ordinal_position`.execute(trx)
            ).rows
              .filter((r) => held.has(r.name))
              .map((r) => sql.ref(r.name));
            columns.set(table, cols);
          }
          await insert(table, lines);
          progress.rows += lines.length;
          options.onProgress?.(progress);
        },
        async onFile(name, data, expectedSize) {
          fs.mkdirSync(dir, { recursive: true });
          const target = path.join(dir, name);
          const hash = crypto.createHash('sha256');
          let size = 0;
          const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
          written.push(target);
          await pipeline(
            data,
            async function* (source: AsyncIterable<Buffer>) {
              for await (const chunk of source) {
                hash.update(chunk);
                size += chunk.length;
                yield chunk;
              }
            },
            out,
          );
          if (size !== expectedSize) throw new RestoreRefused(`Cadangan rusak: file kwitansi ${name} terpotong`);
          progress.files += 1;
          options.onProgress?.(progress);
          return { size, sha256: hash.digest('hex') };
        },
      });
      // A table the archive holds no row of is empty after the restore too (the migrations may
      // have seeded it).
      for (const table of manifest.table_order ?? Object.keys(manifest.tables ?? {})) {
        if (!loaded.has(table) && graph.ordered.includes(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
      }
      await recreateIndexes(trx, indexes);
      await recreateForeignKeys(trx, foreignKeys);
      await setUserTriggers(trx, graph.ordered, true);
      // An archive made before payments had receipt numbers (migration 2026_11_29_0900) holds
      // none: its payments are numbered now, in date order, as the migration did.
      if (!manifest.migrations.includes('2026_11_29_0900_kwitansi_pembayaran'))
        await sql`select kwitansi_pembayaran_number_missing()`.execute(trx);
      // An archive made before the loans stored their position (migration 2026_12_03_0910, issue 47)
      // holds the old remaining principal, which counted each instalment's margin as principal:
      // every loan's position is computed again, as the migration did.
      if (!manifest.migrations.includes('2026_12_03_0910_posisi_pinjaman'))
        await storeLoanPositions(trx, todayJakarta(new Date()));
      await setSequences(trx, manifest);
      return {
        manifest,
        rows: Object.values(expected.tables).reduce((a, t) => a + t.rows, 0),
        tables: Object.keys(expected.tables).length,
        files: expected.files.length,
      };
    });
    // Fresh statistics for the planner (PGlite has no autovacuum to gather them).
    await sql`analyze`.execute(db);
    return result;
  } catch (error) {
    for (const file of written) fs.rmSync(file, { force: true });
    throw error;
  }
}
