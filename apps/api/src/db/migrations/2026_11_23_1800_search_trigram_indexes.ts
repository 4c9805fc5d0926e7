import { sql, type Kysely } from 'kysely';

// Trigram indexes for the loan and payment searches (issue 10). Both search the loan's copy of its
// customer's nama and NIK (migration 2026_11_23_1100) and, for payments, the keterangan; without
// these indexes each search read every loan (a loan search: ~170 ms on PostgreSQL, ~630 ms on
// PGlite at 300 000 loans) and a payment search over all periods walked the 3 million payments
// (one customer's 75 payments: 6.8 s on PostgreSQL). With them the matches are found through the
// indexes (modules/pembayaran/pembayaran.repository.ts): ~50 ms for one customer.
export async function up(db: Kysely<any>) {
  await sql`create index pinjaman_nasabah_nama_trgm_idx on pinjaman using gin (nasabah_nama gin_trgm_ops)`.execute(db);
  await sql`create index pinjaman_nasabah_nik_trgm_idx on pinjaman using gin (nasabah_nik gin_trgm_ops)`.execute(db);
  await sql`create index pembayaran_keterangan_trgm_idx on pembayaran using gin (keterangan gin_trgm_ops)`.execute(db);
  await sql`analyze pinjaman`.execute(db);
  await sql`analyze pembayaran`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists pembayaran_keterangan_trgm_idx`.execute(db);
  await sql`drop index if exists pinjaman_nasabah_nik_trgm_idx`.execute(db);
  await sql`drop index if exists pinjaman_nasabah_nama_trgm_idx`.execute(db);
}
