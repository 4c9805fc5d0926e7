import { sql, type Kysely } from 'kysely';
import type { DB, NewNasabah, NewPembayaran, NewPinjaman } from '../../db/schema';
import { nextTurn } from '../../db/job-runs';

/** Statements take this many values at most (well below PostgreSQL's 65 535 parameters). */
const CHUNK = 1000;
const chunks = <T>(items: readonly T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** What `read` finds for the given values, asked 1 000 values per statement, in the order of the parts. */
async function readInChunks<V, R>(values: readonly V[], read: (part: V[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const part of chunks(values)) rows.push(...(await read(part)));
  return rows;
}

/** The living customers holding the given NIKs. */
export async function customersByNik(db: Kysely<DB>, niks: readonly string[]) {
  return readInChunks(niks, (part) =>
    db
      .selectFrom('nasabah')
      .select(['id', 'nik', 'nama', 'diimpor'])
      .where('nik', 'in', part)
      .where('deleted_at', 'is', null)
      .execute(),
  );
}

/** The living loans with the given numbers. */
export async function loansByNomor(db: Kysely<DB>, nomors: readonly string[]) {
  return readInChunks(nomors, (part) =>
    db
      .selectFrom('pinjaman')
      .select(['id', 'nomor_pinjaman', 'nasabah_id', 'tanggal_pinjam', 'status', 'diimpor'])
      .where('nomor_pinjaman', 'in', part)
      .where('deleted_at', 'is', null)
      .execute(),
  );
}

/** Of the given loans' living payments, those a new payment is checked against: settlements and numbered instalments. */
export async function paymentRulesOf(db: Kysely<DB>, loanIds: readonly number[]) {
  return readInChunks(loanIds, (part) =>
    db
      .selectFrom('pembayaran')
      .select(['pinjaman_id', 'jenis', 'angsuran_ke'])
      .where('pinjaman_id', 'in', part)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('jenis', '=', 'pelunasan'), eb.and([eb('jenis', '=', 'angsuran'), eb('angsuran_ke', 'is not', null)])]),
      )
      .execute(),
  );
}

/** Which of the given import keys a living payment already carries. */
export async function existingImportKeys(db: Kysely<DB>, keys: readonly string[]) {
  const found = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('pembayaran')
      .select('impor_kunci')
      .where('impor_kunci', 'in', part)
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) if (row.impor_kunci) found.add(row.impor_kunci);
  }
  return found;
}

/** The highest urutan_pinjaman of each given customer's living loans. */
export async function latestUrutan(db: Kysely<DB>, nasabahIds: readonly number[]) {
  const latest = new Map<number, number>();
  for (const part of chunks(nasabahIds)) {
    const rows = await db
      .selectFrom('pinjaman')
      .select(['nasabah_id', (eb) => eb.fn.max('urutan_pinjaman').as('urutan')])
      .where('nasabah_id', 'in', part)
      .where('deleted_at', 'is', null)
      .groupBy('nasabah_id')
      .execute();
    for (const row of rows) latest.set(row.nasabah_id, Number(row.urutan));
  }
  return latest;
}

/** The living loans' amounts of the given customers (their total_pinjaman). */
export async function loanAmountsOf(db: Kysely<DB>, nasabahIds: readonly number[]) {
  return readInChunks(nasabahIds, (part) =>
    db
      .selectFrom('pinjaman')
      .select(['nasabah_id', 'jumlah'])
      .where('nasabah_id', 'in', part)
      .where('deleted_at', 'is', null)
      .execute(),
  );
}

/** Writes customers' total_pinjaman, one statement per 1 000. */
export async function setTotals(db: Kysely<DB>, totals: readonly { id: number; total: number }[]) {
  for (const part of chunks(totals)) {
    const values = sql.join(part.map((t) => sql`(${t.id}::integer, ${t.total}::bigint)`));
    await sql`update nasabah set total_pinjaman = v.total from (values ${values}) as v(id, total) where nasabah.id = v.id`.execute(
      db,
    );
  }
}

/** Inserts rows 500 per statement; their ids in the order given. */
async function insertAll<T extends 'nasabah' | 'pinjaman' | 'pembayaran'>(
  db: Kysely<DB>,
  table: T,
  rows: readonly (T extends 'nasabah' ? NewNasabah : T extends 'pinjaman' ? NewPinjaman : NewPembayaran)[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, 500)) {
    // A multi-row INSERT … RETURNING gives the rows back in the order of the VALUES list.
    const inserted = await db
      .insertInto(table as 'nasabah')
      .values(part as NewNasabah[])
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
    // A turn for other requests between statements (PGlite runs on this thread).
    await nextTurn();
  }
  // Fresh statistics: a table that was nearly empty before the import would otherwise be read
  // whole by every later lookup (PGlite has no autovacuum to notice the new rows).
  // A small sample (3 000 rows) is enough to see the table's size, and keeps the statement short.
  if (ids.length > 0) {
    await sql`set local default_statistics_target = 10`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
    await sql`reset default_statistics_target`.execute(db);
  }
  return ids;
}

export const insertCustomers = (db: Kysely<DB>, rows: readonly NewNasabah[]) => insertAll(db, 'nasabah', rows);
export const insertLoans = (db: Kysely<DB>, rows: readonly NewPinjaman[]) => insertAll(db, 'pinjaman', rows);
export const insertPayments = (db: Kysely<DB>, rows: readonly NewPembayaran[]) => insertAll(db, 'pembayaran', rows);
