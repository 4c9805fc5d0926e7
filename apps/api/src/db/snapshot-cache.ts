import { LRUCache } from 'lru-cache';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * Answers remembered under the database snapshot they were computed at, so that a dear answer (a
 * list page of 1000 rows, ~400 KB of JSON to decode, shape and write) is written once and sent
 * again as long as nothing was committed since.
 *
 * Exact by construction, with nothing asked of the code that writes: `pg_current_snapshot()` names
 * which transactions a statement sees (xmin, xmax and those in progress), and every commit or
 * rollback of a transaction that wrote changes it, whatever table it wrote. An answer is kept
 * under the snapshot read just before it was computed: a later request reading that same snapshot
 * proves that nothing was committed since, so every query of the computation saw exactly that
 * snapshot and computing again would give the same answer. (Had a commit happened during the
 * computation, the snapshot has moved on and that answer is never sent again.) Read-only statements
 * take no transaction id, so reads never spoil the cache; any write, even a login, empties it in
 * effect. Works the same on PGlite and on PostgreSQL, with one or many API processes.
 *
 * A key asked for the first time is answered without reading the snapshot and its answer is not
 * kept: most searches are typed once, and for them the check would be one more statement spent on
 * an answer nobody asks for again. From a key's second request on, answers are kept as above (the
 * second computes, the third may be sent from memory).
 *
 * Answers are also dropped after `maxAgeMs` (time-bound content such as signed receipt links stays
 * close to fresh) and, least recently used first, beyond `maxChars` of text in all. Concurrent
 * misses of one key under one snapshot share a single computation.
 */
export interface SnapshotCache {
  /** The answer for `key`: remembered when the database has not changed since, else `compute()`'s. */
  get(key: string, compute: () => Promise<string>): Promise<string>;
  /**
   * How many answers were served from memory, how many were computed (first requests included)
   * and how many of those were first requests of their key (tests, diagnostics).
   */
  readonly stats: { hits: number; computed: number; firstAsked: number };
}

export interface SnapshotCacheOptions {
  /** Text kept in all, in characters (default 32 M: about 80 pages of 1000 rows). */
  maxChars?: number;
  /** Age after which an answer is computed again even if nothing changed (default 60 s). */
  maxAgeMs?: number;
  /** Keys remembered as asked before, oldest forgotten first (default 10 000). */
  maxKeys?: number;
  now?: () => number;
}

interface Entry {
  snapshot: string;
  text: string;
  at: number;
}

/** The snapshot the next statement sees, as text ('xmin:xmax:xip,…'). */
export async function currentSnapshot(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(db);
  return rows[0]!.snapshot;
}

export function createSnapshotCache(db: Kysely<DB>, options: SnapshotCacheOptions = {}): SnapshotCache {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  // Least recently used answers go first beyond maxChars of text; an answer larger than all of
  // it is never kept. The age is checked on every hit against the caller's clock.
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxChars ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.text.length),
  });
  const computing = new Map<string, { snapshot: string; text: Promise<string> }>();
  // Keys asked for at least once, the least recently asked forgotten first.
  const asked = new LRUCache<string, true>({ max: options.maxKeys ?? 10_000 });
  const stats = { hits: 0, computed: 0, firstAsked: 0 };

  /** Whether `key` was asked for before; notes it as asked. */
  const askedBefore = (key: string) => {
    const before = entries.has(key) || computing.has(key) || asked.has(key);
    asked.set(key, true);
    return before;
  };

  const compute = async (key: string, snapshot: string, work: () => Promise<string>) => {
    stats.computed++;
    const text = await work();
    entries.set(key, { snapshot, text, at: now() });
    return text;
  };

  return {
    stats,
    async get(key, work) {
      if (!askedBefore(key)) {
        stats.computed++;
        stats.firstAsked++;
        return work();
      }
      const snapshot = await currentSnapshot(db);
      const entry = entries.get(key);
      if (entry && entry.snapshot === snapshot && now() - entry.at < maxAgeMs) {
        stats.hits++;
        return entry.text;
      }
      const running = computing.get(key);
      if (running && running.snapshot === snapshot) return running.text;
      const text = compute(key, snapshot, work);
      computing.set(key, { snapshot, text });
      try {
        return await text;
      } finally {
        if (computing.get(key)?.text === text) computing.delete(key);
      }
    },
  };
}
