import { sql, type Kysely } from 'kysely';
import { monthDateRange, statusBerjalan } from '@mizan/core';
import type { DB } from './schema';

// Readers of the maintained aggregates (migration 2026_11_22_1200_stat_counters): exact counts
// and sums without scanning the tables. Every figure is a sum over the counter slots.

/** Living customers: all, aktif, nonaktif. */
export async function countNasabah(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('nasabah_counts')
    .select(['status', (eb) => eb.fn.sum<number>('n').as('n')])
    .groupBy('status')
    .execute();
  const by = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { total: by('aktif') + by('nonaktif'), aktif: by('aktif'), nonaktif: by('nonaktif') };
}

/** Living loans per status, their number, and Σ jumlah per status. */
export async function countPinjaman(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('pinjaman_counts')
    .select(['status', (eb) => eb.fn.sum<number>('n').as('n'), (eb) => eb.fn.sum<number>('jumlah').as('jumlah')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const jumlah = (status: string) => Number(rows.find((r) => r.status === status)?.jumlah ?? 0);
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    /** Running loans (core `statusBerjalan`: aktif and macet) and Σ their jumlah. */
    berjalan: statusBerjalan.reduce((sum, status) => sum + count(status), 0),
    nilaiBerjalan: statusBerjalan.reduce((sum, status) => sum + jumlah(status), 0),
    aktif: count('aktif'),
    lunas: count('lunas'),
    macet: count('macet'),
    pending: count('pending'),
    count,
    jumlah,
  };
}

/**
 * Number and Σ jumlah of living payments of living loans, for an optional calendar period
 * (month + year, year alone, or a month of every year) and jenis: the rows the payment list and
 * its statistics count when no search, loan or customer filter applies.
 */
export async function countPembayaran(db: Kysely<DB>, filter: PembayaranCountFilter) {
  const row = await pembayaranTotalQuery(db, filter).executeTakeFirstOrThrow();
  return { count: Number(row.n ?? 0), sum: Number(row.jumlah ?? 0) };
}

export interface PembayaranCountFilter {
  month?: number;
  year?: number;
  jenis?: string;
}

function pembayaranTotalQuery(db: Kysely<DB>, filter: PembayaranCountFilter) {
  let query = db
    .selectFrom('pembayaran_counts')
    .select([(eb) => eb.fn.sum<number>('n').as('n'), (eb) => eb.fn.sum<number>('jumlah').as('jumlah')]);
  if (filter.year !== undefined) {
    const first = monthDateRange(filter.year, filter.month ?? 1).first;
    const last = monthDateRange(filter.year, filter.month ?? 12).first;
    query = query.where('bulan', '>=', first).where('bulan', '<=', last);
  } else if (filter.month !== undefined) {
    query = query.where(sql<number>`extract(month from bulan)`, '=', filter.month);
  }
  if (filter.jenis) query = query.where('jenis', '=', filter.jenis as never);
  return query;
}

/**
 * Σ jumlah of the living payments of living loans dated `first` … `last`, from the maintained
 * day counters (a sum over at most 8 rows per day).
 */
export async function sumPembayaranBetween(db: Kysely<DB>, first: string, last: string): Promise<number> {
  const row = await db
    .selectFrom('pembayaran_hari_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('jumlah'), sql<number>`0`).as('total'))
    .where('tanggal', '>=', first)
    .where('tanggal', '<=', last)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// The same totals as one column of a list's page query (a scalar subquery, evaluated once), so
// a page and its total take one round trip. A page past the end has no row to carry it: callers
// then ask the count functions above.

/** Living customers, or those of one status (as the column `__total`, or `alias`). */
export function nasabahTotalColumn<A extends string = '__total'>(db: Kysely<DB>, status?: string, alias?: A) {
  let query = db.selectFrom('nasabah_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('t'));
  if (status) query = query.where('status', '=', status as never);
  return query.as(alias ?? ('__total' as A));
}

/** Living loans, or those of one status. */
export function pinjamanTotalColumn(db: Kysely<DB>, status?: string) {
  let query = db.selectFrom('pinjaman_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('t'));
  if (status) query = query.where('status', '=', status as never);
  return query.as('__total');
}

/** Living payments of living loans in a period and jenis (see countPembayaran). */
export function pembayaranTotalColumn(db: Kysely<DB>, filter: PembayaranCountFilter) {
  return pembayaranTotalQuery(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('t'))
    .as('__total');
}
