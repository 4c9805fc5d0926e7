import { sql, type Kysely } from 'kysely';

// The customer's name and NIK carried on each loan (issue 10). Every loan list shows them, so a
// page of loans (and of payments, through their loan) joined 10–1000 customers by key: three
// quarters of a 1000-loan page's buffer reads and a third of its time on PGlite. The copies are
// never written by the application: a BEFORE trigger sets them from the customer on every insert,
// on a change of nasabah_id and on any attempt to write them directly, and a change of a
// customer's nama or NIK is copied to all of its loans in the same statement, so they are always
// exactly the customer's. The customer's own trigram indexes keep serving the searches.
export async function up(db: Kysely<any>) {
  await sql`alter table pinjaman add column nasabah_nama text, add column nasabah_nik text`.execute(db);
  await sql`update pinjaman p set nasabah_nama = n.nama, nasabah_nik = n.nik from nasabah n where n.id = p.nasabah_id`.execute(
    db,
  );
  await sql`alter table pinjaman alter column nasabah_nama set not null`.execute(db);

  await sql`
    create function pinjaman_copy_nasabah() returns trigger language plpgsql as $$
    begin
      select n.nama, n.nik into new.nasabah_nama, new.nasabah_nik from nasabah n where n.id = new.nasabah_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger pinjaman_copy_nasabah before insert or update of nasabah_id, nasabah_nama, nasabah_nik on pinjaman
    for each row execute function pinjaman_copy_nasabah()`.execute(db);

  await sql`
    create function nasabah_copy_to_pinjaman() returns trigger language plpgsql as $$
    begin
      update pinjaman set nasabah_nama = new.nama, nasabah_nik = new.nik where nasabah_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger nasabah_copy_to_pinjaman after update of nama, nik on nasabah for each row
    when (old.nama is distinct from new.nama or old.nik is distinct from new.nik)
    execute function nasabah_copy_to_pinjaman()`.execute(db);

  // The loan list's nasabah sort key (it used the customer's lower(nama) index through the join).
  await sql`create index pinjaman_nasabah_nama_sort_idx on pinjaman (lower(nasabah_nama), id) where deleted_at is null`.execute(
    db,
  );
  await sql`analyze pinjaman`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists nasabah_copy_to_pinjaman on nasabah`.execute(db);
  await sql`drop function if exists nasabah_copy_to_pinjaman()`.execute(db);
  await sql`drop trigger if exists pinjaman_copy_nasabah on pinjaman`.execute(db);
  await sql`drop function if exists pinjaman_copy_nasabah()`.execute(db);
  await sql`alter table pinjaman drop column if exists nasabah_nama, drop column if exists nasabah_nik`.execute(db);
}
