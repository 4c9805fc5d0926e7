import { sql, type Kysely } from 'kysely';

// Customer list (issue 4): every sort key of spec §9 gets a btree index over the living rows, with
// id as the tie-breaker, so `order by <key>, id limit n` reads the first page straight from the
// index on 100 000 customers (a backward scan serves DESC). Text keys are ordered
// case-insensitively through lower(); the list query orders by the same expressions.
// `tanggal_nasabah_generated` remembers that the server filled tanggal_nasabah itself (no date was
// given), so `data_completeness` can say so (docs/decisions/nasabah.md).
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('nasabah')
    .addColumn('tanggal_nasabah_generated', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index nasabah_nama_sort_idx on nasabah (lower(nama), id) where deleted_at is null`.execute(db);
  await sql`create index nasabah_nik_sort_idx on nasabah (nik, id) where deleted_at is null`.execute(db);
  await sql`create index nasabah_telepon_sort_idx on nasabah (telepon, id) where deleted_at is null`.execute(db);
  await sql`create index nasabah_alamat_sort_idx on nasabah (lower(alamat), id) where deleted_at is null`.execute(db);
  await sql`create index nasabah_status_sort_idx on nasabah (status, id) where deleted_at is null`.execute(db);
  await sql`create index nasabah_total_pinjaman_sort_idx on nasabah (total_pinjaman, id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const name of ['nama', 'nik', 'telepon', 'alamat', 'status', 'total_pinjaman']) {
    await sql`drop index if exists ${sql.raw(`nasabah_${name}_sort_idx`)}`.execute(db);
  }
  await db.schema.alterTable('nasabah').dropColumn('tanggal_nasabah_generated').execute();
}
