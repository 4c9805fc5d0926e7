import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { migrateToLatest } from './migrator';
import { createTurnQueue } from '../lib/turns';
import { readPagesAsOneText } from './json-rows';
import { prepareSelects, preparedPgliteQuery } from './prepared';
import { listenPostgres, type ListenHandlers } from './pg-listener';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Embedded PGlite in a data folder only: a private copy of the database as it is now, opened as
   * a second PGlite in this process, for a long read (a backup) that must not hold the one
   * connection of the live database. See {@link openPgliteSnapshot}.
   */
  snapshot?(): Promise<DatabaseSnapshot>;
  /** PGlite only: the whole cluster as a tar file, which {@link openPglite} can start from (tests' template). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Calls `handlers.onNotify` for every notification on `channel` after its transaction commits,
   * and `handlers.onLive` with whether notifications surely arrive. PGlite: always, synchronously
   * when the committing statement finishes and before its promise resolves (it is this process's
   * own database, so no other writer exists). PostgreSQL: a few milliseconds after the commit,
   * through a listening connection of its own that can be lost and comes back
   * (db/pg-listener.ts). Returns the function that stops listening.
   */
  notifications(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The connections as they are now (GET /metrics): PostgreSQL's pool; PGlite has one, never waited for here. */
  connections(): { total: number; idle: number; waiting: number };
}

/**
 * A consistent copy of the embedded database's folder, taken in seconds; `close` removes it. It is
 * read by {@link openSnapshotCopy}, in a process of its own (lib/backup-process.ts).
 */
export interface DatabaseSnapshot {
  /** The copy's PostgreSQL cluster folder. */
  dir: string;
  close(): Promise<void>;
}

/** Folders of snapshots live beside the database: `DATA_DIR/snapshot-<random>`. */
const SNAPSHOT_PREFIX = 'snapshot-';

/** Notified by triggers when a `users` or `sessions` row changes (migration 2026_11_23_0900). */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

export class DatabaseOpenError extends Error {}

// PostgreSQL type OIDs whose default parsing we replace, once, here: BIGINT money and NUMERIC
// percentages become JS numbers (rupiah stay far below 2^53), DATE stays the 'YYYY-MM-DD' text.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

/** Opens the embedded PGlite database (dataDir/db, or in memory for null) and migrates it. */
export async function openPglite(dataDir: string | null, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let dbDir: string | undefined;
  if (dataDir) {
    dbDir = path.join(dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(dataDir, 'db.lock'));
    removeStaleSnapshots(dataDir);
    // A folder with files but no PostgreSQL cluster in it is not ours to initialise: PGlite would
    // silently create a fresh, empty database there.
    if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0 && !fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
      releaseLock();
      throw new DatabaseOpenError(
        `Folder data ${dbDir} berisi file yang bukan database. Periksa DATA_DIR atau pulihkan dari cadangan; folder ini tidak akan ditimpa.`,
      );
    }
  }
  let client: PGlite;
  try {
    client = await createPglite(dbDir, options.loadDataDir);
  } catch (error) {
    releaseLock();
    throw new DatabaseOpenError(
      `Folder data tidak dapat dibuka (${dbDir ?? 'memori'}): ${(error as Error).message}. ` +
        'Periksa izin folder atau pulihkan dari cadangan; folder ini tidak akan ditimpa.',
    );
  }
  let migrated = false;
  const query = preparedPgliteQuery(client, () => migrated);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: oneStatementPerTurn(client, query) }) });
  readPagesAsOneText(db);
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    async notifications(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        await unlisten();
      };
    },
    connections: () => ({ total: 1, idle: 0, waiting: 0 }),
    ...(dataDir && dbDir ? { snapshot: () => openPgliteSnapshot(client, dataDir, dbDir) } : {}),
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await db.destroy();
      if (!client.closed) await client.close();
      releaseLock();
    },
  };
  await migrateOrClose(handle);
  migrated = true;
  return handle;
}

const createPglite = (dataDir: string | undefined, loadDataDir?: Blob) =>
  PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // A cluster dumped before (the tests' migrated template) instead of a new initdb.
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepText },
  });

/**
 * PGlite has one connection: a backup reading every table inside one transaction would hold it,
 * and every request, for the minute the backup takes. Instead, for the few seconds of a file copy,
 * this takes PGlite's exclusive lock (a transaction that waits for the one in progress and holds
 * back the next), writes every changed page to disk (CHECKPOINT), and copies the database folder
 * (`DATA_DIR/snapshot-<random>/db`, on the same disk). The copy is a consistent cluster (nothing
 * wrote while it was taken); the backup opens it with {@link openSnapshotCopy} in a child process
 * (lib/backup-process.ts), so that the second PGlite's memory is never the server's. `close`
 * removes the folder; a folder left by a crash is removed when the database is next opened (the
 * data folder's lock makes that process its only user).
 */
export async function openPgliteSnapshot(client: PGlite, dataDir: string, dbDir: string): Promise<DatabaseSnapshot> {
  const folder = fs.mkdtempSync(path.join(dataDir, SNAPSHOT_PREFIX));
  const copyDir = path.join(folder, 'db');
  try {
    await client.transaction(async (tx) => {
      await tx.exec('checkpoint');
      await fs.promises.cp(dbDir, copyDir, { recursive: true });
    });
    return { dir: copyDir, close: () => fs.promises.rm(folder, { recursive: true, force: true }) };
  } catch (error) {
    await fs.promises.rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Opens a snapshot copy (never migrated, never locked: nothing else uses it) for reading. */
export async function openSnapshotCopy(dir: string): Promise<{ db: Database; close(): Promise<void> }> {
  const copy = await createPglite(dir);
  const db = new Kysely<DB>({
    dialect: new PGliteDialect({
      pglite: oneStatementPerTurn(
        copy,
        preparedPgliteQuery(copy, () => true),
      ),
    }),
  });
  return {
    db,
    async close() {
      await db.destroy();
      if (!copy.closed) await copy.close();
    },
  };
}

function removeStaleSnapshots(dataDir: string) {
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith(SNAPSHOT_PREFIX))
      fs.rmSync(path.join(dataDir, entry.name), { recursive: true, force: true });
  }
}

/**
 * PGlite runs a statement synchronously on this thread, and starts the next waiting one as soon as
 * one ends, within the same turn of the event loop: concurrent large pages held the loop for
 * hundreds of milliseconds, during which no request was read and no timer ran (docs/performance.md). Seen through this wrapper, each
 * statement (also inside a transaction) starts in a turn of the event loop of its own, in the
 * order they were asked for, so the server reads requests and answers others between statements.
 * The queue only orders start times: a statement waiting for PGlite (a transaction in progress)
 * does not hold back the ones behind it. Each statement then runs through `query`
 * (db/prepared.ts: SELECTs as named statements), told whether it is inside a transaction.
 */
function oneStatementPerTurn(client: PGlite, query: ReturnType<typeof preparedPgliteQuery>): PGlite {
  const nextTurn = createTurnQueue();
  const gated = <T extends object>(target: T, inTransaction: boolean): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'query')
          return async (...args: Parameters<typeof client.query>) => {
            await nextTurn();
            return query((value as typeof client.query).bind(object), inTransaction, ...args);
          };
        if (property === 'transaction')
          return (callback: (tx: object) => unknown) =>
            (value as (cb: (tx: object) => unknown) => unknown).call(object, (tx: object) => callback(gated(tx, true)));
        return (value as (...a: unknown[]) => unknown).bind(object);
      },
    });
  return gated(client, false);
}

/** Opens a PostgreSQL server database through a node-postgres pool and migrates it. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return toNumber;
        if (oid === DATE) return keepText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server ends (a restart, an administrator, a dropped network) is an
  // 'error' event of the pool; without a listener it would end the process. The pool has already
  // discarded that client and opens a new one for the next query; a query in flight gets its own
  // error. So there is nothing to do here but not crash.
  pool.on('error', () => {});
  let migrated = false;
  prepareSelects(pool, () => migrated);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    throw new DatabaseOpenError(`Tidak dapat terhubung ke PostgreSQL: ${(error as Error).message}`);
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    notifications: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
  await migrateOrClose(handle);
  migrated = true;
  return handle;
}

async function migrateOrClose(handle: DatabaseHandle) {
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

// PGlite is one process's private database: a second process opening the same folder would
// corrupt it. The lock file holds the owner's pid; a stale lock (dead pid) is taken over.
function acquireLock(lockPath: string): () => void {
  const tryCreate = () => fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  try {
    tryCreate();
  } catch {
    const owner = Number(fs.readFileSync(lockPath, 'utf8'));
    if (owner && isAlive(owner)) {
      throw new DatabaseOpenError(
        `Folder data ${path.dirname(lockPath)} sedang dipakai proses lain (pid ${owner}). ` +
          'Hentikan proses itu dulu, atau pakai DATA_DIR yang lain.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  return () => fs.rmSync(lockPath, { force: true });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
