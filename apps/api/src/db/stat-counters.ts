import { sql, type Kysely } from 'kysely';
import { monthDateRange } from '@mizan/core';
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
export async function countPembayaran(db: Kysely<DB>, filter: { month?: number; year?: number; jenis?: string }) {
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
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.n ?? 0), sum: Number(row.jumlah ?? 0) };
}
