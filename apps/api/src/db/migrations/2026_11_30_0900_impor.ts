import { sql, type Kysely } from 'kysely';

// Import of the old system's data (issue 26 C). Every imported customer, loan and payment carries
// `diimpor` (the record came from a file, not from a form); an imported payment also its
// `impor_kunci`: its loan number, date, amount, kind, instalment and how many identical rows came
// before it in the file, so that importing the same file again adds nothing (customers and loans
// are found again by NIK and loan number).
export async function up(db: Kysely<any>) {
  for (const table of ['nasabah', 'pinjaman', 'pembayaran'])
    await sql`alter table ${sql.table(table)} add column diimpor boolean not null default false`.execute(db);
  await sql`alter table pembayaran add column impor_kunci varchar(200)`.execute(db);
  await sql`create unique index pembayaran_impor_kunci_key on pembayaran (impor_kunci)
    where impor_kunci is not null and deleted_at is null`.execute(db);
  // A payment file names its loans by number: found by the exact number, not by the trigram search index.
  await sql`create index pinjaman_nomor_idx on pinjaman (nomor_pinjaman) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists pinjaman_nomor_idx`.execute(db);
  await sql`drop index if exists pembayaran_impor_kunci_key`.execute(db);
  await sql`alter table pembayaran drop column impor_kunci`.execute(db);
  for (const table of ['nasabah', 'pinjaman', 'pembayaran'])
    await sql`alter table ${sql.table(table)} drop column diimpor`.execute(db);
}
