import { sql, type Kysely } from 'kysely';

// The financing book. Money is whole rupiah in BIGINT; persentase NUMERIC(5,2) (2.00 = 2 %).
// Rows are soft-deleted (deleted_at) so nothing is ever lost; the maintained columns
// (nasabah.total_pinjaman, pinjaman.sisa_pokok/total_pembayaran/angsuran_per_bulan) are
// recomputed by the services, with the @mizan/core formulas, in the transaction of every write.
export async function up(db: Kysely<any>) {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('nasabah')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nama', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('nik', 'varchar(16)')
    .addColumn('telepon', 'varchar(30)')
    .addColumn('alamat', 'varchar(500)')
    .addColumn('kecamatan', 'varchar(100)')
    .addColumn('kota', 'varchar(100)')
    .addColumn('tanggal_nasabah', 'date')
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('aktif')
        .check(sql`status in ('aktif', 'nonaktif')`),
    )
    .addColumn('total_pinjaman', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // A NIK belongs to one living customer; a deleted customer's NIK may be registered again.
  await sql`create unique index nasabah_nik_key on nasabah (nik) where deleted_at is null`.execute(db);
  await sql`create index nasabah_created_at_idx on nasabah (created_at desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index nasabah_nama_trgm_idx on nasabah using gin (nama gin_trgm_ops)`.execute(db);
  await sql`create index nasabah_nik_trgm_idx on nasabah using gin (nik gin_trgm_ops)`.execute(db);
  await sql`create index nasabah_telepon_trgm_idx on nasabah using gin (telepon gin_trgm_ops)`.execute(db);
  await sql`create index nasabah_alamat_trgm_idx on nasabah using gin (alamat gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('pinjaman')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nasabah_id', 'integer', (c) => c.notNull().references('nasabah.id'))
    .addColumn('nomor_pinjaman', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('urutan_pinjaman', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`urutan_pinjaman >= 1`),
    )
    .addColumn('tanggal_pinjam', 'date', (c) => c.notNull())
    .addColumn('jumlah', 'bigint', (c) => c.notNull().check(sql`jumlah > 0`))
    .addColumn('persentase', sql`numeric(5,2)`, (c) => c.notNull().check(sql`persentase >= 0`))
    .addColumn('tipe', 'varchar(10)', (c) => c.notNull().check(sql`tipe in ('pokok', 'non-pokok')`))
    .addColumn('jaminan', 'varchar(500)')
    .addColumn('keterangan', 'varchar(1000)')
    .addColumn('durasi_angsuran', 'integer', (c) => c.check(sql`durasi_angsuran is null or durasi_angsuran > 0`))
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('aktif')
        .check(sql`status in ('aktif', 'lunas', 'macet', 'pending')`),
    )
    .addColumn('sisa_pokok', 'bigint', (c) => c.notNull())
    .addColumn('total_pembayaran', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('angsuran_per_bulan', 'bigint')
    .addColumn('kwitansi', 'varchar(100)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index pinjaman_nasabah_id_idx on pinjaman (nasabah_id) where deleted_at is null`.execute(db);
  await sql`create index pinjaman_created_at_idx on pinjaman (created_at desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index pinjaman_status_idx on pinjaman (status, created_at desc) where deleted_at is null`.execute(db);
  await sql`create index pinjaman_nomor_trgm_idx on pinjaman using gin (nomor_pinjaman gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('pembayaran')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pinjaman_id', 'integer', (c) => c.notNull().references('pinjaman.id'))
    .addColumn('tanggal', 'date', (c) => c.notNull())
    .addColumn('jumlah', 'bigint', (c) => c.notNull().check(sql`jumlah > 0`))
    .addColumn('jenis', 'varchar(12)', (c) => c.notNull().check(sql`jenis in ('angsuran', 'bagi_hasil', 'pokok', 'pelunasan')`))
    .addColumn('keterangan', 'varchar(1000)')
    .addColumn('angsuran_ke', 'integer', (c) => c.check(sql`angsuran_ke is null or angsuran_ke > 0`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index pembayaran_pinjaman_id_idx on pembayaran (pinjaman_id) where deleted_at is null`.execute(db);
  await sql`create index pembayaran_tanggal_idx on pembayaran (tanggal desc, id desc) where deleted_at is null`.execute(db);
  // One instalment number per loan: recording "angsuran ke-3" twice is a mistake, not a payment.
  await sql`create unique index pembayaran_angsuran_ke_key on pembayaran (pinjaman_id, angsuran_ke)
    where deleted_at is null and jenis = 'angsuran' and angsuran_ke is not null`.execute(db);

  await db.schema
    .createTable('activities')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull().check(sql`category in ('pinjaman', 'pembayaran', 'other')`))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('selesai'))
    .addColumn('amount', 'bigint')
    .addColumn('entity_type', 'varchar(30)')
    .addColumn('entity_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index activities_created_at_idx on activities (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('activities').execute();
  await db.schema.dropTable('pembayaran').execute();
  await db.schema.dropTable('pinjaman').execute();
  await db.schema.dropTable('nasabah').execute();
}
