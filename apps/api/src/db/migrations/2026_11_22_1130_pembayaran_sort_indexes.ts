import { sql, type Kysely } from 'kysely';

// Payment list (issue 6): btree indexes serving `order by <key>, id` over the living rows for the
// spec §9 sort keys that have none yet (tanggal has pembayaran_tanggal_idx; nasabah sorts through
// the customer's lower(nama) index).
const columns = ['jumlah', 'jenis', 'created_at'] as const;

export async function up(db: Kysely<any>) {
  for (const column of columns) {
    await sql`create index ${sql.raw(`pembayaran_${column}_sort_idx`)} on pembayaran (${sql.ref(column)}, id) where deleted_at is null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>) {
  for (const column of columns) {
    await sql`drop index if exists ${sql.raw(`pembayaran_${column}_sort_idx`)}`.execute(db);
  }
}
