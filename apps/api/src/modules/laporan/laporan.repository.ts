import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The living payments dated `tanggal`, with their loan, customer, receipt number and recorder, in the order recorded. */
export function paymentsOfDay(db: Kysely<DB>, tanggal: string) {
  return db
    .selectFrom('pembayaran as b')
    .innerJoin('pinjaman as p', 'p.id', 'b.pinjaman_id')
    .leftJoin('kwitansi_pembayaran as k', 'k.pembayaran_id', 'b.id')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      'b.created_at',
      'b.jenis',
      'b.angsuran_ke',
      'b.jumlah',
      'b.created_by',
      'k.tahun as kwitansi_tahun',
      'k.urut as kwitansi_urut',
      'p.id as pinjaman_id',
      'p.nomor_pinjaman',
      'p.tipe',
      'p.nasabah_id',
      'p.nasabah_nama',
      'u.nama_lengkap as petugas',
    ])
    .where('b.tanggal', '=', tanggal)
    .where('b.deleted_at', 'is', null)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
}

/** The living loans granted on `tanggal` (pending ones have not been disbursed), in the order recorded. */
export function loansOfDay(db: Kysely<DB>, tanggal: string) {
  return db
    .selectFrom('pinjaman as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.id',
      'p.nomor_pinjaman',
      'p.nasabah_id',
      'p.nasabah_nama',
      'p.tipe',
      'p.jumlah',
      'p.persentase',
      'p.durasi_angsuran',
      'u.nama_lengkap as petugas',
    ])
    .where('p.tanggal_pinjam', '=', tanggal)
    .where('p.deleted_at', 'is', null)
    .where('p.status', '<>', 'pending')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

/** Count and sum of the living, not pending loans granted per month and type from `dari` to `sampai` (days, inclusive). */
export async function disbursementsByMonth(
  db: Kysely<DB>,
  dari: string,
  sampai: string,
  tipe: 'pokok' | 'non-pokok' | undefined,
) {
  const rows = await db
    .selectFrom('pinjaman')
    .select([
      sql<string>`to_char(tanggal_pinjam, 'YYYY-MM')`.as('bulan'),
      'tipe',
      (eb) => eb.fn.countAll<string>().as('jumlah'),
      (eb) => eb.fn.sum<string>('jumlah').as('total'),
    ])
    .where('tanggal_pinjam', '>=', dari)
    .where('tanggal_pinjam', '<=', sampai)
    .where('deleted_at', 'is', null)
    .where('status', '<>', 'pending')
    .$if(tipe !== undefined, (qb) => qb.where('tipe', '=', tipe!))
    .groupBy([sql`to_char(tanggal_pinjam, 'YYYY-MM')`, 'tipe'])
    .execute();
  return rows.map((row) => ({ bulan: row.bulan, tipe: row.tipe, jumlah: Number(row.jumlah), total: Number(row.total) }));
}
