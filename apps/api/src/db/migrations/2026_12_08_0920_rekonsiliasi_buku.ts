import { sql, type Kysely } from 'kysely';

// The daily reconciliation of the books (issue 48 item 5; docs/decisions/books.md
// "Reconciliation"): each run (the day reconciled, whether every check held, who ran it by hand:
// null for the daily job) and its checks in report order, each with what the money says
// (`seharusnya`), what the books hold (`tercatat`) and their difference. The dashboard and
// /metrics read the latest run (its primary key, newest first). Runs are kept: a difference found
// and later mended stays on record beside the run that found it mended.
export async function up(db: Kysely<any>) {
  await sql`create table rekonsiliasi_buku (
    id serial primary key,
    tanggal date not null,
    cocok boolean not null,
    dijalankan_oleh integer references users (id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table rekonsiliasi_buku_cek (
    rekonsiliasi_id integer not null references rekonsiliasi_buku (id) on delete cascade,
    urutan smallint not null,
    cek varchar(30) not null,
    akun_kode varchar(20),
    seharusnya bigint not null,
    tercatat bigint not null,
    selisih bigint not null,
    cocok boolean not null,
    primary key (rekonsiliasi_id, urutan)
  )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists rekonsiliasi_buku_cek`.execute(db);
  await sql`drop table if exists rekonsiliasi_buku`.execute(db);
}
