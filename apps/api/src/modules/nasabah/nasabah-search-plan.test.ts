import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import fc from 'fast-check';
import { nasabahListQuerySchema } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DB } from '../../db/schema';
import { digitGrams } from '../../db/search';
import { listNasabah } from './nasabah.repository';

// A search typed for the first time is gathered with its term hidden from the planner
// (nasabah.repository.ts `searchCondition`), so its prepared page keeps one generic plan instead
// of being planned for every new term; a term of five or more digits is gathered through the
// index of digit grams (migration 2026_11_24_0600). The rows found must not change.
let t: TestApp;
const niks: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 12; i++) {
    const nik = `3201${String(10_000_000 + i * 7_654_321).padStart(8, '0')}${String(i).padStart(4, '0')}`;
    const res = await t.request({
      method: 'POST',
      url: '/api/nasabah',
      payload: {
        nama: `Warga ${i}`,
        nik,
        telepon: `0812000000${String(i).padStart(2, '0')}`,
        alamat: 'Jl. Kenanga',
        kecamatan: 'Cibinong',
        kota: 'Bogor',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    niks.push(nik);
  }
  // Enough other customers for the planner to read an index rather than the whole table; their
  // NIKs ('77…' and six digits) hold none of the twelve NIKs' middles, which start otherwise.
  await sql`insert into nasabah (nama, nik, telepon, alamat)
    select 'Pengisi ' || i, '7777777777' || lpad(i::text, 6, '0'), '0813' || lpad(i::text, 8, '0'), 'Jl. Mawar No. ' || i
    from generate_series(1, ${FILLERS}) as i`.execute(t.app.db);
  await sql`analyze nasabah`.execute(t.app.db);
});
const FILLERS = 4000;
afterAll(async () => {
  await t.close();
});

/** How often the index of the digit grams (migration 2026_11_24_0600) has been scanned. */
async function digitGramScans(conn: Kysely<DB>) {
  await sql`select pg_stat_force_next_flush()`.execute(conn);
  const { rows } = await sql<{ scans: string | number }>`
    select idx_scan as scans from pg_stat_user_indexes where indexrelname = 'nasabah_search_digit_grams_idx'`.execute(conn);
  return Number(rows[0]!.scans);
}

/** The prepared statements of this connection whose text contains `marker`. */
async function preparedPages(conn: Kysely<DB>, marker: string) {
  const { rows } = await sql<{ statement: string; generic_plans: number }>`
    select statement, generic_plans from pg_prepared_statements`.execute(conn);
  return rows.filter((row) => row.statement.includes(marker));
}

describe('a new customer search', () => {
  it('keeps one generic plan for its page over many new terms, and finds the same rows', async () => {
    await t.app.db.connection().execute(async (conn) => {
      for (let i = 0; i < niks.length; i++) {
        const { rows, total } = await listNasabah(conn, nasabahListQuerySchema.parse({ search: `Warga ${i} ` }));
        expect(total).toBe(i === 1 ? 3 : 1); // 'Warga 1' is also the start of 'Warga 10' and 'Warga 11'
        expect(rows.map((row) => row.nama)).toContain(`Warga ${i}`);
      }
      const pages = await preparedPages(conn, '(select lower(');
      expect(pages).toHaveLength(1);
      // PostgreSQL plans the first five runs for their values, then keeps the generic plan.
      expect(Number(pages[0]!.generic_plans)).toBe(niks.length - 5);
    });
  });

  it('finds a term of five or more digits through the index of digit grams, with one generic plan', async () => {
    await t.app.db.connection().execute(async (conn) => {
      const scansBefore = await digitGramScans(conn);
      for (const nik of niks) {
        const { rows, total } = await listNasabah(conn, nasabahListQuerySchema.parse({ search: nik.slice(4, 12) }));
        expect(total).toBe(1);
        expect(rows.map((row) => row.nik)).toEqual([nik]);
      }
      expect(await digitGramScans(conn)).toBe(scansBefore + niks.length);
      const pages = await preparedPages(conn, 'search_digit_grams(');
      expect(pages).toHaveLength(1);
      expect(Number(pages[0]!.generic_plans)).toBe(niks.length - 5);
    });
  });

  it('finds exactly the customers whose text holds the digits', async () => {
    // Terms across the numbers: NIK pieces with leading zeros, one in every filler's phone (more
    // than a page), a phone's digits, a whole NIK, a house number, digits spanning the end of a
    // NIK and the start of the phone (never a match), and a miss.
    const terms = [
      '00000000',
      '00000',
      '20000',
      '0812000000',
      '00000081',
      niks[3]!,
      '77700039',
      'o. 3999',
      `${niks[0]!.slice(-3)}08120`,
      '99999',
    ];
    const { rows: everyone } = await sql<{ nama: string; nik: string; telepon: string; alamat: string }>`
      select nama, nik, telepon, alamat from nasabah`.execute(t.app.db);
    for (const term of terms) {
      const expected = everyone
        .filter((row) => [row.nama, row.nik, row.telepon, row.alamat].some((field) => field.toLowerCase().includes(term)))
        .map((row) => row.nik)
        .sort();
      const { rows, total } = await listNasabah(t.app.db, nasabahListQuerySchema.parse({ search: term, limit: 1000 }));
      expect(total, term).toBe(expected.length);
      const found = rows.map((row) => row.nik ?? '').sort();
      if (expected.length <= 1000) {
        expect(found, term).toEqual(expected);
      } else {
        // More matches than a page: a full page, all of them matches.
        const matching = new Set(expected);
        expect(found, term).toHaveLength(1000);
        expect(
          found.filter((nik) => !matching.has(nik)),
          term,
        ).toEqual([]);
      }
    }
  });

  it('shows a term of fewer than three letters or digits in a row to the planner', async () => {
    await t.app.db.connection().execute(async (conn) => {
      const { total } = await listNasabah(conn, nasabahListQuerySchema.parse({ search: 'q 7' }));
      expect(total).toBe(0);
      // The gathered page (behind its `offset 0` fence) with the term in view.
      const shown = (await preparedPages(conn, 'search_text" like lower(')).filter((row) => row.statement.includes('offset 0'));
      expect(shown.length).toBeGreaterThan(0);
    });
  });
});

describe('search_digit_grams', () => {
  it('gives exactly the five-digit grams of each run of digits in the text, as digitGrams does for a search', async () => {
    const text = fc
      .array(fc.constantFrom(...'0123456789', 'a', ' ', '-', '\u0001', 'é'), { maxLength: 40 })
      .map((cs) => cs.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        const { rows } = await sql<{ grams: number[] }>`select search_digit_grams(${value}) as grams`.execute(t.app.db);
        const expected = new Set(value.split(/[^0-9]+/).flatMap((run) => digitGrams(run) ?? []));
        expect(new Set(rows[0]!.grams)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
