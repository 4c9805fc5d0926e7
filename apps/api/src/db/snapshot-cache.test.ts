import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';
import { createSnapshotCache, currentSnapshot, type SnapshotCache } from './snapshot-cache';
import { databasePerFile } from '../test/test-app';

let handle: DatabaseHandle;
databasePerFile((fresh) => {
  handle = fresh;
});

/** An "answer" that reads the database: the descriptions of all activities, in order. */
const readActivities = async () => {
  const rows = await handle.db.selectFrom('activities').select('description').orderBy('id').execute();
  return JSON.stringify(rows.map((row) => row.description));
};
const addActivity = (description: string) =>
  handle.db.insertInto('activities').values({ type: 'uji', description, category: 'other' }).execute();
/** Asks for each key once, so that its next answers are kept (a key's first answer never is). */
const askOnce = async (cache: SnapshotCache, ...keys: string[]) => {
  for (const key of keys) await cache.get(key, async () => 'pertama kali');
};

describe('snapshot cache', () => {
  it('sends the remembered answer while nothing is committed, and computes again after any commit', async () => {
    const cache = createSnapshotCache(handle.db);
    await askOnce(cache, 'k');
    await addActivity('satu');
    const first = await cache.get('k', readActivities);
    // Reads between the two requests do not change the snapshot.
    await readActivities();
    await handle.db.selectFrom('users').select('id').execute();
    expect(await cache.get('k', readActivities)).toBe(first);
    expect(cache.stats).toEqual({ hits: 1, computed: 2, firstAsked: 1 });

    await addActivity('dua');
    const second = await cache.get('k', readActivities);
    expect(JSON.parse(second)).toEqual([...JSON.parse(first), 'dua']);
    expect(cache.stats).toEqual({ hits: 1, computed: 3, firstAsked: 1 });

    // A write to a table the answer does not read also counts: the cache knows nothing of tables.
    await handle.db
      .updateTable('data_versions')
      .set({ version: sql`version` })
      .execute();
    expect(await cache.get('k', readActivities)).toBe(second);
    expect(cache.stats).toEqual({ hits: 1, computed: 4, firstAsked: 1 });
  });

  it('keeps answers per key', async () => {
    const cache = createSnapshotCache(handle.db);
    await askOnce(cache, 'a', 'b');
    const a = await cache.get('a', async () => 'jawaban a');
    const b = await cache.get('b', async () => 'jawaban b');
    expect([a, b]).toEqual(['jawaban a', 'jawaban b']);
    expect(await cache.get('a', async () => 'lain')).toBe('jawaban a');
    expect(await cache.get('b', async () => 'lain')).toBe('jawaban b');
  });

  it('does not keep an answer when a commit happened while it was computed', async () => {
    const cache = createSnapshotCache(handle.db);
    await askOnce(cache, 'k');
    const racing = await cache.get('k', async () => {
      const before = await readActivities();
      await addActivity('selagi dihitung');
      return before;
    });
    expect(JSON.parse(racing)).not.toContain('selagi dihitung');
    // Had it been kept, this would be the stale answer without the new row.
    const next = await cache.get('k', readActivities);
    expect(JSON.parse(next)).toContain('selagi dihitung');
    expect(cache.stats).toEqual({ hits: 0, computed: 3, firstAsked: 1 });
  });

  it('computes again after the maximum age, and forgets the least recently used beyond its size', async () => {
    let clock = 1_000;
    const cache = createSnapshotCache(handle.db, { maxAgeMs: 60_000, maxChars: 10, now: () => clock });
    await askOnce(cache, 'a', 'b', 'c', 'besar');
    await cache.get('a', async () => 'aaaa');
    clock += 59_999;
    expect(await cache.get('a', async () => 'baru')).toBe('aaaa');
    clock += 1;
    expect(await cache.get('a', async () => 'AAAA')).toBe('AAAA');

    await cache.get('b', async () => 'bbbb'); // a + b = 8 characters
    await cache.get('a', async () => 'x'); // a used last, b is the least recently used
    await cache.get('c', async () => 'cccc'); // 12 > 10: b goes
    expect(await cache.get('a', async () => 'x')).toBe('AAAA');
    expect(await cache.get('c', async () => 'x')).toBe('cccc');
    expect(await cache.get('b', async () => 'dihitung lagi')).toBe('dihitung lagi');
    // An answer larger than the whole cache is sent but not kept.
    expect(await cache.get('besar', async () => 'z'.repeat(11))).toBe('z'.repeat(11));
    expect(await cache.get('besar', async () => 'lagi')).toBe('lagi');
  });

  it('lets concurrent requests of one key share one computation', async () => {
    const cache = createSnapshotCache(handle.db);
    await askOnce(cache, 'k');
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        cache.get('k', async () => {
          runs++;
          return readActivities();
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('passes a failed computation on and keeps nothing', async () => {
    const cache = createSnapshotCache(handle.db);
    await askOnce(cache, 'k');
    await expect(cache.get('k', () => Promise.reject(new Error('gagal')))).rejects.toThrow('gagal');
    expect(await cache.get('k', async () => 'berhasil')).toBe('berhasil');
  });

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')(
    'on PostgreSQL: a transaction still open leaves the answer standing, its commit replaces it',
    async () => {
      const cache = createSnapshotCache(handle.db);
      await askOnce(cache, 'k');
      await handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('activities').values({ type: 'uji', description: 'belum commit', category: 'other' }).execute();
        const during = await cache.get('k', readActivities);
        expect(JSON.parse(during)).not.toContain('belum commit');
        expect(await cache.get('k', readActivities)).toBe(during);
        expect(cache.stats).toEqual({ hits: 1, computed: 2, firstAsked: 1 });
      });
      expect(JSON.parse(await cache.get('k', readActivities))).toContain('belum commit');
      expect(cache.stats).toEqual({ hits: 1, computed: 3, firstAsked: 1 });
    },
  );

  it('answers a key asked for the first time without keeping it, and keeps it from the second time on', async () => {
    const cache = createSnapshotCache(handle.db);
    expect(await cache.get('k', async () => 'satu')).toBe('satu');
    expect(await cache.get('k', async () => 'dua')).toBe('dua');
    expect(await cache.get('k', async () => 'tiga')).toBe('dua');
    expect(cache.stats).toEqual({ hits: 1, computed: 2, firstAsked: 1 });
    // Concurrent first requests: the first is answered alone, the others share one computation.
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        cache.get('baru', async () => {
          runs++;
          return `jawaban ${i}`;
        }),
      ),
    );
    expect(runs).toBe(2);
    // Which of the other three computes is whichever snapshot read returns first (on PostgreSQL
    // they run on different connections of the pool); the other two share its answer.
    const [alone, ...shared] = answers;
    expect(alone).toBe('jawaban 0');
    expect(new Set(shared).size).toBe(1);
    expect(['jawaban 1', 'jawaban 2', 'jawaban 3']).toContain(shared[0]);
  });

  it('forgets the oldest keys asked beyond maxKeys', async () => {
    const cache = createSnapshotCache(handle.db, { maxKeys: 2 });
    await askOnce(cache, 'a', 'b', 'c'); // 'a' is forgotten
    await cache.get('a', async () => 'a lagi');
    expect(await cache.get('a', async () => 'lain')).toBe('lain');
    await cache.get('c', async () => 'c kedua');
    expect(await cache.get('c', async () => 'lain')).toBe('c kedua');
  });

  it('reads the snapshot as PostgreSQL writes it', async () => {
    expect(await currentSnapshot(handle.db)).toMatch(/^\d+:\d+:(\d+(,\d+)*)?$/);
  });
});
