import { sql, type Kysely } from 'kysely';

// Rescheduling (issue 27 D). A rescheduled Murabahah carries its whole new schedule (`jadwal_ulang`:
// the lines paid, then the new ones), which the ledger reads instead of the akad's; every
// rescheduling keeps the schedule before and after, the plan and its approval, as history.
export async function up(db: Kysely<any>) {
  await sql`alter table pinjaman add column jadwal_ulang jsonb`.execute(db);
  await sql`create table penjadwalan_ulang (
    id serial primary key,
    pinjaman_id integer not null references pinjaman (id),
    tanggal date not null,
    durasi integer not null,
    tenggang integer not null,
    sisa_kewajiban bigint not null,
    jadwal_lama jsonb not null,
    jadwal_baru jsonb not null,
    persetujuan_id integer references persetujuan (id),
    diajukan_oleh integer references users (id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index penjadwalan_ulang_pinjaman_idx on penjadwalan_ulang (pinjaman_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists penjadwalan_ulang`.execute(db);
  await sql`alter table pinjaman drop column if exists jadwal_ulang`.execute(db);
}
