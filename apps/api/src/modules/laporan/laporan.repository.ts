import { statusBelumCair, statusBerjalan } from '@mizan/core';
import { sql, type Kysely } from 'kysely';
import type { JenisPembayaran } from '@mizan/core';
import type { DB } from '../../db/schema';
import { ledgerLoanColumnsOf } from '../../db/ledger-reads';
import { loanRefColumnsOf } from '../../db/shared-columns';

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
      ...loanRefColumnsOf('p'),
      'p.tipe',
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
    .where('p.status', 'not in', statusBelumCair)
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
    .where('status', 'not in', statusBelumCair)
    .$if(tipe !== undefined, (qb) => qb.where('tipe', '=', tipe!))
    .groupBy([sql`to_char(tanggal_pinjam, 'YYYY-MM')`, 'tipe'])
    .execute();
  return rows.map((row) => ({ bulan: row.bulan, tipe: row.tipe, jumlah: Number(row.jumlah), total: Number(row.total) }));
}

interface CollectionFilters {
  dari: string;
  sampai: string;
  tipe?: 'pokok' | 'non-pokok';
  kota?: string;
  kecamatan?: string;
}

/** Living loans granted by `sampai` with the list's filters, with their customer's place and contact. */
function collectionLoans(db: Kysely<DB>, filters: CollectionFilters) {
  return db
    .selectFrom('pinjaman as p')
    .innerJoin('nasabah as n', 'n.id', 'p.nasabah_id')
    .select([
      'p.id',
      'p.nomor_pinjaman',
      ...ledgerLoanColumnsOf('p'),
      'p.kolektibilitas',
      'n.id as nasabah_id',
      'n.nama as nasabah_nama',
      'n.telepon',
      'n.kota',
      'n.kecamatan',
    ])
    .where('p.deleted_at', 'is', null)
    .where('p.tanggal_pinjam', '<=', filters.sampai)
    .$if(filters.tipe !== undefined, (qb) => qb.where('p.tipe', '=', filters.tipe!))
    .$if(filters.kota !== undefined, (qb) => qb.where(sql`lower(n.kota)`, '=', filters.kota!.toLowerCase()))
    .$if(filters.kecamatan !== undefined, (qb) => qb.where(sql`lower(n.kecamatan)`, '=', filters.kecamatan!.toLowerCase()));
}

/** The next running loans (aktif, macet) after `afterId`, in id order. `kota`/`kecamatan` match whole, any case. */
export function runningLoansForCollections(db: Kysely<DB>, filters: CollectionFilters, afterId: number, limit: number) {
  return collectionLoans(db, filters)
    .where('p.status', 'in', statusBerjalan)
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/**
 * The loans settled (or otherwise no longer running, not pending) that have a living payment
 * dated `tanggal`: they ran in its month. Found from that day's payments (the date index), not by
 * probing every closed loan; a day at a time, so that each statement stays short.
 */
export function settledLoansForCollections(db: Kysely<DB>, filters: CollectionFilters, tanggal: string) {
  return collectionLoans(db, filters)
    .where('p.status', 'not in', [...statusBerjalan, ...statusBelumCair])
    .where(
      'p.id',
      'in',
      db.selectFrom('pembayaran as b').select('b.pinjaman_id').where('b.deleted_at', 'is', null).where('b.tanggal', '=', tanggal),
    )
    .orderBy('p.id')
    .execute();
}

/**
 * The next loans after `afterId` (id order) that can have income or deferred margin from `dari` to
 * `sampai`: living, not pending, granted by `sampai`, and running (aktif, macet) or with a living
 * payment dated `dari` or later.
 */
export function incomeLoans(db: Kysely<DB>, dari: string, sampai: string, afterId: number, limit: number) {
  return db
    .selectFrom('pinjaman as p')
    .select(['p.id', ...ledgerLoanColumnsOf('p'), 'p.hapus_buku_tanggal', 'p.hapus_buku_pembayaran_id'])
    .where('p.deleted_at', 'is', null)
    .where('p.status', 'not in', statusBelumCair)
    .where('p.tanggal_pinjam', '<=', sampai)
    .where('p.id', '>', afterId)
    .where((eb) =>
      eb.or([
        // Running, or written off (its deferred margin until the write-off), or paid in the period.
        eb('p.status', 'in', [...statusBerjalan, 'hapus_buku']),
        eb.exists(
          eb
            .selectFrom('pembayaran as b')
            .select(sql`1`.as('one'))
            .whereRef('b.pinjaman_id', '=', 'p.id')
            .where('b.deleted_at', 'is', null)
            .where('b.tanggal', '>=', dari),
        ),
      ]),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/**
 * The living payments of the given loans (up to `sampai` when given), for their ledgers, read as
 * one JSON text of compact arrays: PGlite decodes every field of a result in JavaScript, and a
 * year's report reads a million and more payments (Pendapatan at 100 000 customers: 12–31 s as
 * rows, 6–7 s as one text; db/json-rows.ts has the same choice for the lists).
 */
export async function paymentsOfLoans(db: Kysely<DB>, loanIds: readonly number[], sampai?: string) {
  if (loanIds.length === 0) return [];
  const { json } = await db
    .selectFrom('pembayaran')
    .select(
      sql<string>`coalesce(json_agg(json_build_array(id, pinjaman_id, tanggal, jumlah, jenis, angsuran_ke)), '[]')::text`.as(
        'json',
      ),
    )
    .where('pinjaman_id', 'in', loanIds)
    .where('deleted_at', 'is', null)
    .$if(sampai !== undefined, (qb) => qb.where('tanggal', '<=', sampai!))
    .executeTakeFirstOrThrow();
  return (JSON.parse(json) as [number, number, string, number, JenisPembayaran, number | null][]).map(
    ([id, pinjaman_id, tanggal, jumlah, jenis, angsuran_ke]) => ({ id, pinjaman_id, tanggal, jumlah, jenis, angsuran_ke }),
  );
}
