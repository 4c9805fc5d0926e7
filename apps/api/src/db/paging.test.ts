import { describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema';
import { FENCE_OFFSET, pageWindow } from './paging';
import { createTestDatabase } from '../test/test-db';

// Compiles only (no connection is made): the statement text decides whether PostgreSQL can keep
// one plan for it (db/prepared.ts).
const compiler = new Kysely<DB>({ dialect: new PostgresDialect({ pool: {} as never }) });
const pageSql = (page: number, limit: number) =>
  compiler
    .selectFrom('activities')
    .select('id')
    .orderBy('id')
    .$call((builder) => pageWindow(builder, { page, limit }))
    .compile();

describe('pageWindow', () => {
  it('writes the usual page sizes into the text and leaves out the first page offset', () => {
    for (const limit of [10, 100, 1000]) {
      const query = pageSql(1, limit);
      expect(query.sql).toMatch(new RegExp(`limit ${limit}$`));
      expect(query.parameters).toEqual([]);
    }
  });

  it('keeps other sizes and later offsets as parameters, so the texts stay few', () => {
    expect(pageSql(1, 7)).toMatchObject({ sql: expect.stringMatching(/limit \$1$/), parameters: [7] });
    expect(pageSql(3, 10)).toMatchObject({ sql: expect.stringMatching(/limit 10 offset \$1$/), parameters: [20] });
    expect(pageSql(2, 7)).toMatchObject({ sql: expect.stringMatching(/limit \$1 offset \$2$/), parameters: [7, 7] });
  });

  it('pages through rows in order without gaps or repeats, on the database', async () => {
    const handle = await createTestDatabase();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 23; i++) {
        const row = await handle.db
          .insertInto('activities')
          .values({ type: 'uji', description: `uji ${i}`, category: 'other' })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const page = (n: number, limit: number) =>
        handle.db
          .selectFrom('activities')
          .select('id')
          .orderBy('id')
          .$call((builder) => pageWindow(builder, { page: n, limit }))
          .execute();
      const byTen = [...(await page(1, 10)), ...(await page(2, 10)), ...(await page(3, 10))].map((row) => row.id);
      const bySeven: number[] = [];
      for (let n = 1; n <= 4; n++) bySeven.push(...(await page(n, 7)).map((row) => row.id));
      expect(byTen).toEqual(ids);
      expect(bySeven).toEqual(ids);
      const fenced = await handle.db
        .selectFrom(handle.db.selectFrom('activities').select('id').offset(FENCE_OFFSET).as('a'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(fenced.n)).toBe(23);
    } finally {
      await handle.close();
    }
  });
});
