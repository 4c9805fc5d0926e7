import { sql, type Kysely } from 'kysely';

// Searching the message log by name or number (issue 24, part C): a name or number that matches
// few of hundreds of thousands of rows is found through trigram indexes instead of reading the
// whole log (the same kind of index as the customers' search).
export async function up(db: Kysely<any>) {
  await sql`create index wa_messages_nama_trgm_idx on wa_messages using gin (nama gin_trgm_ops)`.execute(db);
  await sql`create index wa_messages_phone_trgm_idx on wa_messages using gin (phone_number gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists wa_messages_phone_trgm_idx`.execute(db);
  await sql`drop index if exists wa_messages_nama_trgm_idx`.execute(db);
}
