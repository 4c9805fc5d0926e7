import { sql, type AliasedSelectQueryBuilder, type Expression, type Kysely, type OrderByDirection } from 'kysely';
import type { DB } from './schema';
import { createTurnQueue } from '../lib/turns';

/**
 * A row as PostgreSQL's `row_to_json` writes it: timestamps become ISO 8601 text with their
 * offset, dates 'YYYY-MM-DD', numbers and booleans keep their type (rupiah stay far below 2^53).
 */
export type JsonRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/**
 * Runs a list page and reads its rows as JSON text, in the page's order.
 *
 * Why: the embedded PGlite decodes every field of a result on its own in JavaScript, so a page of
 * 1000 rows of 20 columns cost more in decoding than in the query; JSON text makes it several
 * times cheaper. PGlite answers the page as one text (`json_agg`), which also spares it a protocol
 * message per row; PostgreSQL answers one text per row (`row_to_json`), which costs its server
 * less than aggregating, and pays there as well (node-postgres parses each timestamp into a Date
 * with a JS parser, which the DTO turns back into text). Figures: docs/performance.md. The JSON is built around the finished
 * page, so a search that gathers its matches and sorts them builds it for the page's rows only,
 * ordered by the same key and id again, so the order is the page's own by definition.
 *
 * `page` must be ordered and limited, and select `id` and its sort key as `__key` (`sortKeyColumn`).
 */
export async function selectJsonRows<Row extends { id: number; __key: unknown }>(
  db: Kysely<DB>,
  page: { as(alias: 'page'): AliasedSelectQueryBuilder<Row, 'page'> },
  direction: OrderByDirection,
): Promise<JsonRow<Row>[]> {
  if (oneTextDatabases.has(db)) {
    const order = direction === 'asc' ? sql`asc` : sql`desc`;
    const { json } = await db
      .selectFrom(page.as('page'))
      .select(sql<string>`coalesce(json_agg(page order by page.__key ${order}, page.id ${order}), '[]')::text`.as('json'))
      .executeTakeFirstOrThrow();
    if (json.length >= LARGE_PAGE_CHARS) await largePageTurn();
    return JSON.parse(json) as JsonRow<Row>[];
  }
  const rows = await db
    .selectFrom(page.as('page'))
    .select(sql<string>`row_to_json(page)::text`.as('json'))
    .orderBy(sql.ref('page.__key'), direction)
    .orderBy(sql.ref('page.id'), direction)
    .execute();
  let chars = 0;
  for (const row of rows) chars += row.json.length;
  if (chars >= LARGE_PAGE_CHARS) await largePageTurn();
  return rows.map((row) => JSON.parse(row.json) as JsonRow<Row>);
}

/** Databases whose pages `selectJsonRows` reads as one JSON text (PGlite: db/database.ts). */
const oneTextDatabases = new WeakSet<Kysely<DB>>();
export function readPagesAsOneText(db: Kysely<DB>) {
  oneTextDatabases.add(db);
}

// Decoding, shaping and writing a large page holds the thread for milliseconds; concurrent large
// pages whose rows arrived together would otherwise run back to back in one turn of the loop. From
// this much JSON (~150–250 list rows) a page waits for a turn of its own first (lib/turns.ts).
const LARGE_PAGE_CHARS = 64 * 1024;
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

/** A jsonb column's value: an object from PostgreSQL, or its text where the driver hands text back. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
