import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from './schema';

/** The records that are deleted softly (`deleted_at` set, the row kept): customers, loans, payments. */
type SoftDeleted = 'nasabah' | 'pinjaman' | 'pembayaran';

/**
 * A living record's row, locked until the transaction ends (PostgreSQL; under PGlite every
 * transaction already runs alone); undefined when there is none.
 */
export async function lockLivingRow<T extends SoftDeleted>(
  trx: Kysely<DB>,
  table: T,
  id: number,
): Promise<Selectable<DB[T]> | undefined> {
  const { rows } = await sql<Selectable<DB[T]>>`
    select * from ${sql.table(table)} where id = ${id} and deleted_at is null for update`.execute(trx);
  return rows[0];
}

/** Marks a record deleted by `userId`: lists, stats and lookups of living rows leave it out from now on. */
export async function softDeleteRow(trx: Kysely<DB>, table: SoftDeleted, id: number, userId: number | null) {
  await trx
    .updateTable(table)
    .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()`, updated_by: userId })
    .where('id', '=', id)
    .execute();
}
