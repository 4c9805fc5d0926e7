import { sql, type Kysely } from 'kysely';

// Announces every change to who may be signed in (issue 10): any write to `users` or `sessions`
// (login, logout, password change, deactivation, role change, restore) sends a notification on
// the channel `auth_changed` (db/database.ts AUTH_CHANGED_CHANNEL) when its transaction commits. The embedded PGlite server listens to
// it and keeps the sessions it has checked in memory until the next notification
// (plugins/auth.ts); PostgreSQL servers check the session row on every request and ignore it.
export async function up(db: Kysely<any>) {
  await sql`
    create function auth_changed_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('auth_changed', '');
      return null;
    end $$`.execute(db);
  for (const table of ['users', 'sessions']) {
    await sql`create trigger ${sql.raw(`${table}_auth_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function auth_changed_notify()`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists sessions_auth_changed on sessions`.execute(db);
  await sql`drop trigger if exists users_auth_changed on users`.execute(db);
  await sql`drop function if exists auth_changed_notify()`.execute(db);
}
