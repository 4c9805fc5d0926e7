import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../test/test-db';
import { openPostgres, type DatabaseHandle } from './database';
import { SETTINGS_CHANGED_CHANNEL, createSettingsCache, forgetSettings, readRemembered } from './settings-cache';

// The settings a process remembers until the database announces a change (settings-cache.ts),
// on PGlite and, with several processes and a lost listening connection, on PostgreSQL.

let handle: DatabaseHandle & { url?: string };
let stop: () => Promise<void>;
const KEY = 'uji';

/** Writes the setting without announcing it: what the cache answers then shows whether it read the database. */
async function writeQuietly(db: DatabaseHandle['db'], value: unknown) {
  await db.transaction().execute(async (trx) => {
    await sql`alter table settings disable trigger settings_changed`.execute(trx);
    await sql`insert into settings (key, value) values (${KEY}, ${JSON.stringify(value)})
      on conflict (key) do update set value = excluded.value`.execute(trx);
    await sql`alter table settings enable trigger settings_changed`.execute(trx);
  });
}
/** A setting read as the settings module reads it: through the database's cache. */
const readSetting = (db: DatabaseHandle['db'], key: string) =>
  readRemembered(
    db,
    key,
    async () => (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value,
  );
const write = (db: DatabaseHandle['db'], value: unknown) =>
  sql`insert into settings (key, value) values (${KEY}, ${JSON.stringify(value)})
    on conflict (key) do update set value = excluded.value`.execute(db);

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not within 5 s');
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const cache = createSettingsCache(handle.db);
  stop = await handle.notifications(SETTINGS_CHANGED_CHANNEL, { onNotify: cache.forget, onLive: cache.setLive });
});
afterAll(async () => {
  await stop?.();
  await handle?.close();
});

describe('remembered settings', () => {
  it('are read once, also inside a transaction, until a change is announced', async () => {
    await write(handle.db, { v: 1 });
    await eventually(async () => ((await readSetting(handle.db, KEY)) as { v: number }).v === 1);
    // PostgreSQL's notification of that write may still be on its way: let it arrive, then remember.
    await new Promise((r) => setTimeout(r, 200));
    expect(await readSetting(handle.db, KEY)).toEqual({ v: 1 });
    await writeQuietly(handle.db, { v: 2 });
    // Not announced: the remembered value stands, inside a transaction too.
    expect(await readSetting(handle.db, KEY)).toEqual({ v: 1 });
    await handle.db.transaction().execute(async (trx) => expect(await readSetting(trx, KEY)).toEqual({ v: 1 }));
    // This process's own write forgets at once.
    forgetSettings(handle.db);
    expect(await readSetting(handle.db, KEY)).toEqual({ v: 2 });
    // An announced change, from any connection, is read next.
    await write(handle.db, { v: 3 });
    await eventually(async () => ((await readSetting(handle.db, KEY)) as { v: number }).v === 3);
  });

  it('are told at once on PGlite: the write has resolved, the next read has the new value', async () => {
    if (handle.kind !== 'pglite') return;
    await write(handle.db, { v: 4 });
    expect(await readSetting(handle.db, KEY)).toEqual({ v: 4 });
    await write(handle.db, { v: 5 });
    expect(await readSetting(handle.db, KEY)).toEqual({ v: 5 });
  });

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')('reach a second server process on the same PostgreSQL', async () => {
    const other = await openPostgres(handle.url!, 2);
    const cache = createSettingsCache(other.db);
    const stopOther = await other.notifications(SETTINGS_CHANGED_CHANNEL, { onNotify: cache.forget, onLive: cache.setLive });
    try {
      await write(handle.db, { v: 10 });
      await eventually(async () => ((await readSetting(other.db, KEY)) as { v: number }).v === 10);
      await write(handle.db, { v: 11 });
      await eventually(async () => ((await readSetting(other.db, KEY)) as { v: number }).v === 11);
    } finally {
      await stopOther();
      await other.close();
    }
  });

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')(
    'are not trusted while the listening connection is lost, and again once it is back',
    async () => {
      await write(handle.db, { v: 20 });
      await eventually(async () => ((await readSetting(handle.db, KEY)) as { v: number }).v === 20);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`.execute(handle.db);
      // Lost: every read goes to the database (a change made meanwhile would not be announced).
      await eventually(async () => {
        await writeQuietly(handle.db, { v: 21 });
        return ((await readSetting(handle.db, KEY)) as { v: number }).v === 21;
      });
      // Back (a second later): remembered again, and announced changes arrive.
      await eventually(async () => {
        await write(handle.db, { v: 22 });
        await new Promise((r) => setTimeout(r, 20));
        if (((await readSetting(handle.db, KEY)) as { v: number }).v !== 22) return false;
        await writeQuietly(handle.db, { v: 23 });
        return ((await readSetting(handle.db, KEY)) as { v: number }).v === 22;
      });
    },
  );
});
