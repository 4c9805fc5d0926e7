import { sql, type Kysely } from 'kysely';

// One row per day of the portfolio as it stood at the close of that day (issue 23): the
// dashboard's figures at the end of last month, and the 12 month-ends of its chart. `jenis`
// 'harian' is taken by the daily job from the loans' stored ledgers before it moves on to the
// next day; 'susulan' is back-filled from the payment history for a month-end the server did not
// see (a first start on old data). A back-filled row is summed over batches of loans; `lengkap`
// says it is finished (only finished rows are read). Amounts in whole rupiah; the ratios (NPF,
// PAR) and the provision are computed when read (core `figuresOfTotals`).
export async function up(db: Kysely<any>) {
  let table = db.schema
    .createTable('portfolio_snapshots')
    .addColumn('tanggal', 'date', (c) => c.primaryKey())
    .addColumn('jenis', 'text', (c) => c.notNull().check(sql`jenis in ('harian', 'susulan')`))
    .addColumn('lengkap', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('jumlah_nasabah', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinjaman_aktif', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nilai_pinjaman_aktif', 'bigint', (c) => c.notNull().defaultTo(0));
  for (const kelas of [1, 2, 3, 4, 5]) {
    table = table
      .addColumn(`jumlah_k${kelas}`, 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn(`outstanding_k${kelas}`, 'bigint', (c) => c.notNull().defaultTo(0));
  }
  await table
    .addColumn('outstanding_par30', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('penagihan_hari', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('penagihan_bulan', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('portfolio_snapshots').execute();
}
