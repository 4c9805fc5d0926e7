import { sql, type Kysely } from 'kysely';

// An import (issue 26 C) writes thousands of rows in one transaction. The row triggers that keep
// the counters (stat counters, day counts, receipt numbers) update the same few counter rows once
// per row; in one transaction each such update walks every version of that row written before it
// (none can be pruned until the commit), so 100 000 payments took minutes. With the transaction's
// setting `mizan.massal` = 'on' these triggers stand aside and the import applies the same changes
// once per batch, set-based (modules/impor/db/bulk-counters.ts). Every other write is unchanged.
const MASSAL = `current_setting('mizan.massal', true) is distinct from 'on'`;

export async function up(db: Kysely<any>) {
  await sql`drop trigger nasabah_counts_insert_delete on nasabah`.execute(db);
  await sql`create trigger nasabah_counts_insert_delete after insert or delete on nasabah for each row
    when (${sql.raw(MASSAL)}) execute function nasabah_counts_track()`.execute(db);
  await sql`drop trigger pinjaman_counts_insert_delete on pinjaman`.execute(db);
  await sql`create trigger pinjaman_counts_insert_delete after insert or delete on pinjaman for each row
    when (${sql.raw(MASSAL)}) execute function pinjaman_counts_track()`.execute(db);
  await sql`drop trigger pinjaman_counts_update on pinjaman`.execute(db);
  await sql`create trigger pinjaman_counts_update after update on pinjaman for each row
    when ((old.status is distinct from new.status or old.jumlah is distinct from new.jumlah
          or (old.deleted_at is null) <> (new.deleted_at is null) or old.id <> new.id) and ${sql.raw(MASSAL)})
    execute function pinjaman_counts_track()`.execute(db);
  await sql`drop trigger pembayaran_counts_insert_delete on pembayaran`.execute(db);
  await sql`create trigger pembayaran_counts_insert_delete after insert or delete on pembayaran for each row
    when (${sql.raw(MASSAL)}) execute function pembayaran_counts_track()`.execute(db);
  await sql`drop trigger pembayaran_a_kwitansi on pembayaran`.execute(db);
  await sql`create trigger pembayaran_a_kwitansi after insert on pembayaran for each row
    when (${sql.raw(MASSAL)}) execute function kwitansi_pembayaran_number()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger nasabah_counts_insert_delete on nasabah`.execute(db);
  await sql`create trigger nasabah_counts_insert_delete after insert or delete on nasabah
    for each row execute function nasabah_counts_track()`.execute(db);
  await sql`drop trigger pinjaman_counts_insert_delete on pinjaman`.execute(db);
  await sql`create trigger pinjaman_counts_insert_delete after insert or delete on pinjaman
    for each row execute function pinjaman_counts_track()`.execute(db);
  await sql`drop trigger pinjaman_counts_update on pinjaman`.execute(db);
  await sql`create trigger pinjaman_counts_update after update on pinjaman for each row
    when (old.status is distinct from new.status or old.jumlah is distinct from new.jumlah
          or (old.deleted_at is null) <> (new.deleted_at is null) or old.id <> new.id)
    execute function pinjaman_counts_track()`.execute(db);
  await sql`drop trigger pembayaran_counts_insert_delete on pembayaran`.execute(db);
  await sql`create trigger pembayaran_counts_insert_delete after insert or delete on pembayaran
    for each row execute function pembayaran_counts_track()`.execute(db);
  await sql`drop trigger pembayaran_a_kwitansi on pembayaran`.execute(db);
  await sql`create trigger pembayaran_a_kwitansi after insert on pembayaran
    for each row execute function kwitansi_pembayaran_number()`.execute(db);
}
