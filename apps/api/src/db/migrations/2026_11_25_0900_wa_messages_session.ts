import { sql, type Kysely } from 'kysely';

// Which WhatsApp session sent a message (issue 22): the settings screen marks its step "Test
// Pesan" done only when a test message reached WhatsApp on the session connected now, read from
// the message log so that it survives a reload. Rows written before this column stay null: they
// belong to no session that can still be current.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('wa_messages').addColumn('session_id', 'text').execute();
  await sql`create index wa_messages_session_test_idx on wa_messages (session_id) where idempotency_key like 'test:%'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists wa_messages_session_test_idx`.execute(db);
  await db.schema.alterTable('wa_messages').dropColumn('session_id').execute();
}
