import { sql, type Kysely } from 'kysely';

// A version number of the searchable customer data (issue 10): bumped by a trigger, in the
// writing transaction, whenever a customer is added, deleted, or changes a field the list search
// or its status filter reads. The customer list remembers the exact total of a search under the
// version it was counted at (modules/nasabah/nasabah.repository.ts), so paging through a search,
// or many staff repeating one, does not count thousands of matches again until the data changes.
// One row: concurrent customer writes on PostgreSQL take turns on it, which a customer register
// (a few writes a minute) never notices.
export async function up(db: Kysely<any>) {
  await sql`create table data_versions (name varchar(30) primary key, version bigint not null default 0)`.execute(db);
  await sql`insert into data_versions (name, version) values ('nasabah_search', 0)`.execute(db);
  await sql`
    create function nasabah_search_version_bump() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = 'nasabah_search';
      return null;
    end $$`.execute(db);
  await sql`create trigger nasabah_search_version_insert_delete after insert or delete or truncate on nasabah
    for each statement execute function nasabah_search_version_bump()`.execute(db);
  await sql`create trigger nasabah_search_version_update after update on nasabah for each row
    when (old.nama is distinct from new.nama or old.nik is distinct from new.nik or old.telepon is distinct from new.telepon
          or old.alamat is distinct from new.alamat or old.status is distinct from new.status
          or old.deleted_at is distinct from new.deleted_at or old.id <> new.id)
    execute function nasabah_search_version_bump()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger if exists nasabah_search_version_update on nasabah`.execute(db);
  await sql`drop trigger if exists nasabah_search_version_insert_delete on nasabah`.execute(db);
  await sql`drop function if exists nasabah_search_version_bump()`.execute(db);
  await sql`drop table if exists data_versions`.execute(db);
}
