import { sql, type Kysely } from 'kysely';

// Running as a service (issue 28).
// - `server_secrets`: values every server process on this database shares without configuration:
//   the token secret (when JWT_SECRET is not set) and the identity of the data folder that holds
//   the receipts (lib/server-secrets.ts). Never in a backup: whoever has the secret can sign in as
//   anyone.
// - `backup_runs`: every backup the server made (scheduled or "Backup sekarang"), its result and
//   file; a scheduled run is claimed by its slot (one per Jakarta day) so that one process makes it.
//   Not in a backup either: it describes this installation's files, not the books.
// - A message written to wait in `wa_messages` is announced on `wa_queued` when its transaction
//   commits, so that the process owning the WhatsApp session sends it at once, whichever process
//   wrote it (lib/whatsapp; before, another process's message waited for the 30 s poll).
export async function up(db: Kysely<any>) {
  await sql`
    create function wa_queued_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('wa_queued', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger wa_queued after insert on wa_messages
    for each statement execute function wa_queued_notify()`.execute(db);
  await sql`create table server_secrets (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table backup_runs (
    id serial primary key,
    jenis text not null check (jenis in ('terjadwal', 'manual')),
    slot text unique,
    status text not null check (status in ('berjalan', 'berhasil', 'gagal')),
    started_at timestamptz not null default now(),
    heartbeat_at timestamptz not null default now(),
    finished_at timestamptz,
    file_name text,
    bytes bigint,
    pesan text,
    oleh text
  )`.execute(db);
  // One backup at a time, across every process.
  await sql`create unique index backup_runs_one_running on backup_runs ((true)) where status = 'berjalan'`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists wa_queued on wa_messages`.execute(db);
  await sql`drop function if exists wa_queued_notify()`.execute(db);
  await sql`drop table if exists backup_runs`.execute(db);
  await sql`drop table if exists server_secrets`.execute(db);
}
