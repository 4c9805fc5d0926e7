import { sql, type Kysely } from 'kysely';

// The message log screen (issue 24, part C): each message keeps the recipient's name as it was
// when the message was written (a recipient renamed or deleted later does not rewrite history) and
// how many times it was handed to WhatsApp (counted when a row is claimed for sending; "Kirim
// ulang" hands a failed one over again). The screen lists the newest first.
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('wa_messages')
    .addColumn('nama', 'varchar(100)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Rows written before: the recipient's name now, and one attempt for those that were handed over.
  await sql`update wa_messages m set nama = r.name from wa_recipients r where r.id = m.recipient_id`.execute(db);
  await sql`update wa_messages set attempts = 1 where message_id is not null`.execute(db);
  await sql`create index wa_messages_log_idx on wa_messages (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists wa_messages_log_idx`.execute(db);
  await db.schema.alterTable('wa_messages').dropColumn('attempts').dropColumn('nama').execute();
}
