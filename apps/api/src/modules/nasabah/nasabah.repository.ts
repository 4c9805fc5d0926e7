import { LRUCache } from 'lru-cache';
import type { BatchPosition } from '../../lib/batches';
import { sql, type Expression, type RawBuilder, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { NasabahListQuery } from '@mizan/core';
import type { DB, NasabahRow, NasabahUpdate, NewNasabah } from '../../db/schema';
import { lockLivingRow, softDeleteRow } from '../../db/living-rows';
import { selectJsonRows, sortKeyColumn } from '../../db/json-rows';
import { countNasabah, nasabahTotalColumn } from '../../db/stat-counters';
import { compactNikPattern, containsPattern, digitGrams } from '../../db/search';
import { FENCE_OFFSET, pageWindow } from '../../db/paging';

type SortKey = NasabahListQuery['sortBy'];

/**
 * The ORDER BY expression of each sort key. Text keys sort case-insensitively through lower(); each
 * expression matches an index of migration 2026_11_22_1100 (created_at: 2026_11_22_0910).
 */
const sortExpressions: Record<SortKey, Expression<unknown>> = {
  nama: sql`lower(nasabah.nama)`,
  nik: sql.ref('nasabah.nik'),
  telepon: sql.ref('nasabah.telepon'),
  alamat: sql`lower(nasabah.alamat)`,
  status: sql.ref('nasabah.status'),
  total_pinjaman: sql.ref('nasabah.total_pinjaman'),
  created_at: sql.ref('nasabah.created_at'),
};

/** A search the trigram index can serve by itself: three letters or digits in a row. */
const TRIGRAM_TERM = /[\p{L}\p{N}]{3}/u;

/** Separates the fields in `nasabah.search_text` (migration 2026_11_23_0910). */
const SEARCH_TEXT_SEPARATOR = '\u0001';

/**
 * Search over nama, NIK, telepon and alamat, case-insensitive: one LIKE on the lower-cased
 * `search_text` (served by its trigram GIN index), which matches what an ILIKE on each of the four
 * fields matches. A search containing the separator keeps the four ILIKEs. A query of digits and
 * spaces also matches the NIK without its spaces, so a NIK typed as shown ('3201 2345') is found.
 *
 * `hideTerm` hands the patterns over as the results of `(select …)`, whose values the planner does
 * not look at: it then plans every term alike, so a prepared page keeps one generic plan instead
 * of being planned for each new term. Only for the gathered page, whose shape
 * (trigram bitmap scans, then a sort) the `offset 0` fence fixes whatever the estimate, and only
 * for a term with three letters or digits in a row (`TRIGRAM_TERM`): a shorter one gives the
 * index no trigram to look up, and the planner must see it to read the table instead. The walked
 * page needs the planner to see the term.
 *
 * The gathered page of a term of five or more digits (a NIK or phone fragment) finds its
 * candidates through the index of the text's five-digit grams (migration 2026_11_24_0600), whose
 * lists are far shorter than those of digit trigrams, and checks each candidate's text for the
 * term with `strpos`, which for digits is exactly the LIKE above (and gives the trigram index
 * nothing to add). The walked page checks row by row, where the plain LIKE is the cheaper test.
 */
function searchCondition(search: string, hideTerm: boolean) {
  const hidden = hideTerm && TRIGRAM_TERM.test(search);
  const grams = hidden ? digitGrams(search) : null;
  if (grams)
    return () =>
      sql<SqlBool>`search_digit_grams(nasabah.search_text) @> (select ${grams}::int4[]) and strpos(nasabah.search_text, (select ${search}::text)) > 0`;
  return (eb: ExpressionBuilder<DB, 'nasabah'>) => {
    const term = (value: RawBuilder<string>) => (hidden ? sql<string>`(select ${value})` : value);
    const pattern = containsPattern(search);
    const conditions: Expression<SqlBool>[] = search.includes(SEARCH_TEXT_SEPARATOR)
      ? [
          eb('nasabah.nama', 'ilike', pattern),
          eb('nasabah.nik', 'ilike', pattern),
          eb('nasabah.telepon', 'ilike', pattern),
          eb('nasabah.alamat', 'ilike', pattern),
        ]
      : [eb('nasabah.search_text', 'like', term(sql<string>`lower(${pattern}::text)`))];
    const compactNik = compactNikPattern(search);
    if (compactNik !== null) conditions.push(eb('nasabah.nik', 'like', term(sql<string>`${compactNik}::text`)));
    return eb.or(conditions);
  };
}

/** The columns of a customer row as the API reads it (all but `search_text`). */
const nasabahColumns = [
  'nasabah.id',
  'nasabah.nama',
  'nasabah.nik',
  'nasabah.telepon',
  'nasabah.alamat',
  'nasabah.kecamatan',
  'nasabah.kota',
  'nasabah.tanggal_nasabah',
  'nasabah.tanggal_nasabah_generated',
  'nasabah.terima_pengingat',
  'nasabah.diimpor',
  'nasabah.status',
  'nasabah.total_pinjaman',
  'nasabah.created_by',
  'nasabah.updated_by',
  'nasabah.created_at',
  'nasabah.updated_at',
  'nasabah.deleted_at',
] as const satisfies readonly `nasabah.${keyof NasabahRow & string}`[];

function livingNasabah(db: Kysely<DB>, query: Pick<NasabahListQuery, 'search' | 'status'>, hideTerm = false) {
  let builder = db.selectFrom('nasabah').where('nasabah.deleted_at', 'is', null);
  if (query.status) builder = builder.where('nasabah.status', '=', query.status);
  if (query.search) builder = builder.where(searchCondition(query.search, hideTerm));
  return builder;
}

/**
 * Exact totals of recent searches, per (search, status), each with the version of the searchable
 * customer data it was counted at (data_versions.nasabah_search, bumped by a trigger in every
 * writing transaction, migration 2026_11_22_1210) and the plan it calls for. Per process; the
 * version lives in the database, so several API instances stay exact. Kept per database handle
 * (tests open many databases in one process), the least recently used search forgotten first.
 * Not the answer cache (db/snapshot-cache.ts): that one keeps whole answers until any commit; a
 * search's total stays true across commits that do not touch customers (payments, logins) and
 * serves every page of it (docs/decisions/nasabah.md).
 */
interface KnownSearch {
  version: number;
  total: number;
  gatherFirst: boolean;
}
const searchTotalsByDatabase = new WeakMap<Kysely<DB>, LRUCache<string, KnownSearch>>();
const SEARCH_TOTALS_KEPT = 500;

/** Above this share of matching customers, walking the sort index finds a page sooner than gathering. */
const WALK_SORT_INDEX_SHARE = 0.01;

const searchVersion = (db: Kysely<DB>) => db.selectFrom('data_versions').select('version').where('name', '=', 'nasabah_search');

/** A search's matches counted on their own, with the living customers (a walked page, a page past the end). */
async function countMatches(db: Kysely<DB>, query: NasabahListQuery) {
  const { total } = await livingNasabah(db, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { total: Number(total), living: (await countNasabah(db)).total };
}

/**
 * One page of living customers and the number of all that match. Order: sort key, then id.
 *
 * Without a search the total is a maintained count (db/stat-counters.ts) read in the page query.
 * With one, the page query also reads the data version: when the search was counted at that
 * version, its remembered total stands; otherwise the matches are counted now (a gathered page
 * counts them in its own statement, `count(*) over ()` of the gathered rows). The count also
 * picks the plan for the next pages: when few customers match, they are gathered first (trigram
 * bitmap scans) behind an `offset 0` fence and only then sorted, because left to itself the
 * planner walks the sort index and filters every row (docs/decisions/nasabah.md has the plans,
 * docs/performance.md the figures); when many match (a common name), walking the sort
 * index reaches a page after a few hundred rows, where gathering would fetch and sort thousands.
 * A search not seen before is gathered.
 */
export async function listNasabah(db: Kysely<DB>, query: NasabahListQuery) {
  const direction = query.sortOrder;
  if (!query.search) {
    // The maintained total rides along with the page (one round trip, db/stat-counters.ts).
    const page = livingNasabah(db, query)
      .select(nasabahColumns)
      .select([sortKeyColumn(sortExpressions[query.sortBy]), nasabahTotalColumn(db, query.status)])
      .orderBy(sortExpressions[query.sortBy], direction)
      .orderBy('nasabah.id', direction)
      .$call((builder) => pageWindow(builder, query));
    const rows = await selectJsonRows(db, page, direction);
    if (rows[0]) return { rows, total: Number(rows[0].__total) };
    const counts = await countNasabah(db);
    return { rows, total: query.status ? counts[query.status] : counts.total };
  }

  let searches = searchTotalsByDatabase.get(db);
  if (!searches) searchTotalsByDatabase.set(db, (searches = new LRUCache({ max: SEARCH_TOTALS_KEPT })));
  const key = `${query.status ?? ''}\u0000${query.search}`;
  const known = searches.get(key);
  const gatherFirst = known?.gatherFirst ?? true;
  const source = gatherFirst
    ? db.selectFrom(livingNasabah(db, query, true).select(nasabahColumns).offset(FENCE_OFFSET).as('nasabah'))
    : livingNasabah(db, query);
  const page = source
    .select(nasabahColumns)
    .select([sortKeyColumn(sortExpressions[query.sortBy]), searchVersion(db).as('__version')])
    // Gathered matches are all sorted anyway: counting them on the way costs next to nothing and
    // spares a search new at this version its own count (and the living count) afterwards.
    .$if(gatherFirst, (qb) =>
      qb.select([sql<number>`count(*) over ()`.as('__matches'), nasabahTotalColumn(db, undefined, '__living')]),
    )
    .orderBy(sortExpressions[query.sortBy], direction)
    .orderBy('nasabah.id', direction)
    .$call((builder) => pageWindow(builder, query));
  const rows = await selectJsonRows(db, page, direction);
  const first = rows[0];
  const version = Number(first ? first.__version : ((await searchVersion(db).executeTakeFirst())?.version ?? 0));
  if (known && known.version === version) return { rows, total: known.total };
  const { total, living } =
    first?.__matches !== undefined
      ? { total: Number(first.__matches), living: Number(first.__living) }
      : await countMatches(db, query);
  searches.set(key, { version, total, gatherFirst: total < living * WALK_SORT_INDEX_SHARE });
  return { rows, total };
}

/** Counts of living customers: all, aktif, nonaktif (maintained by triggers, db/stat-counters.ts). */
export function countNasabahByStatus(db: Kysely<DB>) {
  return countNasabah(db);
}

/** A living customer by id. */
export function findNasabah(db: Kysely<DB>, id: number) {
  return db.selectFrom('nasabah').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * A living customer by id, its row locked until the transaction ends (PostgreSQL). A loan insert
 * referencing it waits for the lock (its foreign-key check takes KEY SHARE), so a delete and a
 * new loan cannot pass each other.
 */
export function lockNasabah(trx: Kysely<DB>, id: number) {
  return lockLivingRow(trx, 'nasabah', id);
}

/** The id of the living customer holding this NIK, other than `exceptId`. */
export async function findNikHolder(db: Kysely<DB>, nik: string, exceptId?: number) {
  let query = db.selectFrom('nasabah').select('id').where('nik', '=', nik).where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export function insertNasabah(trx: Kysely<DB>, values: NewNasabah) {
  return trx.insertInto('nasabah').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateNasabah(trx: Kysely<DB>, id: number, values: NasabahUpdate) {
  return trx
    .updateTable('nasabah')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function softDeleteNasabah(trx: Kysely<DB>, id: number, userId: number) {
  return softDeleteRow(trx, 'nasabah', id, userId);
}

/** Whether the customer has a living loan whose status is aktif (it then cannot be deleted). */
export async function hasActiveLoan(trx: Kysely<DB>, nasabahId: number) {
  const row = await trx
    .selectFrom('pinjaman')
    .select('id')
    .where('nasabah_id', '=', nasabahId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'aktif')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The amounts of the customer's living loans (for its maintained total). */
export function livingLoanAmounts(trx: Kysely<DB>, nasabahId: number) {
  return (
    trx
      .selectFrom('pinjaman')
      .select('jumlah')
      .where('nasabah_id', '=', nasabahId)
      .where('deleted_at', 'is', null)
      // A rejected loan was never the customer's (issue 27 A).
      .where('status', '!=', 'ditolak')
      .execute()
  );
}

export async function setTotalPinjaman(trx: Kysely<DB>, nasabahId: number, total: number) {
  await trx.updateTable('nasabah').set({ total_pinjaman: total }).where('id', '=', nasabahId).execute();
}

/** Sort keys that never hold null: an export walks them by key and id (`nasabahBatch`). */
const NOT_NULL_SORT_KEYS: ReadonlySet<SortKey> = new Set<SortKey>(['nama', 'status', 'total_pinjaman', 'created_at']);

/** Where the next batch of an export starts: after the last row's sort key and id, or at an offset. */
export type { BatchPosition };

/**
 * One batch of the customer export (issue 26 B), in the list's order: the rows after the last
 * one's sort key and id, which the sort index finds at once however far the export has gone
 * (an OFFSET walks every row before it: the 100th page of 1000 would cost a hundred times the
 * first, and on PGlite hold the server's thread that long). A sort key that may be empty (NIK,
 * telepon, alamat) cannot be compared that way and goes by offset. The search is the list's
 * plain condition: its matches are read in the sort index's order like any other filter.
 */
export function nasabahBatch(
  db: Kysely<DB>,
  query: Pick<NasabahListQuery, 'search' | 'status' | 'sortBy' | 'sortOrder'>,
  limit: number,
  position: BatchPosition,
) {
  const direction = query.sortOrder;
  const sortExpression = sortExpressions[query.sortBy];
  const byKey = NOT_NULL_SORT_KEYS.has(query.sortBy);
  let builder = livingNasabah(db, query);
  if (byKey && position.after) {
    const { key, id } = position.after;
    builder = builder.where(
      sql<SqlBool>`(${sortExpression}, nasabah.id) ${sql.raw(direction === 'asc' ? '>' : '<')} (${key}, ${id})`,
    );
  }
  const page = builder
    .select(nasabahColumns)
    .select(sortKeyColumn(sortExpression))
    .orderBy(sortExpression, direction)
    .orderBy('nasabah.id', direction)
    .limit(limit)
    .$if(!byKey && position.offset > 0, (qb) => qb.offset(position.offset));
  return selectJsonRows(db, page, direction);
}
