import type { Kysely } from 'kysely';
import { staffNameOf } from '../../db/json-rows';
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
    .leftJoin('users as c', 'c.id', 's.created_by')
    .leftJoin('persetujuan as r', 'r.id', 's.persetujuan_id')
    .leftJoin('users as a', 'a.id', 'r.diputuskan_oleh')
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
      staffNameOf('c').as('dicatat_oleh'),
      staffNameOf('a').as('disetujui_oleh'),
    ])
    .where('s.pinjaman_id', '=', pinjamanId)
    .where('b.deleted_at', 'is', null)
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}
