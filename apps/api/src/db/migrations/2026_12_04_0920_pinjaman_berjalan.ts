import { sql, type Kysely } from 'kysely';

// One count of running loans (issue 47): the dashboard's "Pinjaman Aktif" and "Total Nilai
// Pinjaman" count every running loan, aktif and macet (core `statusBerjalan`), as the portfolio's
// other figures do. A month-end row stored before counted aktif loans only. Its count is the
// running loans it holds per class (exact); the Σ jumlah of its macet loans was not kept, so its
// value becomes unknown (null: the dashboard shows no comparison against it) rather than a figure
// of another definition. A back-fill left half-summed starts again under the new count.
export async function up(db: Kysely<any>) {
  await sql`alter table portfolio_snapshots alter column nilai_pinjaman_aktif drop not null`.execute(db);
  await sql`delete from portfolio_snapshots where not lengkap`.execute(db);
  await sql`delete from job_runs where job = 'portofolio-susulan'`.execute(db);
  await sql`
    update portfolio_snapshots
    set pinjaman_aktif = jumlah_k1 + jumlah_k2 + jumlah_k3 + jumlah_k4 + jumlah_k5,
        nilai_pinjaman_aktif = null
    where lengkap
  `.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`update portfolio_snapshots set nilai_pinjaman_aktif = 0 where nilai_pinjaman_aktif is null`.execute(db);
  await sql`alter table portfolio_snapshots alter column nilai_pinjaman_aktif set not null`.execute(db);
}
