import { sql, type AliasedSelectQueryBuilder, type Expression, type Kysely, type OrderByDirection } from 'kysely';
import type { DB } from './schema';
import { createTurnQueue } from '../lib/turns';

/**
 * A row as PostgreSQL's `row_to_json` writes it: timestamps become ISO 8601 text with their
 * offset, dates 'YYYY-MM-DD', numbers and booleans keep their type (rupiah stay far below 2^53).
 */
export type JsonRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/**
 * Runs a list page and reads each of its rows as one JSON text, in the page's order.
 *
 * Why: the embedded PGlite decodes every field of a result on its own in JavaScript, so a page of
 * 1000 rows of 20 columns cost more in decoding than in the query; one field per row makes it
 * several times cheaper (docs/performance.md). On PostgreSQL it pays as well, end to end: 1000
 * customers 38 → 44 req/s, 1000 loans 26 → 36 req/s (node-postgres parses each timestamp into a
 * Date with a JS parser, which the DTO turns back into text). The JSON is built around the finished page, so a
 * search that gathers its matches and sorts them builds it for the page's rows only, and the outer
 * query orders by the same key and id again, so the order is the page's own by definition.
 *
 * `page` must be ordered and limited, and select `id` and its sort key as `__key` (`sortKeyColumn`).
 */
export async function selectJsonRows<Row extends { id: number; __key: unknown }>(
  db: Kysely<DB>,
  page: { as(alias: 'page'): AliasedSelectQueryBuilder<Row, 'page'> },
  direction: OrderByDirection,
): Promise<JsonRow<Row>[]> {
  const rows = await db
    .selectFrom(page.as('page'))
    .select(sql<string>`row_to_json(page)::text`.as('json'))
    .orderBy(sql.ref('page.__key'), direction)
    .orderBy(sql.ref('page.id'), direction)
    .execute();
  // Decoding, shaping and writing a large page holds the thread for ~10–20 ms; concurrent large
  // pages whose rows arrived together would otherwise run back to back in one turn of the loop.
  if (rows.length >= LARGE_PAGE_ROWS) await largePageTurn();
  return rows.map((row) => JSON.parse(row.json) as JsonRow<Row>);
}

/** From this many rows a page waits for a turn of its own before it is decoded (lib/turns.ts). */
export const LARGE_PAGE_ROWS = 200;
const largePageTurn = createTurnQueue();

/** The page's sort key as the column `__key` that `selectJsonRows` orders by again. */
export const sortKeyColumn = (key: Expression<unknown>) => sql<unknown>`${key}`.as('__key');

// A UTC timestamp as row_to_json writes it when the session's time zone is UTC:
// '2026-03-01T01:15:30.123456+00:00' (fraction optional, offset '+00' or '+00:00').
const UTC_TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * A timestamp (a Date, or its JSON text from `selectPageRows`) as the API sends it: ISO 8601 in
 * UTC to the millisecond, exactly `Date.prototype.toISOString()`. UTC text is rewritten without
 * building a Date (V8 takes a slow path for six fraction digits: 13 % of a 1000-row page's CPU);
 * any other offset goes through Date.
 */
export function instantText(value: Date | string): string {
  if (typeof value !== 'string') return value.toISOString();
  const utc = UTC_TIMESTAMP_TEXT.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}
