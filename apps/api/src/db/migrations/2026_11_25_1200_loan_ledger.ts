import { sql, type Kysely } from 'kysely';

// The loan's ledger summary (issue 23): its arrears and kolektibilitas on the Jakarta date
// `ledger_tanggal`, kept by the write that changes them (payments, loan edits) and by the daily
// job when only the date moved. Loans written before this migration have no date yet
// (`ledger_tanggal` null): the first run of the daily job fills them.
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('pinjaman')
    .addColumn('hari_tunggakan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kolektibilitas', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('tunggakan_pokok', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tunggakan_margin', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tunggakan_bagi_hasil', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tunggakan_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('angsuran_tertunggak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('jatuh_tempo_tertua', 'date')
    .addColumn('jatuh_tempo_berikutnya', 'date')
    .addColumn('jumlah_berikutnya', 'bigint')
    .addColumn('ledger_tanggal', 'date')
    .execute();
  // Loans by days past due (the loan list's sort, the Tunggakan list: `hari_tunggakan > 0`,
  // longest first, walked backwards) and a class's loans in the list's default order.
  await sql`create index pinjaman_hari_tunggakan_idx on pinjaman (hari_tunggakan, id) where deleted_at is null`.execute(db);
  await sql`create index pinjaman_kolektibilitas_idx on pinjaman (kolektibilitas, created_at, id) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Runs of the scheduled jobs, one row per job and Jakarta date: the row is locked while a batch
  // runs (several API processes on one PostgreSQL: one works, the others skip), `cursor` is where
  // the next batch starts (a crash resumes there), `finished_at` says the day is done.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('tanggal', 'date', (c) => c.notNull())
    .addColumn('cursor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('job_runs_pkey', ['job', 'tanggal'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('settings').execute();
  await sql`drop index if exists pinjaman_kolektibilitas_idx`.execute(db);
  await sql`drop index if exists pinjaman_hari_tunggakan_idx`.execute(db);
  let alter = db.schema.alterTable('pinjaman') as any;
  for (const column of [
    'hari_tunggakan',
    'kolektibilitas',
    'tunggakan_pokok',
    'tunggakan_margin',
    'tunggakan_bagi_hasil',
    'tunggakan_total',
    'angsuran_tertunggak',
    'jatuh_tempo_tertua',
    'jatuh_tempo_berikutnya',
    'jumlah_berikutnya',
    'ledger_tanggal',
  ])
    alter = alter.dropColumn(column);
  await alter.execute();
}
