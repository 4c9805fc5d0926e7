import type { Kysely } from 'kysely';
import { totalPinjamanNasabah } from '@mizan/core';
import type { DB } from '../../db/schema';

/**
 * Recomputes the maintained `nasabah.total_pinjaman` (Σ jumlah of the customer's living loans)
 * from scratch, so it can never drift. Call it inside the transaction of every loan write.
 */
export async function refreshTotalPinjaman(trx: Kysely<DB>, nasabahId: number): Promise<number> {
  const loans = await trx
    .selectFrom('pinjaman')
    .select('jumlah')
    .where('nasabah_id', '=', nasabahId)
    .where('deleted_at', 'is', null)
    .execute();
  const total = totalPinjamanNasabah(loans);
  await trx.updateTable('nasabah').set({ total_pinjaman: total }).where('id', '=', nasabahId).execute();
  return total;
}
