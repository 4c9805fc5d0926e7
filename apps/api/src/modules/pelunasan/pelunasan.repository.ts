import type { Kysely } from 'kysely';
import { staffNameById } from '../../db/shared-columns';
import type { DB, PelunasanDipercepatTable } from '../../db/schema';
import type { Insertable } from 'kysely';

export async function insertSettlement(trx: Kysely<DB>, row: Insertable<PelunasanDipercepatTable>) {
  await trx.insertInto('pelunasan_dipercepat').values(row).execute();
}

/** The early settlement of a loan whose payment still lives, with the names of who recorded and approved it. */
export function settlementOfLoan(db: Kysely<DB>, pinjamanId: number) {
  return db
    .selectFrom('pelunasan_dipercepat as s')
    .innerJoin('pembayaran as b', 'b.id', 's.pembayaran_id')
    .leftJoin('persetujuan as r', 'r.id', 's.persetujuan_id')
    .select([
      's.pembayaran_id',
      's.tanggal',
      'b.jumlah as dibayar',
      's.metode',
      's.bulan_berjalan',
      's.pokok_sisa',
      's.margin_berjalan',
      's.margin_sisa',
      's.margin_tidak_ditagih',
      's.khasm',
      's.alasan_khasm',
      (eb) => staffNameById(eb.ref('s.created_by')).as('dicatat_oleh'),
      (eb) => staffNameById(eb.ref('r.diputuskan_oleh')).as('disetujui_oleh'),
    ])
    .where('s.pinjaman_id', '=', pinjamanId)
    .where('b.deleted_at', 'is', null)
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}
