import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ledgerLoanColumns, ledgerLoanColumnsOf } from '../../db/ledger-reads';

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
      'k.dicetak',
      'p.nomor_pinjaman',
      'p.tipe',
      'p.jumlah as pinjaman_jumlah',
      'p.persentase as pinjaman_persentase',
      'p.durasi_angsuran as pinjaman_durasi_angsuran',
      'p.tanggal_pinjam as pinjaman_tanggal_pinjam',
      'p.status as pinjaman_status',
      'p.jadwal_ulang as pinjaman_jadwal_ulang',
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
    .select(['id', 'tanggal', 'jenis', 'jumlah', 'angsuran_ke'])
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
export async function countPrint(trx: Kysely<DB>, pembayaranId: number, at: Date): Promise<number> {
  const row = await trx
    .updateTable('kwitansi_pembayaran')
    .set((eb) => ({ dicetak: eb('dicetak', '+', 1), terakhir_dicetak: at }))
    .where('pembayaran_id', '=', pembayaranId)
    .returning('dicetak')
    .executeTakeFirstOrThrow();
  return row.dicetak;
}

/** A living loan with its customer and who recorded it, as the loan documents print them. */
export function findLoanForDocuments(db: Kysely<DB>, pinjamanId: number) {
  return db
    .selectFrom('pinjaman as p')
    .innerJoin('nasabah as n', 'n.id', 'p.nasabah_id')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .where('p.id', '=', pinjamanId)
    .where('p.deleted_at', 'is', null)
    .select([
      'p.id',
      'p.nomor_pinjaman',
      ...ledgerLoanColumnsOf('p'),
      'p.jaminan',
      'p.sisa_pokok',
      'p.total_pembayaran',
      'p.tazir_jumlah',
      'p.tazir_tenggang_hari',
      'n.nama',
      'n.nik',
      'n.alamat',
      'n.telepon',
      'u.nama_lengkap as petugas',
    ])
    .executeTakeFirst();
}

/** A loan's living payments in the order the ledger reads them. */
export { livingPaymentsOfLoan } from '../../db/ledger-reads';

/** A living customer, for the statement. */
export function findCustomer(db: Kysely<DB>, nasabahId: number) {
  return db
    .selectFrom('nasabah')
    .select(['id', 'nama', 'nik', 'alamat', 'telepon'])
    .where('id', '=', nasabahId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A customer's living loans, oldest first. */
export function loansOfCustomer(db: Kysely<DB>, nasabahId: number) {
  return db
    .selectFrom('pinjaman')
    .select(['id', 'nomor_pinjaman', ...ledgerLoanColumns, 'jaminan', 'sisa_pokok', 'sisa_kewajiban', 'total_pembayaran'])
    .where('nasabah_id', '=', nasabahId)
    .where('deleted_at', 'is', null)
    .orderBy('tanggal_pinjam')
    .orderBy('id')
    .execute();
}

/** The living payments of a customer's living loans with their receipt numbers (and a settlement's khasm), by date. */
export function paymentsOfCustomer(db: Kysely<DB>, nasabahId: number) {
  return db
    .selectFrom('pembayaran as b')
    .innerJoin('pinjaman as p', 'p.id', 'b.pinjaman_id')
    .leftJoin('kwitansi_pembayaran as k', 'k.pembayaran_id', 'b.id')
    .where('p.nasabah_id', '=', nasabahId)
    .where('p.deleted_at', 'is', null)
    .where('b.deleted_at', 'is', null)
    .leftJoin('pelunasan_dipercepat as d', 'd.pembayaran_id', 'b.id')
    .select([
      'b.id',
      'b.pinjaman_id',
      'b.tanggal',
      'b.jenis',
      'b.angsuran_ke',
      'b.jumlah',
      'p.nomor_pinjaman',
      'k.tahun',
      'k.urut',
      'd.khasm',
    ])
    .orderBy('b.tanggal')
    .orderBy('b.id')
    .execute();
}
