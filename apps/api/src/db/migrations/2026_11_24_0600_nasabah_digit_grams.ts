import { sql, type Kysely } from 'kysely';

// An index for customer searches of five or more digits (a NIK or phone fragment, issue 10).
// The trigram index of `search_text` (migration 2026_11_23_0910) serves them poorly: there are
// only 1 000 digit trigrams, each shared by thousands of NIKs and phone numbers, so a search of
// eight NIK digits decoded six long posting lists (~0.45 ms on PostgreSQL, most of a new search's
// cost). Here every run of digits in `search_text` gives its five-digit substrings as integers
// (100 000 possible values, '01070' → 1070: the length is fixed, so the number names the digits
// exactly), and a GIN index over that array answers `grams @> the term's grams` from a few short
// lists (~0.03 ms). A customer whose text contains the term has all the term's grams, so the index
// finds every match; the search itself still checks the text (modules/nasabah/nasabah.repository.ts).
// An expression index: PostgreSQL does not let a generated column read another one.
export async function up(db: Kysely<any>) {
  await sql`
    create function search_digit_grams(t text) returns int4[] language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct substr(run, i, 5)::int4), '{}')
      from regexp_split_to_table(t, '[^0-9]+') as run, generate_series(1, length(run) - 4) as i
    $$`.execute(db);
  await sql`create index nasabah_search_digit_grams_idx on nasabah using gin (search_digit_grams(search_text))`.execute(db);
  await sql`analyze nasabah`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists nasabah_search_digit_grams_idx`.execute(db);
  await sql`drop function if exists search_digit_grams(text)`.execute(db);
}
