import { sql, type Kysely } from 'kysely';

// Loan list (issue 5): `urutan_pinjaman_generated` remembers that the server took the customer's
// next loan number itself (none was sent), so `data_completeness` can say so. The btree indexes
// serve `order by <key>, id` over the living rows for the spec §9 sort keys that have no index yet
// (created_at and status already do); nasabah.nama sorting uses the customer's lower(nama) index.
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('pinjaman')
    .addColumn('urutan_pinjaman_generated', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  for (const column of ['nomor_pinjaman', 'urutan_pinjaman', 'tanggal_pinjam', 'jumlah', 'persentase', 'tipe', 'sisa_pokok']) {
    await sql`create index ${sql.raw(`pinjaman_${column}_sort_idx`)} on pinjaman (${sql.ref(column)}, id) where deleted_at is null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>) {
  for (const column of ['nomor_pinjaman', 'urutan_pinjaman', 'tanggal_pinjam', 'jumlah', 'persentase', 'tipe', 'sisa_pokok']) {
    await sql`drop index if exists ${sql.raw(`pinjaman_${column}_sort_idx`)}`.execute(db);
  }
  await db.schema.alterTable('pinjaman').dropColumn('urutan_pinjaman_generated').execute();
}
