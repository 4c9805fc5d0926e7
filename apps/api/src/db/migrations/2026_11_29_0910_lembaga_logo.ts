import { sql, type Kysely } from 'kysely';

// The institution's logo (issue 25, Profil Lembaga): one row, the image itself in the database so
// that a backup holds it with everything else. Its type and a version live in the profile setting
// (settings 'profil_lembaga'), whose change notice tells every process to read it again.
export async function up(db: Kysely<any>) {
  await sql`
    create table lembaga_logo (
      id smallint primary key default 1 check (id = 1),
      mime varchar(20) not null,
      data bytea not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table lembaga_logo`.execute(db);
}
