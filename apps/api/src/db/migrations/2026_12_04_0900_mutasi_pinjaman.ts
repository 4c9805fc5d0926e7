import { sql, type Kysely } from 'kysely';

// One writer of money (issue 47): every money event of a loan is one immutable row of the parts it
// moved (core `MutasiParts`, docs/glossary.md "Money events"), written by modules/mutasi in the
// transaction of the change. A correction is a reversing row (`membalik_id`) and a new one; the
// database refuses an UPDATE or DELETE of a row (a restore, which replaces the whole database,
// disables the table's triggers as it does every table's). The loans recorded before this have
// their events derived from their payments by the money module (`backfillLoanEvents`: at start, in
// batches, resumable; a write to such a loan derives them first).
export async function up(db: Kysely<any>) {
  await sql`create table mutasi_pinjaman (
    id serial primary key,
    pinjaman_id integer not null references pinjaman (id),
    jenis varchar(12) not null check (jenis in
      ('akad', 'pembayaran', 'pelunasan', 'pembalikan', 'penjadwalan', 'penyesuaian', 'pembatalan', 'tazir', 'tawidh')),
    tanggal date not null,
    kas bigint not null default 0,
    pokok_akad bigint not null default 0,
    margin_akad bigint not null default 0,
    pokok bigint not null default 0,
    margin bigint not null default 0,
    bagi_hasil bigint not null default 0,
    lebih_bayar bigint not null default 0,
    margin_dibebaskan bigint not null default 0,
    pokok_dihapus bigint not null default 0,
    lain bigint not null default 0,
    pembayaran_id integer references pembayaran (id),
    tazir_id integer references tazir (id),
    tawidh_id integer references tawidh (id),
    membalik_id integer unique references mutasi_pinjaman (id),
    alasan varchar(200),
    diturunkan boolean not null default false,
    dicatat_oleh integer references users (id),
    created_at timestamptz not null default now(),
    check ((jenis = 'pembalikan') = (membalik_id is not null))
  )`.execute(db);
  await sql`create index mutasi_pinjaman_pinjaman_idx on mutasi_pinjaman (pinjaman_id, id)`.execute(db);
  await sql`create index mutasi_pinjaman_pembayaran_idx on mutasi_pinjaman (pembayaran_id) where pembayaran_id is not null`.execute(
    db,
  );
  await sql`create index mutasi_pinjaman_tanggal_idx on mutasi_pinjaman (tanggal, id)`.execute(db);
  await sql`create function mutasi_pinjaman_tetap() returns trigger language plpgsql as $$
    begin
      raise exception 'Mutasi pinjaman tidak dapat diubah atau dihapus; koreksi dicatat sebagai pembalikan'
        using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger mutasi_pinjaman_tetap before update or delete on mutasi_pinjaman
    for each row execute function mutasi_pinjaman_tetap()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists mutasi_pinjaman`.execute(db);
  await sql`drop function if exists mutasi_pinjaman_tetap()`.execute(db);
}
