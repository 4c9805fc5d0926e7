import { sql, type Kysely } from 'kysely';

// The WhatsApp queue's length and oldest message, read by every GET /metrics scrape
// (health.repository.ts operationalFigures): without an index of the waiting messages alone, each
// scrape read the whole message log (200 000 messages in the benchmark's database). Waiting
// messages are few, so the index stays small.
export async function up(db: Kysely<any>) {
  await sql`create index wa_messages_queued_age_idx on wa_messages (created_at) where status = 'QUEUED'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists wa_messages_queued_age_idx`.execute(db);
}
