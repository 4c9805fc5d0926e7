import { sql, type Kysely } from 'kysely';

// Early settlement of a Murabahah (issue 27 B). The settlement is a `pelunasan` payment of the
// amount actually paid; this row, beside it, keeps what was not collected and why: the margin of
// the months not yet begun (fatwa 153/DSN-MUI/VI/2022) and the khasm discount given (fatwa
// 46/DSN-MUI/II/2005) with its reason, and the figures of the quote it followed. It is not a payment.
export async function up(db: Kysely<any>) {
  await sql`create table pelunasan_dipercepat (
    id serial primary key,
    pinjaman_id integer not null references pinjaman (id),
    pembayaran_id integer not null unique references pembayaran (id),
    tanggal date not null,
    metode varchar(20) not null,
    bulan_berjalan integer not null,
    pokok_sisa bigint not null,
    margin_berjalan bigint not null,
    margin_sisa bigint not null,
    margin_tidak_ditagih bigint not null check (margin_tidak_ditagih >= 0),
    khasm bigint not null check (khasm >= 0 and khasm <= margin_sisa),
    alasan_khasm varchar(30),
    persetujuan_id integer references persetujuan (id),
    created_by integer references users (id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index pelunasan_dipercepat_pinjaman_idx on pelunasan_dipercepat (pinjaman_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists pelunasan_dipercepat`.execute(db);
}
