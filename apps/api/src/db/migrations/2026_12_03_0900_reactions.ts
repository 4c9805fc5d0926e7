import { sql, type Kysely } from 'kysely';

// Side effects after commit (issue 47, item 3; docs/decisions/notifications.md).
// - `reactions`: the durable queue of what reacts to a committed money event (a notification
//   today). The money transaction writes one row of ids and event-time figures; a runner does the
//   reaction after the commit, each in its own transaction, retrying with backoff. A failing
//   reaction stays here ('failed', its error kept), never in the way of the money write.
//   `next_attempt_at` is null while a row waits for its first attempt (due at once), so the
//   money transaction needs no clock.
// - `wa_messages.nama` widened from 100 to 255 characters, what `wa_recipients.name` holds: the
//   log keeps the name the message went to (PostgreSQL widens a varchar without rewriting the table).
export async function up(db: Kysely<any>) {
  await sql`create table reactions (
    id bigserial primary key,
    kind text not null,
    payload jsonb not null,
    status text not null default 'waiting' check (status in ('waiting', 'done', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    last_error text,
    created_at timestamptz not null default now(),
    done_at timestamptz
  )`.execute(db);
  // What the runner claims and /metrics counts: the rows not done, few at any time.
  await sql`create index reactions_open_idx on reactions (id) where status <> 'done'`.execute(db);
  // What the runner prunes: done rows by age.
  await sql`create index reactions_done_idx on reactions (done_at) where status = 'done'`.execute(db);
  await sql`alter table wa_messages alter column nama type varchar(255)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`update wa_messages set nama = left(nama, 100) where length(nama) > 100`.execute(db);
  await sql`alter table wa_messages alter column nama type varchar(100)`.execute(db);
  await sql`drop table reactions`.execute(db);
}
