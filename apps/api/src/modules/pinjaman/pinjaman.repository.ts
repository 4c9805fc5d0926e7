import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selection, type SqlBool } from 'kysely';
import type { PinjamanListQuery } from '@mizan/core';
import type { DB, NewPinjaman, PinjamanTable } from '../../db/schema';
import { softDeleteRow } from '../../db/living-rows';
import { selectJsonRows, sortKeyColumn } from '../../db/json-rows';
import { countPinjaman, pinjamanTotalColumn } from '../../db/stat-counters';
import { containsPattern, loanCustomerConditions } from '../../db/search';
import type { Updateable } from 'kysely';
import { pageWindow } from '../../db/paging';

type SortKey = PinjamanListQuery['sortBy'];

/** ORDER BY expression per sort key of spec §9 (indexes: migrations 0910, 1110 and 2026_11_23_1100). */
const sortExpressions: Record<SortKey, Expression<unknown>> = {
  created_at: sql.ref('pinjaman.created_at'),
  nomor_pinjaman: sql.ref('pinjaman.nomor_pinjaman'),
  urutan_pinjaman: sql.ref('pinjaman.urutan_pinjaman'),
  tanggal_pinjam: sql.ref('pinjaman.tanggal_pinjam'),
  nasabah: sql`lower(pinjaman.nasabah_nama)`,
  jumlah: sql.ref('pinjaman.jumlah'),
  persentase: sql.ref('pinjaman.persentase'),
  tipe: sql.ref('pinjaman.tipe'),
  status: sql.ref('pinjaman.status'),
  sisa_pokok: sql.ref('pinjaman.sisa_pokok'),
  hari_tunggakan: sql.ref('pinjaman.hari_tunggakan'),
};

/** Customer (nama, NIK) or loan number, case-insensitive. */
function searchCondition(search: string) {
  return (eb: ExpressionBuilder<DB, 'pinjaman'>) =>
    eb.or([...loanCustomerConditions(eb, search), eb('pinjaman.nomor_pinjaman', 'ilike', containsPattern(search))]);
}

/** Living loans (each carries its customer's nama and NIK: migration 2026_11_23_1100, no join). */
function livingLoans(db: Kysely<DB>) {
  return db.selectFrom('pinjaman').where('pinjaman.deleted_at', 'is', null);
}

/** A row of the list as the database gives it (list pages read it as JSON: db/json-rows.ts). */
export type LoanRow = Selection<DB, 'pinjaman', (typeof loanColumns)[number]>;

const loanColumns = [
  'pinjaman.id',
  'pinjaman.nasabah_id',
  'pinjaman.nomor_pinjaman',
  'pinjaman.urutan_pinjaman',
  'pinjaman.urutan_pinjaman_generated',
  'pinjaman.tanggal_pinjam',
  'pinjaman.jumlah',
  'pinjaman.persentase',
  'pinjaman.tipe',
  'pinjaman.jaminan',
  'pinjaman.keterangan',
  'pinjaman.akun_kas_id',
  'pinjaman.durasi_angsuran',
  'pinjaman.jadwal_ulang',
  'pinjaman.hapus_buku_tanggal',
  'pinjaman.status',
  'pinjaman.sisa_pokok',
  'pinjaman.sisa_margin',
  'pinjaman.sisa_kewajiban',
  'pinjaman.total_pembayaran',
  'pinjaman.angsuran_per_bulan',
  'pinjaman.kwitansi',
  'pinjaman.diimpor',
  'pinjaman.tazir_jumlah',
  'pinjaman.tazir_tenggang_hari',
  'pinjaman.kolektibilitas',
  'pinjaman.hari_tunggakan',
  'pinjaman.tunggakan_total',
  'pinjaman.ledger_tanggal',
  'pinjaman.created_at',
  'pinjaman.updated_at',
  'pinjaman.nasabah_nama',
  'pinjaman.nasabah_nik',
] as const;

function filtered(
  db: Kysely<DB>,
  query: Pick<PinjamanListQuery, 'search' | 'status' | 'tipe' | 'nasabah_id' | 'kolektibilitas'>,
) {
  let builder = livingLoans(db);
  if (query.kolektibilitas) builder = builder.where('pinjaman.kolektibilitas', '=', query.kolektibilitas);
  if (query.status) builder = builder.where('pinjaman.status', '=', query.status);
  if (query.tipe) builder = builder.where('pinjaman.tipe', '=', query.tipe);
  if (query.nasabah_id) builder = builder.where('pinjaman.nasabah_id', '=', query.nasabah_id);
  if (query.search) builder = builder.where(searchCondition(query.search));
  return builder;
}

/** One page of living loans with their customer's nama and NIK, and how many match. Order: sort key, then id. */
export async function listPinjaman(db: Kysely<DB>, query: PinjamanListQuery) {
  const direction = query.sortOrder;
  const page = () =>
    filtered(db, query)
      .select(loanColumns)
      .select(sortKeyColumn(sortExpressions[query.sortBy]))
      .orderBy(sortExpressions[query.sortBy], direction)
      .orderBy('pinjaman.id', direction)
      .$call((builder) => pageWindow(builder, query));
  if (!query.search && !query.tipe && !query.nasabah_id && !query.kolektibilitas) {
    // Without those filters the total is a maintained count (db/stat-counters.ts), not a scan;
    // it rides along with the page (one round trip).
    const withTotal = await selectJsonRows(db, page().select(pinjamanTotalColumn(db, query.status)), direction);
    if (withTotal[0]) return { rows: withTotal, total: Number(withTotal[0].__total) };
    const counts = await countPinjaman(db);
    return { rows: withTotal, total: query.status ? counts.count(query.status) : counts.total };
  }
  const rows = await selectJsonRows(db, page(), direction);
  const { total } = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** A living loan with its customer's nama and NIK, or undefined. */
export function findPinjaman(db: Kysely<DB>, id: number) {
  return livingLoans(db).select(loanColumns).where('pinjaman.id', '=', id).executeTakeFirst();
}

/** A customer as a loan needs it (deleted ones included, so the caller can tell). */
export function findNasabah(db: Kysely<DB>, id: number) {
  return db.selectFrom('nasabah').select(['id', 'nama', 'nik', 'status', 'deleted_at']).where('id', '=', id).executeTakeFirst();
}

/** The customer's living loan with the highest urutan_pinjaman (newest first on a tie). */
export function latestLoanOf(db: Kysely<DB>, nasabahId: number) {
  return db
    .selectFrom('pinjaman')
    .select(['nomor_pinjaman', 'urutan_pinjaman'])
    .where('nasabah_id', '=', nasabahId)
    .where('deleted_at', 'is', null)
    .orderBy('urutan_pinjaman', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertPinjaman(trx: Kysely<DB>, values: NewPinjaman): Promise<number> {
  const row = await trx.insertInto('pinjaman').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePinjaman(trx: Kysely<DB>, id: number, values: Updateable<PinjamanTable>) {
  await trx
    .updateTable('pinjaman')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export function softDeletePinjaman(trx: Kysely<DB>, id: number, userId: number | null) {
  return softDeleteRow(trx, 'pinjaman', id, userId);
}

/** Counts per status and Σ jumlah of the aktif loans, over living loans (maintained by triggers, db/stat-counters.ts). */
export async function loanStats(db: Kysely<DB>) {
  const counts = await countPinjaman(db);
  return {
    total: counts.total,
    berjalan: counts.berjalan,
    nilaiBerjalan: counts.nilaiBerjalan,
    aktif: counts.aktif,
    lunas: counts.lunas,
    macet: counts.macet,
    pending: counts.pending,
  };
}

/** The living loan a stored receipt file belongs to, for its download name. */
/** The living loan a stored file belongs to: its receipt, or the evidence of one of its ta'widh (issue 27 C). */
export async function findLoanByKwitansi(db: Kysely<DB>, fileName: string) {
  const byReceipt = await db
    .selectFrom('pinjaman')
    .select(['id', 'nomor_pinjaman'])
    .where('kwitansi', '=', fileName)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return (
    byReceipt ??
    db
      .selectFrom('tawidh as t')
      .innerJoin('pinjaman as p', 'p.id', 't.pinjaman_id')
      .select(['p.id', 'p.nomor_pinjaman'])
      .where('t.bukti', '=', fileName)
      .where('t.deleted_at', 'is', null)
      .where('p.deleted_at', 'is', null)
      .executeTakeFirst()
  );
}

/** The customer a loan is written for, locked for the transaction. */
export function lockNasabahOfLoan(trx: Kysely<DB>, nasabahId: number) {
  return trx
    .selectFrom('nasabah')
    .select(['id', 'nama', 'status', 'deleted_at'])
    .where('id', '=', nasabahId)
    .forUpdate()
    .executeTakeFirst();
}

/** The customer's name, for the activity log. */
export async function nasabahNama(trx: Kysely<DB>, nasabahId: number): Promise<string> {
  const row = await trx.selectFrom('nasabah').select('nama').where('id', '=', nasabahId).executeTakeFirst();
  return row?.nama ?? '';
}

/**
 * One batch of the loan export (issue 26 B), in the list's order: the loans after the last one's
 * sort key and id, which the sort index finds at once however far the export has gone (every
 * sort key of the list is never null, so the row comparison holds for all).
 */
export function pinjamanBatch(
  db: Kysely<DB>,
  query: Pick<PinjamanListQuery, 'search' | 'status' | 'tipe' | 'nasabah_id' | 'kolektibilitas' | 'sortBy' | 'sortOrder'>,
  limit: number,
  after: { key: unknown; id: number } | null,
) {
  const direction = query.sortOrder;
  const sortExpression = sortExpressions[query.sortBy];
  const page = filtered(db, query)
    .select(loanColumns)
    .select(sortKeyColumn(sortExpression))
    .$if(after !== null, (qb) =>
      qb.where(
        sql<SqlBool>`(${sortExpression}, pinjaman.id) ${sql.raw(direction === 'asc' ? '>' : '<')} (${after!.key}, ${after!.id})`,
      ),
    )
    .orderBy(sortExpression, direction)
    .orderBy('pinjaman.id', direction)
    .limit(limit);
  return selectJsonRows(db, page, direction);
}
