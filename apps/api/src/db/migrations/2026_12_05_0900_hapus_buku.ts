import { sql, type Kysely } from 'kysely';

// Write-off (hapus buku) and recovery (pemulihan) as money events (issue 47; docs/decisions/
// hapus-buku.md). A loan written off takes the status `hapus_buku` (out of the running loans,
// the portfolio, NPF and PAR; the customer still owes it), the date it was written off and the last
// payment the write-off counted (the payments after it are recoveries). Its events carry the
// receivable taken off the books (principal and margin) and what was recovered afterwards; a write-off
// waits for a second person's approval in Persetujuan like a rescheduling.
export async function up(db: Kysely<any>) {
  await sql`alter table pinjaman drop constraint if exists pinjaman_status_check`.execute(db);
  await sql`alter table pinjaman add constraint pinjaman_status_check
    check (status in ('aktif', 'lunas', 'macet', 'pending', 'ditolak', 'hapus_buku'))`.execute(db);
  await sql`alter table pinjaman add column hapus_buku_tanggal date`.execute(db);
  await sql`alter table pinjaman add column hapus_buku_pembayaran_id integer`.execute(db);
  await sql`alter table mutasi_pinjaman drop constraint if exists mutasi_pinjaman_jenis_check`.execute(db);
  await sql`alter table mutasi_pinjaman add constraint mutasi_pinjaman_jenis_check check (jenis in
    ('akad', 'pembayaran', 'pelunasan', 'pembalikan', 'penjadwalan', 'penyesuaian', 'pembatalan', 'tazir', 'tawidh',
     'hapus_buku', 'pemulihan'))`.execute(db);
  await sql`alter table mutasi_pinjaman add column hapus_buku_pokok bigint not null default 0`.execute(db);
  await sql`alter table mutasi_pinjaman add column hapus_buku_margin bigint not null default 0`.execute(db);
  await sql`alter table mutasi_pinjaman add column pemulihan bigint not null default 0`.execute(db);
  await sql`alter table persetujuan drop constraint if exists persetujuan_jenis_check`.execute(db);
  await sql`alter table persetujuan add constraint persetujuan_jenis_check
    check (jenis in ('pinjaman', 'pelunasan', 'penjadwalan', 'hapus_buku'))`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table persetujuan drop constraint if exists persetujuan_jenis_check`.execute(db);
  await sql`alter table persetujuan add constraint persetujuan_jenis_check
    check (jenis in ('pinjaman', 'pelunasan', 'penjadwalan'))`.execute(db);
  await sql`alter table mutasi_pinjaman drop column pemulihan`.execute(db);
  await sql`alter table mutasi_pinjaman drop column hapus_buku_margin`.execute(db);
  await sql`alter table mutasi_pinjaman drop column hapus_buku_pokok`.execute(db);
  await sql`alter table mutasi_pinjaman drop constraint if exists mutasi_pinjaman_jenis_check`.execute(db);
  await sql`alter table mutasi_pinjaman add constraint mutasi_pinjaman_jenis_check check (jenis in
    ('akad', 'pembayaran', 'pelunasan', 'pembalikan', 'penjadwalan', 'penyesuaian', 'pembatalan', 'tazir', 'tawidh'))`.execute(
    db,
  );
  await sql`alter table pinjaman drop column hapus_buku_pembayaran_id`.execute(db);
  await sql`alter table pinjaman drop column hapus_buku_tanggal`.execute(db);
  await sql`update pinjaman set status = 'macet' where status = 'hapus_buku'`.execute(db);
  await sql`alter table pinjaman drop constraint if exists pinjaman_status_check`.execute(db);
  await sql`alter table pinjaman add constraint pinjaman_status_check
    check (status in ('aktif', 'lunas', 'macet', 'pending', 'ditolak'))`.execute(db);
}
