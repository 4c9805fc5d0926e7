import { sql, type Kysely } from 'kysely';

// The active notification recipients are remembered per process like the settings (every payment
// asks who would be told of it, issue 24): a change of the recipients list is announced on the
// settings' channel when its transaction commits (db/settings-cache.ts).
export async function up(db: Kysely<any>) {
  await sql`create trigger wa_recipients_changed after insert or update or delete or truncate on wa_recipients
    for each statement execute function settings_changed_notify()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists wa_recipients_changed on wa_recipients`.execute(db);
}
