import { sql, type Kysely } from 'kysely';

// One meaning of "Macet" (issue 47): a loan staff declared macet is kolektibilitas 5, Macet,
// whatever its days past due (core `classOfLoan`; every write and the daily job grade it so from
// now on). The loans declared before take it now rather than at the next daily run.
export async function up(db: Kysely<any>) {
  await sql`update pinjaman set kolektibilitas = 5 where status = 'macet' and kolektibilitas <> 5`.execute(db);
}

export async function down() {
  // Their earlier class by days is computed again by the daily job.
}
