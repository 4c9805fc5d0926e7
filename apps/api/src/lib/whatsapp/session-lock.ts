import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Advisory lock key of the WhatsApp session (any constant; 'mizanWA!' as a 64-bit number). */
export const WA_SESSION_LOCK_KEY = 0x6d697a616e574121n;

/** Told to whoever tries to connect WhatsApp in a process that does not own the session. */
export const NOT_OWNER_MESSAGE = 'Session WhatsApp sedang dipegang oleh instance server lain.';

/** Only one process may own the WhatsApp session (decisions §6). */
export interface SessionLock {
  /** True when this process holds (or just took) the lock. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite is one process behind a data-folder lock already: ownership is a given. */
export const processLock: SessionLock = {
  acquire: async () => true,
  release: async () => {},
};

/**
 * A PostgreSQL session-level advisory lock, held on one pooled connection for as long as this
 * process owns the WhatsApp session. If the process dies, PostgreSQL drops the connection and
 * with it the lock, so another instance can take over.
 */
export function postgresAdvisoryLock(db: Database): SessionLock {
  let held: { release: () => void; done: Promise<void> } | null = null;
  return {
    async acquire() {
      if (held) return true;
      let outcome!: (ok: boolean) => void;
      const acquired = new Promise<boolean>((resolve) => (outcome = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const done = db
        .connection()
        .execute(async (conn) => {
          const { rows } = await sql<{
            ok: boolean;
          }>`select pg_try_advisory_lock(${WA_SESSION_LOCK_KEY.toString()}::bigint) as ok`.execute(conn);
          if (!rows[0]?.ok) {
            outcome(false);
            return;
          }
          outcome(true);
          await released;
          await sql`select pg_advisory_unlock(${WA_SESSION_LOCK_KEY.toString()}::bigint)`.execute(conn);
        })
        .catch(() => outcome(false));
      const ok = await acquired;
      if (ok) held = { release, done };
      return ok;
    },
    async release() {
      if (!held) return;
      const { release, done } = held;
      held = null;
      release();
      await done;
    },
  };
}
