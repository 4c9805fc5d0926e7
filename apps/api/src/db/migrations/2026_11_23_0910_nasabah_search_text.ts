import { sql, type Kysely } from 'kysely';

// One lower-cased search column for the customer list (issue 10). The search used to run four
// ILIKEs per customer (nama, NIK, telepon, alamat); ILIKE lower-cases both sides on every
// comparison, so walking the sort index past a few hundred customers for a common name cost
// ~3 ms on PGlite. `search_text` holds the four fields already lower-cased, separated by U+0001
// (a character no search contains: such a search keeps the four ILIKEs), and one LIKE reads it:
// ~1 ms. `lower(x) LIKE lower(pattern)` is how PostgreSQL evaluates `x ILIKE pattern`, so the
// matches are the same. Its trigram index replaces those of telepon and alamat, which nothing
// else searched (nama and NIK keep theirs: the loan and payment searches read them).
export async function up(db: Kysely<any>) {
  await sql`alter table nasabah add column search_text text not null generated always as (
      lower(coalesce(nama, '')) || E'\\x01' || lower(coalesce(nik, '')) || E'\\x01' ||
      lower(coalesce(telepon, '')) || E'\\x01' || lower(coalesce(alamat, ''))
    ) stored`.execute(db);
  await sql`create index nasabah_search_text_trgm_idx on nasabah using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`drop index if exists nasabah_telepon_trgm_idx`.execute(db);
  await sql`drop index if exists nasabah_alamat_trgm_idx`.execute(db);
  await sql`analyze nasabah`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`create index if not exists nasabah_telepon_trgm_idx on nasabah using gin (telepon gin_trgm_ops)`.execute(db);
  await sql`create index if not exists nasabah_alamat_trgm_idx on nasabah using gin (alamat gin_trgm_ops)`.execute(db);
  await sql`drop index if exists nasabah_search_text_trgm_idx`.execute(db);
  await sql`alter table nasabah drop column if exists search_text`.execute(db);
}
