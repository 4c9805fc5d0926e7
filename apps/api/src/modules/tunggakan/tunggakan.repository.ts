import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import type { TunggakanListQuery, TunggakanSummaryQuery, tunggakanSortKeys } from '@mizan/core';
import type { DB } from '../../db/schema';
import { selectJsonRows, sortKeyColumn } from '../../db/json-rows';
import { pageWindow } from '../../db/paging';
import { containsPattern, loanCustomerConditions } from '../../db/search';

type SortKey = (typeof tunggakanSortKeys)[number];

const sortExpressions: Record<SortKey, Expression<unknown>> = {
  hari_tunggakan: sql.ref('pinjaman.hari_tunggakan'),
  tunggakan_total: sql.ref('pinjaman.tunggakan_total'),
  nama: sql`lower(pinjaman.nasabah_nama)`,
  jatuh_tempo: sql.ref('pinjaman.jatuh_tempo_tertua'),
};

type ArrearsFilters = TunggakanSummaryQuery & { kolektibilitas?: TunggakanListQuery['kolektibilitas'] };

/** Living loans in arrears (stored summary, kept by writes and the daily job), with the filters. */
function loansInArrears(db: Kysely<DB>, query: ArrearsFilters) {
  let builder = db
    .selectFrom('pinjaman')
    .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
    .where('pinjaman.deleted_at', 'is', null)
    // A literal 0, so that the planner may use the indexes of the loans in arrears (their predicate).
    .where('pinjaman.hari_tunggakan', '>', sql.lit(0));
  if (query.min_hari) builder = builder.where('pinjaman.hari_tunggakan', '>=', query.min_hari);
  if (query.kolektibilitas) builder = builder.where('pinjaman.kolektibilitas', '=', query.kolektibilitas);
  if (query.tipe) builder = builder.where('pinjaman.tipe', '=', query.tipe);
  if (query.kota) builder = builder.where(sql`lower(nasabah.kota)`, '=', query.kota.toLowerCase());
  if (query.kecamatan) builder = builder.where(sql`lower(nasabah.kecamatan)`, '=', query.kecamatan.toLowerCase());
  if (query.search) {
    const search = query.search;
    builder = builder.where((eb) =>
      eb.or([
        ...loanCustomerConditions(eb as unknown as ExpressionBuilder<DB, 'pinjaman'>, search),
        eb('pinjaman.nomor_pinjaman', 'ilike', containsPattern(search)),
      ]),
    );
  }
  return builder;
}

/** One page of loans in arrears with their customer, and how many match. Order: sort key, then id. */
export async function listTunggakan(db: Kysely<DB>, query: TunggakanListQuery) {
  const direction = query.sortOrder;
  const page = loansInArrears(db, query)
    .select([
      'pinjaman.id',
      'pinjaman.nomor_pinjaman',
      'pinjaman.tipe',
      'pinjaman.status',
      'pinjaman.jumlah',
      'pinjaman.sisa_pokok',
      'pinjaman.nasabah_id',
      'pinjaman.nasabah_nama',
      'pinjaman.nasabah_nik',
      'nasabah.telepon',
      'nasabah.kota',
      'nasabah.kecamatan',
      'pinjaman.kolektibilitas',
      'pinjaman.hari_tunggakan',
      'pinjaman.angsuran_tertunggak',
      'pinjaman.tunggakan_pokok',
      'pinjaman.tunggakan_margin',
      'pinjaman.tunggakan_bagi_hasil',
      'pinjaman.tunggakan_total',
      'pinjaman.jatuh_tempo_tertua',
      'pinjaman.ledger_tanggal',
    ])
    .select(sortKeyColumn(sortExpressions[query.sortBy]))
    .orderBy(sortExpressions[query.sortBy], direction)
    .orderBy('pinjaman.id', direction)
    .$call((builder) => pageWindow(builder, query));
  const rows = await selectJsonRows(db, page, direction);
  return { rows, total: await countInArrears(db, query) };
}

/**
 * How many loans are in arrears with the filters. Without a filter on the customer (place, search)
 * the loans are counted alone, from the arrears indexes: every loan has its customer, so the join
 * would count the same rows at several times the cost.
 */
async function countInArrears(db: Kysely<DB>, query: ArrearsFilters): Promise<number> {
  const needsCustomer = query.kota !== undefined || query.kecamatan !== undefined || query.search !== undefined;
  if (needsCustomer) {
    const { total } = await loansInArrears(db, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
  let builder = db.selectFrom('pinjaman').where('deleted_at', 'is', null).where('hari_tunggakan', '>', sql.lit(0));
  if (query.min_hari) builder = builder.where('hari_tunggakan', '>=', query.min_hari);
  if (query.kolektibilitas) builder = builder.where('kolektibilitas', '=', query.kolektibilitas);
  if (query.tipe) builder = builder.where('tipe', '=', query.tipe);
  const { total } = await builder.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/** The loans in arrears per class with the list's filters (the class aside): count and sums. */
export async function summarizeTunggakan(db: Kysely<DB>, query: TunggakanSummaryQuery) {
  const rows = await loansInArrears(db, query)
    .select((eb) => [
      'pinjaman.kolektibilitas',
      eb.fn.countAll<string>().as('jumlah_pinjaman'),
      eb.fn.sum<string>('pinjaman.tunggakan_total').as('tunggakan_total'),
      eb.fn.sum<string>('pinjaman.sisa_pokok').as('sisa_pokok'),
    ])
    .groupBy('pinjaman.kolektibilitas')
    .execute();
  return rows.map((row) => ({
    kolektibilitas: row.kolektibilitas,
    jumlah_pinjaman: Number(row.jumlah_pinjaman),
    tunggakan_total: Number(row.tunggakan_total),
    sisa_pokok: Number(row.sisa_pokok),
  }));
}
