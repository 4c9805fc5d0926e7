import { sql, type Kysely } from 'kysely';
import { angsuranPerBulan, resolveLoanStatus, sisaPokok, totalPembayaran } from '@mizan/core';
import type { DB } from '../../db/schema';

/**
 * Locks a living loan's row for the rest of the transaction (PostgreSQL), so that concurrent
 * payments on one loan are applied one after another. Under PGlite every transaction already
 * runs alone on its single connection. Returns the loan, or undefined when it does not exist.
 */
export async function lockLoan(trx: Kysely<DB>, pinjamanId: number) {
  return trx
    .selectFrom('pinjaman')
    .selectAll()
    .where('id', '=', pinjamanId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Recomputes a loan's maintained fields from its living payments with the @mizan/core formulas:
 * `sisa_pokok`, `total_pembayaran`, `angsuran_per_bulan` and the automatic lunas/aktif status
 * (decisions §3). Call it inside the transaction of every payment write and loan edit, after
 * `lockLoan`. A loan edit passes `keepStatus`: the status staff chose by hand stands.
 */
export async function refreshLoanBalance(trx: Kysely<DB>, pinjamanId: number, options: { keepStatus?: boolean } = {}) {
  const loan = await trx.selectFrom('pinjaman').selectAll().where('id', '=', pinjamanId).executeTakeFirstOrThrow();
  const payments = await trx
    .selectFrom('pembayaran')
    .select(['jumlah', 'jenis'])
    .where('pinjaman_id', '=', pinjamanId)
    .where('deleted_at', 'is', null)
    .execute();
  const next = {
    sisa_pokok: sisaPokok(loan.jumlah, payments),
    total_pembayaran: totalPembayaran(payments),
    angsuran_per_bulan: angsuranPerBulan(loan),
    status: options.keepStatus ? loan.status : resolveLoanStatus(loan, payments),
  };
  await trx
    .updateTable('pinjaman')
    .set({ ...next, updated_at: sql<Date>`now()` })
    .where('id', '=', pinjamanId)
    .execute();
  return { ...loan, ...next };
}
