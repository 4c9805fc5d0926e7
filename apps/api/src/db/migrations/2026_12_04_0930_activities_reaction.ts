import { sql, type Kysely } from 'kysely';

// The activity feed written by a reaction after the commit (issue 47): each row names the reaction
// that wrote it, so that a reaction run again (a crash between its effects and its done mark cannot
// happen, but a reaction set back to waiting by hand can) writes its activities once.
export async function up(db: Kysely<any>) {
  await sql`alter table activities add column reaction_id bigint`.execute(db);
  await sql`create index activities_reaction_idx on activities (reaction_id) where reaction_id is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table activities drop column reaction_id`.execute(db);
}
