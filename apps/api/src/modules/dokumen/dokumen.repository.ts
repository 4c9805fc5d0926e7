import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A payment with what its receipt prints: number, customer, loan, who recorded it, and whether it
 * (or its loan) was deleted. Deleted payments are found too: their receipt prints as BATAL.
 */
export function findKwitansiSource(db: Kysely<DB>, pembayaranId: number) {
  return db
    .selectFrom('pembayaran as b')
    .innerJoin('kwitansi_pembayaran as k', 'k.pembayaran_id', 'b.id')
    .innerJoin('pinjaman as p', 'p.id', 'b.pinjaman_id')
    .innerJoin('nasabah as n', 'n.id', 'p.nasabah_id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .where('b.id', '=', pembayaranId)
    .select([
      'b.id',
      'b.pinjaman_id',
      'b.tanggal',
      'b.jumlah',
      'b.jenis',
      'b.angsuran_ke',
      'b.keterangan',
      'k.tahun',
      'k.urut',
      'p.nomor_pinjaman',
      'p.tipe',
      'p.jumlah as pinjaman_jumlah',
      'n.nama',
      'n.nik',
      'n.alamat',
      'u.nama_lengkap as petugas',
      sql<boolean>`b.deleted_at is not null or p.deleted_at is not null`.as('batal'),
    ])
    .executeTakeFirst();
}

/**
 * The loan's living payments up to this one in the order they count (date, then id), this one
 * included even when it was deleted (its BATAL receipt shows what it would have left).
 */
export function paymentsUpTo(db: Kysely<DB>, payment: { id: number; pinjaman_id: number; tanggal: string }) {
  return db
    .selectFrom('pembayaran')
    .select(['jenis', 'jumlah'])
    .where('pinjaman_id', '=', payment.pinjaman_id)
    .where((eb) =>
      eb.or([
        eb('id', '=', payment.id),
        eb.and([
          eb('deleted_at', 'is', null),
          eb.or([eb('tanggal', '<', payment.tanggal), eb.and([eb('tanggal', '=', payment.tanggal), eb('id', '<', payment.id)])]),
        ]),
      ]),
    )
    .execute();
}

/** Counts one more print of a receipt; returns which print this is (1: the original). */
export async function countPrint(db: Kysely<DB>, pembayaranId: number, at: Date): Promise<number> {
  const row = await db
    .updateTable('kwitansi_pembayaran')
    .set((eb) => ({ dicetak: eb('dicetak', '+', 1), terakhir_dicetak: at }))
    .where('pembayaran_id', '=', pembayaranId)
    .returning('dicetak')
    .executeTakeFirstOrThrow();
  return row.dicetak;
}

/** The receipt number of a payment, for its detail; undefined when it has none. */
export function findNomor(db: Kysely<DB>, pembayaranId: number) {
  return db
    .selectFrom('kwitansi_pembayaran')
    .select(['tahun', 'urut', 'dicetak'])
    .where('pembayaran_id', '=', pembayaranId)
    .executeTakeFirst();
}
