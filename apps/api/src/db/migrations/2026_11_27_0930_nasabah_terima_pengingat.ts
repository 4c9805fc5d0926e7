import { sql, type Kysely } from 'kysely';

// A customer's choice about WhatsApp reminders of their instalments (issue 24, part B): yes by
// default; staff set it on the customer form, and a reply of STOP/BERHENTI will turn it off.
export async function up(db: Kysely<any>) {
  await sql`alter table nasabah add column terima_pengingat boolean not null default true`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`alter table nasabah drop column if exists terima_pengingat`.execute(db);
}
