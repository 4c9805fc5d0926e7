import { sql, type Kysely } from 'kysely';

// WhatsApp that does its job (issue 24): every message in the log has a kind (`jenis`: test,
// notifikasi, pengingat, manual) and, for notifications, the event it tells of. Notifications are
// written QUEUED in the transaction of the business write (a rolled-back payment notifies no one)
// and wait there, across restarts and while WhatsApp is disconnected, until the sender of the
// session's owner hands them over (lib/whatsapp/dispatcher.ts). SKIPPED and EXPIRED are the end
// states of messages checked again before sending (reminders).
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('wa_messages')
    .addColumn('jenis', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('test')
        .check(sql`jenis in ('test', 'notifikasi', 'pengingat', 'manual')`),
    )
    .addColumn('acara', 'varchar(40)')
    .execute();
  await sql`alter table wa_messages drop constraint if exists wa_messages_status_check`.execute(db);
  await sql`alter table wa_messages add constraint wa_messages_status_check check (status in
    ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'DELIVERED', 'READ', 'UNCERTAIN', 'SKIPPED', 'EXPIRED'))`.execute(db);
  // The sender's queue: the waiting messages the dispatcher hands over, oldest first.
  await sql`create index wa_messages_queued_idx on wa_messages (id) where status = 'QUEUED' and jenis in ('notifikasi', 'pengingat')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists wa_messages_queued_idx`.execute(db);
  await sql`delete from wa_messages where status in ('SKIPPED', 'EXPIRED')`.execute(db);
  await sql`alter table wa_messages drop constraint if exists wa_messages_status_check`.execute(db);
  await sql`alter table wa_messages add constraint wa_messages_status_check check (status in
    ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'DELIVERED', 'READ', 'UNCERTAIN'))`.execute(db);
  await db.schema.alterTable('wa_messages').dropColumn('acara').dropColumn('jenis').execute();
}
