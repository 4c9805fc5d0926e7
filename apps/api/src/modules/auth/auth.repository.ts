import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const publicUserColumns = ['id', 'username', 'nama_lengkap', 'role'] as const;

export function findUserByUsername(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPublicUser(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(publicUserColumns).where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Kysely<DB>) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertUser(
  db: Kysely<DB>,
  user: { username: string; nama_lengkap: string; role: 'admin' | 'manajer' | 'operator' | 'user'; password_hash: string },
) {
  return db.insertInto('users').values(user).returning(publicUserColumns).executeTakeFirstOrThrow();
}

export function updateUser(
  db: Kysely<DB>,
  id: number,
  changes: {
    username?: string;
    nama_lengkap?: string;
    password_hash?: string;
    role?: 'admin' | 'manajer' | 'operator' | 'user';
    is_active?: boolean;
  },
) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returning(publicUserColumns)
    .executeTakeFirst();
}

export async function insertSession(db: Kysely<DB>, session: { id: string; user_id: number; expires_at: Date }) {
  await db
    .insertInto('sessions')
    .values({ ...session, revoked_at: null })
    .execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except the one named (if any). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, exceptSessionId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** A session that is neither revoked nor expired at `now`, with its active user; undefined otherwise. */
export function findLiveSession(db: Kysely<DB>, sessionId: string, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.nama_lengkap', 'users.role', 'sessions.expires_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', true)
    .executeTakeFirst();
}

/** Drops sessions that expired more than a day ago, so the table does not grow forever. */
export async function deleteOldSessions(db: Kysely<DB>, now: Date) {
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
    .execute();
}

/**
 * Counts one more failed-or-pending attempt for `key` in a window of `windowMs` and returns the
 * count including this one. One atomic statement, so parallel attempts cannot slip past the limit.
 */
export async function bumpAttempts(db: Kysely<DB>, key: string, now: Date, windowMs: number) {
  const windowOpen = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('login_attempts')
    .values({ key, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_attempts.window_start < ${windowOpen} then 1 else login_attempts.failures + 1 end`,
        window_start: sql<Date>`case when login_attempts.window_start < ${windowOpen} then ${now} else login_attempts.window_start end`,
      }),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function clearAttempts(db: Kysely<DB>, key: string) {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** A successful sign-in from an address takes one failure off that address's count. */
export async function forgiveOneFailure(db: Kysely<DB>, key: string) {
  await db
    .updateTable('login_attempts')
    .set({ failures: sql<number>`greatest(failures - 1, 0)` })
    .where('key', '=', key)
    .execute();
}
