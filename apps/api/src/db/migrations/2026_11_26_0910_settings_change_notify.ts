import { sql, type Kysely } from 'kysely';

// Announces every change of a setting on the channel `settings_changed` when its transaction
// commits (db/settings-cache.ts): each server process remembers the settings it has read (the
// kolektibilitas bands are read by every payment and every loan's schedule) until the next
// notification.
export async function up(db: Kysely<any>) {
  await sql`
    create function settings_changed_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('settings_changed', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger settings_changed after insert or update or delete or truncate on settings
    for each statement execute function settings_changed_notify()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists settings_changed on settings`.execute(db);
  await sql`drop function if exists settings_changed_notify()`.execute(db);
}
