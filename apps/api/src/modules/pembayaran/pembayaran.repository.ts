import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selection, type Updateable } from 'kysely';
import { monthDateRange, type PembayaranListQuery, type PembayaranStatsQuery } from '@mizan/core';
import type { DB, NewPembayaran, PembayaranTable } from '../../db/schema';
import { lockLivingRow, softDeleteRow } from '../../db/living-rows';
import { selectJsonRows, sortKeyColumn } from '../../db/json-rows';
import { countPembayaran, pembayaranTotalColumn } from '../../db/stat-counters';
import { containsPattern, loanCustomerConditions } from '../../db/search';
import { pageWindow } from '../../db/paging';

type SortKey = PembayaranListQuery['sortBy'];

/**
 * ORDER BY expression per payment sort key of spec §9; each is followed by the id as tie-breaker
 * (indexes: 2026_11_22_0910 for tanggal, 2026_11_22_1130 for the others; nasabah: the loan's copy of the name).
 */
const sortExpressions: Record<SortKey, Expression<unknown>> = {
  tanggal: sql.ref('pembayaran.tanggal'),
  jumlah: sql.ref('pembayaran.jumlah'),
  jenis: sql.ref('pembayaran.jenis'),
  nasabah: sql`lower(pinjaman.nasabah_nama)`,
  created_at: sql.ref('pembayaran.created_at'),
};

/** The filters the list and the statistics share (so that both count the same rows). */
export type PembayaranFilters = Pick<PembayaranListQuery, 'pinjaman_id' | 'nasabah_id' | 'jenis' | 'search' | 'month' | 'year'>;

/** Search over the customer's name and NIK and the payment's keterangan (case-insensitive). */
function searchCondition(search: string) {
  return (eb: ExpressionBuilder<DB, 'pembayaran' | 'pinjaman'>) =>
    eb.or([...loanCustomerConditions(eb, search), eb('pembayaran.keterangan', 'ilike', containsPattern(search))]);
}

/**
 * The same search as `searchCondition`, answered from indexes: the ids of the loans whose customer
 * matches are gathered first (trigram indexes on the loan's copies, migration 2026_11_23_1800) into
 * an array, so that "a payment of one of those loans, or one whose keterangan matches" is two
 * bitmap index scans of the payments (by `pinjaman_id`, and the keterangan's trigram index) ORed
 * together, then the period's and the other filters. Why: checking each payment walks every
 * payment of the period (all of them without one). A UNION of both kinds of match is slower still:
 * the planner cannot tell how many ids it yields. Figures: docs/performance.md (trigram indexes).
 */
function indexedSearchCondition(db: Kysely<DB>, search: string) {
  const matchingLoans = db
    .selectFrom('pinjaman')
    .select('pinjaman.id')
    .where((eb) => eb.or(loanCustomerConditions(eb, search)));
  return (eb: ExpressionBuilder<DB, 'pembayaran' | 'pinjaman'>) =>
    eb.or([
      eb('pembayaran.pinjaman_id', '=', eb.fn.any(sql<number[]>`array(${matchingLoans})`)),
      eb('pembayaran.keterangan', 'ilike', containsPattern(search)),
    ]);
}

/** Trigram indexes serve patterns of three characters or more; a shorter search checks each payment. */
const TRIGRAM = 3;

/**
 * The calendar period of the month/year filter as an inclusive `tanggal` range, so the date index
 * serves it: month + year → that month; year alone → that year. A month without a year is that
 * month in every year (handled apart, it has no single range).
 */
export function periodRange(query: Pick<PembayaranFilters, 'month' | 'year'>): { first: string; last: string } | null {
  if (query.year === undefined) return null;
  if (query.month !== undefined) return monthDateRange(query.year, query.month);
  return { first: monthDateRange(query.year, 1).first, last: monthDateRange(query.year, 12).last };
}

/**
 * Living payments of living loans, joined with the loan (which carries its customer's nama and NIK:
 * migration 2026_11_23_1100), filtered.
 */
function filtered(db: Kysely<DB>, query: PembayaranFilters) {
  let builder = db
    .selectFrom('pembayaran')
    .innerJoin('pinjaman', 'pinjaman.id', 'pembayaran.pinjaman_id')
    .where('pembayaran.deleted_at', 'is', null)
    .where('pinjaman.deleted_at', 'is', null);
  if (query.pinjaman_id !== undefined) builder = builder.where('pembayaran.pinjaman_id', '=', query.pinjaman_id);
  if (query.nasabah_id !== undefined) builder = builder.where('pinjaman.nasabah_id', '=', query.nasabah_id);
  if (query.jenis) builder = builder.where('pembayaran.jenis', '=', query.jenis);
  const range = periodRange(query);
  if (range) {
    builder = builder.where('pembayaran.tanggal', '>=', range.first).where('pembayaran.tanggal', '<=', range.last);
  } else if (query.month !== undefined) {
    builder = builder.where(sql<number>`extract(month from pembayaran.tanggal)`, '=', query.month);
  }
  if (query.search) {
    // One loan's or one customer's payments are few, and no trigram index serves a search shorter
    // than three characters: then each payment is checked. Otherwise the indexes answer.
    const narrow = query.pinjaman_id !== undefined || query.nasabah_id !== undefined || query.search.length < TRIGRAM;
    builder = builder.where(narrow ? searchCondition(query.search) : indexedSearchCondition(db, query.search));
  }
  return builder;
}

/** A row of the list as the database gives it (list pages read it as JSON: db/json-rows.ts). */
export type PembayaranListRow = Selection<DB, 'pembayaran' | 'pinjaman', (typeof listColumns)[number]>;

const listColumns = [
  'pembayaran.id',
  'pembayaran.pinjaman_id',
  'pembayaran.tanggal',
  'pembayaran.jumlah',
  'pembayaran.jenis',
  'pembayaran.keterangan',
  'pembayaran.angsuran_ke',
  'pembayaran.akun_kas_id',
  'pembayaran.created_at',
  'pembayaran.updated_at',
  'pinjaman.nomor_pinjaman as pinjaman_nomor',
  'pinjaman.tipe as pinjaman_tipe',
  'pinjaman.nasabah_id',
  'pinjaman.nasabah_nama',
  'pinjaman.nasabah_nik',
] as const;

/** One page of payments and how many match. Order: sort key, then id, both the same way. */
export async function listPembayaran(db: Kysely<DB>, query: PembayaranListQuery) {
  const direction = query.sortOrder;
  const page = () =>
    filtered(db, query)
      .select(listColumns)
      .select(sortKeyColumn(sortExpressions[query.sortBy]))
      .orderBy(sortExpressions[query.sortBy], direction)
      .orderBy('pembayaran.id', direction)
      .$call((builder) => pageWindow(builder, query));
  if (countable(query)) {
    // The maintained total rides along with the page (one round trip, db/stat-counters.ts).
    const withTotal = await selectJsonRows(db, page().select(pembayaranTotalColumn(db, query)), direction);
    if (withTotal[0]) return { rows: withTotal, total: Number(withTotal[0].__total) };
    return { rows: withTotal, total: (await countPembayaran(db, query)).count };
  }
  const rows = await selectJsonRows(db, page(), direction);
  const { total } = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Period and jenis alone: the maintained counts (db/stat-counters.ts) answer without a scan. */
function countable(query: PembayaranFilters) {
  return !query.search && query.pinjaman_id === undefined && query.nasabah_id === undefined;
}

/** Number and sum of the payments matching the statistics filters (the same rows the list shows). */
export async function pembayaranTotals(db: Kysely<DB>, query: PembayaranStatsQuery) {
  if (countable(query)) return countPembayaran(db, query);
  const row = await filtered(db, query)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('pembayaran.jumlah'), sql<number>`0`).as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), sum: Number(row.sum) };
}

/** A living payment of a living loan, with the loan's terms and the customer's contact data. */
export function findPembayaran(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('pembayaran')
    .innerJoin('pinjaman', 'pinjaman.id', 'pembayaran.pinjaman_id')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .leftJoin('kwitansi_pembayaran', 'kwitansi_pembayaran.pembayaran_id', 'pembayaran.id')
    .leftJoin('akun', 'akun.id', 'pembayaran.akun_kas_id')
    .where('pembayaran.id', '=', id)
    .where('pembayaran.deleted_at', 'is', null)
    .where('pinjaman.deleted_at', 'is', null)
    .select([
      ...listColumns,
      'pinjaman.urutan_pinjaman as pinjaman_urutan',
      'pinjaman.jumlah as pinjaman_jumlah',
      'pinjaman.persentase as pinjaman_persentase',
      'pinjaman.durasi_angsuran as pinjaman_durasi',
      'pinjaman.status as pinjaman_status',
      'pinjaman.tanggal_pinjam as pinjaman_tanggal_pinjam',
      'pinjaman.sisa_pokok as pinjaman_sisa_pokok',
      'pinjaman.total_pembayaran as pinjaman_total_pembayaran',
      'nasabah.telepon as nasabah_telepon',
      'nasabah.alamat as nasabah_alamat',
      'kwitansi_pembayaran.tahun as kwitansi_tahun',
      'kwitansi_pembayaran.urut as kwitansi_urut',
      'akun.nama as akun_kas_nama',
    ])
    .executeTakeFirst();
}

export type PembayaranDetailRow = NonNullable<Awaited<ReturnType<typeof findPembayaran>>>;

/** Locks a living payment's row for the rest of the transaction; undefined when there is none. */
export function lockPembayaran(trx: Kysely<DB>, id: number) {
  return lockLivingRow(trx, 'pembayaran', id);
}

/** Whether the loan has a living `pelunasan` payment other than `exceptId`. */
export async function hasPelunasan(trx: Kysely<DB>, pinjamanId: number, exceptId?: number) {
  let query = trx
    .selectFrom('pembayaran')
    .select('id')
    .where('pinjaman_id', '=', pinjamanId)
    .where('jenis', '=', 'pelunasan')
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertPembayaran(trx: Kysely<DB>, values: NewPembayaran): Promise<number> {
  const row = await trx.insertInto('pembayaran').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePembayaran(trx: Kysely<DB>, id: number, values: Updateable<PembayaranTable>) {
  await trx
    .updateTable('pembayaran')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export function softDeletePembayaran(trx: Kysely<DB>, id: number, userId: number | null) {
  return softDeleteRow(trx, 'pembayaran', id, userId);
}
