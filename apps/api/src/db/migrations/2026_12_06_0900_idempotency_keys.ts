import { sql, type Kysely } from 'kysely';

// Idempotent writes (issue 51): a POST that creates money or a record may carry an
// `Idempotency-Key`; the first request with a key claims it here (one row per user and key), and
// its answer is kept with it, so that a repeat answers the same (same id, same status) and two at
// once make one record. Keys are kept at least 24 hours (lib/idempotency.ts prunes older ones).
export async function up(db: Kysely<any>) {
  await sql`create table idempotency_keys (
    user_id integer not null references users(id) on delete cascade,
    key text not null,
    method text not null,
    url text not null,
    body_hash text not null,
    status_code integer,
    response text,
    content_type text,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table idempotency_keys`.execute(db);
}
