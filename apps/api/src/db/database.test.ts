import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { DatabaseOpenError, openPglite, openSnapshotCopy } from './database';
import { createTestDatabase } from '../test/test-db';
import type { DB } from './schema';
import { startTurnCounter } from '../test/turn-counter';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// These tests are about the embedded database's data folder; they run once, in the PGlite project.
describe.runIf(process.env.MIZAN_TEST_DB !== 'postgres')('embedded data folder', () => {
  it('persists data across a close and reopen', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    await first.db
      .insertInto('users')
      .values({ username: 'tetap', nama_lengkap: 'Tetap Ada', role: 'user', password_hash: 'x' })
      .execute();
    await first.close();
    const second = await openPglite(dir);
    const rows = await second.db.selectFrom('users').select('username').execute();
    await second.close();
    expect(rows.map((r) => r.username)).toEqual(['tetap']);
  });

  it('refuses a second opener of the same folder with a clear message', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toThrow(DatabaseOpenError);
      await expect(openPglite(dir)).rejects.toThrow(/sedang dipakai proses lain/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'db.lock'), '999999');
    const handle = await openPglite(dir);
    await handle.close();
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
  });

  it('never initialises a fresh database over a folder of foreign files', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'db'));
    fs.writeFileSync(path.join(dir, 'db', 'catatan.txt'), 'bukan database');
    await expect(openPglite(dir)).rejects.toThrow(/berisi file yang bukan database/);
    expect(fs.readdirSync(path.join(dir, 'db'))).toEqual(['catatan.txt']);
  });

  it('reports a corrupt cluster instead of starting empty', async () => {
    const dir = tempDir();
    const handle = await openPglite(dir);
    await handle.close();
    fs.writeFileSync(path.join(dir, 'db', 'PG_VERSION'), 'rusak\n');
    await expect(openPglite(dir)).rejects.toThrow(/Folder data tidak dapat dibuka/);
  });
});

describe.runIf(process.env.MIZAN_TEST_DB !== 'postgres')('embedded database and the event loop', () => {
  it('takes a snapshot: a private copy as of now that a long read holds without holding the live database', async () => {
    const dir = tempDir();
    const live = await openPglite(dir);
    const addUser = (username: string) =>
      live.db.insertInto('users').values({ username, nama_lengkap: username, role: 'user', password_hash: 'x' }).execute();
    await addUser('sebelum');
    // A transaction of the live database is open when the snapshot is asked for: the copy waits
    // for it and holds its committed rows, not half of them.
    let commit!: () => void;
    const open = live.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({ username: 'dalam', nama_lengkap: 'dalam', role: 'user', password_hash: 'x' })
        .execute();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const taking = live.snapshot!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    commit();
    await open;
    const snapshot = await taking;
    const folders = () => fs.readdirSync(dir).filter((name) => name.startsWith('snapshot-'));
    expect(folders()).toHaveLength(1);

    await addUser('sesudah');
    const names = async (db: Kysely<DB>) =>
      (await db.selectFrom('users').select('username').orderBy('username').execute()).map((r) => r.username);
    // While a transaction of the copy is open (a backup's), the live database answers reads and writes.
    const copy = await openSnapshotCopy(snapshot.dir);
    const seen = await copy.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const before = await names(trx);
        await addUser('selama');
        expect(await names(live.db)).toEqual(['dalam', 'sebelum', 'selama', 'sesudah']);
        return [before, await names(trx)];
      });
    expect(seen).toEqual([
      ['dalam', 'sebelum'],
      ['dalam', 'sebelum'],
    ]);
    await copy.close();
    await snapshot.close();
    expect(folders()).toEqual([]);
    expect(await names(live.db)).toEqual(['dalam', 'sebelum', 'selama', 'sesudah']);

    // A folder left by a crash during a backup is removed when the database is next opened.
    fs.mkdirSync(path.join(dir, 'snapshot-ditinggal', 'db'), { recursive: true });
    await live.close();
    const reopened = await openPglite(dir);
    expect(folders()).toEqual([]);
    await reopened.close();
  });

  it('has no snapshot in memory (a test database) — nothing to copy', async () => {
    const memory = await openPglite(null);
    expect(memory.snapshot).toBeUndefined();
    await memory.close();
  });

  it('starts one statement per turn of the event loop, in order, inside transactions too', async () => {
    const handle = await openPglite(null);
    const counter = startTurnCounter();
    const order: number[] = [];
    const statement = async (n: number) => {
      await sql`select ${n}::int`.execute(handle.db);
      order.push(n);
      return counter.turn;
    };
    const inTransaction = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      const first = counter.turn;
      await sql`select 2`.execute(trx);
      return [first, counter.turn];
    });
    const turns = await Promise.all([1, 2, 3, 4].map(statement));
    const [first, second] = await inTransaction;
    counter.stop();
    await handle.close();
    expect(new Set(turns).size).toBe(4);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(second).toBeGreaterThan(first!);
  });
});

// The PostgreSQL server may end idle connections at any time (restart, administrator, network).
describe.runIf(process.env.MIZAN_TEST_DB === 'postgres')('PostgreSQL connections ended by the server', () => {
  it('survives idle connections being terminated, and the next queries open new ones', async () => {
    const handle = await createTestDatabase();
    try {
      // Several idle connections in the pool.
      await Promise.all(Array.from({ length: 3 }, () => sql`select pg_sleep(0.05)`.execute(handle.db)));
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await killer.connect();
      const { rows: ours } = await sql<{ db: string }>`select current_database() as db`.execute(handle.db);
      const killed = await killer.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1) t',
        [ours[0]!.db],
      );
      await killer.end();
      expect(killed.rows[0].n).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});

// Selects are prepared once per connection under a name (db/prepared.ts), on both databases; writes on PostgreSQL.
describe('prepared selects', () => {
  const preparedTexts = async (conn: Kysely<DB>) => {
    const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(
      conn,
    );
    return rows;
  };

  it('prepares a select once on its connection and runs it again with other values, correctly', async () => {
    const handle = await createTestDatabase();
    try {
      await handle.db
        .insertInto('data_versions')
        .values([
          { name: 'uji_a', version: 11 },
          { name: 'uji_b', version: 22 },
        ])
        .execute();
      await handle.db.connection().execute(async (conn) => {
        const versionOf = (name: string) => conn.selectFrom('data_versions').select('version').where('name', '=', name);
        expect(await versionOf('uji_a').execute()).toEqual([{ version: 11 }]);
        expect(await versionOf('uji_b').execute()).toEqual([{ version: 22 }]);
        expect(await versionOf('tidak_ada').execute()).toEqual([]);
        const rows = await preparedTexts(conn);
        const text = versionOf('uji_a').compile().sql;
        expect(rows.filter((row) => row.statement === text)).toHaveLength(1);
        expect(rows.find((row) => row.statement === text)?.name).toMatch(/^mizan_\d+$/);
        // Writes are prepared on PostgreSQL (their parse and plan cost as much as a round trip), not
        // on PGlite (its prepared path reads rows).
        await conn.updateTable('data_versions').set({ version: 12 }).where('name', '=', 'uji_a').execute();
        await conn.updateTable('data_versions').set({ version: 13 }).where('name', '=', 'uji_a').execute();
        expect(await versionOf('uji_a').execute()).toEqual([{ version: 13 }]);
        const update = conn.updateTable('data_versions').set({ version: 13 }).where('name', '=', 'uji_a').compile().sql;
        const prepared = (await preparedTexts(conn)).filter((row) => row.statement === update);
        expect(prepared).toHaveLength(handle.kind === 'postgres' ? 1 : 0);
      });
    } finally {
      await handle.close();
    }
  });

  it('binds each parameter by its type (dates, instants, booleans, money, null) and parses the answer as unprepared', async () => {
    const handle = await createTestDatabase();
    try {
      const at = new Date('2026-03-01T01:15:30.123Z');
      await handle.db.connection().execute(async (conn) => {
        const typed = (instant: Date, flag: boolean | null, rupiah: number) =>
          sql<{
            instant: Date;
            flag: boolean | null;
            rupiah: number;
            day: string;
            later: boolean;
          }>`select ${instant}::timestamptz as instant,
            ${flag}::boolean as flag, ${rupiah}::bigint as rupiah, date '2026-03-01' as day,
            ${instant}::timestamptz > now() - interval '100 years' as later`.execute(conn);
        for (let run = 0; run < 7; run++) {
          // Seven runs: PostgreSQL plans the first five for their values, then may keep a generic plan.
          const rupiah = 9_007_199_254_740_991 - run;
          const { rows } = await typed(new Date(at.getTime() + run), run % 2 === 0 ? true : null, rupiah);
          expect(rows).toEqual([
            { instant: new Date(at.getTime() + run), flag: run % 2 === 0 ? true : null, rupiah, day: '2026-03-01', later: true },
          ]);
        }
        const texts = await preparedTexts(conn);
        expect(texts.filter((row) => row.statement.includes('::timestamptz as instant'))).toHaveLength(1);
      });
    } finally {
      await handle.close();
    }
  });

  it('reads inside a transaction what the transaction wrote, and a failed statement leaves the statement usable', async () => {
    const handle = await createTestDatabase();
    try {
      const versionOf = (db: Kysely<DB>, name: string) =>
        db.selectFrom('data_versions').select('version').where('name', '=', name).executeTakeFirst();
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await trx.insertInto('data_versions').values({ name: 'uji_tx', version: 5 }).execute();
          expect(await versionOf(trx, 'uji_tx')).toEqual({ version: 5 });
          // An error from a prepared statement is PostgreSQL's own, with its code.
          await sql`select 1 / ${0}::int as x`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: '22012' });
      // The transaction was rolled back; its prepared statements live on and answer outside it.
      expect(await versionOf(handle.db, 'uji_tx')).toBeUndefined();
      await handle.db.insertInto('data_versions').values({ name: 'uji_tx', version: 6 }).execute();
      expect(await versionOf(handle.db, 'uji_tx')).toEqual({ version: 6 });
      await expect(sql`select 1 / ${0}::int as x`.execute(handle.db)).rejects.toMatchObject({ code: '22012' });
      expect((await sql<{ x: number }>`select 1 / ${1}::int as x`.execute(handle.db)).rows).toEqual([{ x: 1 }]);
      // A select that cannot be prepared (an unknown column) fails as itself, every time.
      for (let run = 0; run < 2; run++)
        await expect(sql`select tidak_ada from data_versions where name = ${'x'}`.execute(handle.db)).rejects.toMatchObject({
          code: '42703',
        });
    } finally {
      await handle.close();
    }
  });
});
