import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { nasabahListQuerySchema } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listNasabah } from './nasabah.repository';

// A search typed for the first time is gathered with its term hidden from the planner
// (nasabah.repository.ts `searchCondition`), so its prepared page keeps one generic plan instead
// of being planned for every new term; the rows found must not change.
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
});
afterAll(async () => {
  await t.close();
});

describe('a new customer search', () => {
  it('keeps one generic plan for its page over many new terms, and finds the same rows', async () => {
    await t.app.db.connection().execute(async (conn) => {
      for (const nik of niks) {
        const { rows, total } = await listNasabah(conn, nasabahListQuerySchema.parse({ search: nik.slice(4, 12) }));
        expect(total).toBe(1);
        expect(rows.map((row) => row.nik)).toEqual([nik]);
      }
      const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(conn);
      const pages = rows.filter((row) => row.statement.includes('(select lower('));
      expect(pages).toHaveLength(1);
      // PostgreSQL plans the first five runs for their values, then keeps the generic plan.
      expect(Number(pages[0]!.generic_plans)).toBe(niks.length - 5);
    });
  });

  it('shows a term of fewer than three letters or digits in a row to the planner', async () => {
    await t.app.db.connection().execute(async (conn) => {
      const { total } = await listNasabah(conn, nasabahListQuerySchema.parse({ search: 'q 7' }));
      expect(total).toBe(0);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      // The gathered page (behind its `offset 0` fence) with the term in view.
      const shown = rows.filter(
        (row) => row.statement.includes('search_text" like lower(') && row.statement.includes('offset 0'),
      );
      expect(shown.length).toBeGreaterThan(0);
    });
  });
});
