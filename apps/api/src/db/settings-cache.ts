import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** Notified by a trigger when a `settings` row changes (migration 2026_11_26_0910). */
export const SETTINGS_CHANGED_CHANNEL = 'settings_changed';

/**
 * The settings a server process has read, remembered until the database announces a change
 * (`settings_changed`): every payment and every loan's schedule reads the kolektibilitas bands,
 * which change a few times in an installation's life.
 *
 * - Remembered only while the process is surely told of changes (`live`): PGlite tells this
 *   process synchronously, before the writing statement resolves; PostgreSQL through a listening
 *   connection of its own (db/pg-listener.ts), whose loss stops the remembering until it is back.
 *   On PostgreSQL another process learns of a change a few milliseconds after its commit.
 * - A read in progress when a change is announced is forgotten with the rest, so no value read
 *   before a change outlives its notification.
 * - One cache per database, also found from its transactions (they share the database's dialect
 *   adapter), so a setting read inside a payment's transaction is remembered too.
 */
export class SettingsCache {
  private values = new Map<string, Promise<unknown>>();
  private live = false;

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.live) return load();
    const hit = this.values.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    this.values.set(key, value);
    value.catch(() => {
      if (this.values.get(key) === value) this.values.delete(key);
    });
    return value;
  }

  forget = () => {
    this.values.clear();
  };

  setLive = (live: boolean) => {
    this.live = live;
    this.values.clear();
  };
}

const caches = new WeakMap<object, SettingsCache>();
const keyOf = (db: Kysely<DB>) => db.getExecutor().adapter;

/** Creates the cache of a database (the server does, once it listens for changes). */
export function createSettingsCache(db: Kysely<DB>): SettingsCache {
  const cache = new SettingsCache();
  caches.set(keyOf(db), cache);
  return cache;
}

/** Reads a setting through the database's cache, or straight from the database when it has none. */
export function readRemembered<T>(db: Kysely<DB>, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(keyOf(db));
  return cache ? cache.read(key, load) : load();
}

/** Forgets this process's remembered settings (a write here, before other processes hear of it). */
export function forgetSettings(db: Kysely<DB>) {
  caches.get(keyOf(db))?.forget();
}
