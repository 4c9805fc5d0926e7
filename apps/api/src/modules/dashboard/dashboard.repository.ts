import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Living payments per calendar month ('YYYY-MM') between two dates, counted and summed in SQL. */
export function paymentsPerMonth(db: Kysely<DB>, first: string, last: string) {
  return db
    .selectFrom('pembayaran')
    .select([
      sql<string>`to_char(tanggal, 'YYYY-MM')`.as('ym'),
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>('jumlah').as('total'),
    ])
    .where('deleted_at', 'is', null)
    .where('tanggal', '>=', first)
    .where('tanggal', '<=', last)
    .groupBy(sql`to_char(tanggal, 'YYYY-MM')`)
    .execute();
}
