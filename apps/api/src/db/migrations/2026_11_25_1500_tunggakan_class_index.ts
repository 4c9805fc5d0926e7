import { sql, type Kysely } from 'kysely';

// The Tunggakan list filtered by class, longest first (issue 23): the loans in arrears of one
// class by days past due. Only loans in arrears are in it (a few percent of the loans), so it is
// small; without it a class's page walked the days index from the longest arrears down through
// every worse class first.
export async function up(db: Kysely<any>) {
  await sql`create index pinjaman_tunggakan_kelas_idx on pinjaman (kolektibilitas, hari_tunggakan, id)
    where deleted_at is null and hari_tunggakan > 0`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists pinjaman_tunggakan_kelas_idx`.execute(db);
}
