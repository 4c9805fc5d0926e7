import { sql, type Kysely } from 'kysely';

// Loan list filtered by status and sorted by tanggal_pinjam (issue 10). Loans that are still
// aktif, macet or pending are the recent ones, so walking the tanggal_pinjam index from the oldest
// date passed ~270 000 lunas loans before the first match: 140–230 ms for a page of 10 on
// 300 000 loans. With the status leading, the walk starts at the first match (~5 ms).
export async function up(db: Kysely<any>) {
  await sql`create index pinjaman_status_tanggal_pinjam_idx on pinjaman (status, tanggal_pinjam, id) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists pinjaman_status_tanggal_pinjam_idx`.execute(db);
}
