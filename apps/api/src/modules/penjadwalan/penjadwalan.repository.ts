import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, PenjadwalanUlangTable } from '../../db/schema';
import { staffNameById } from '../../db/shared-columns';

export async function setSchedule(trx: Kysely<DB>, pinjamanId: number, jadwalUlang: unknown, userId: number) {
  await trx
    .updateTable('pinjaman')
    .set({ jadwal_ulang: JSON.stringify(jadwalUlang) as never, updated_by: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', pinjamanId)
    .execute();
}

/** A rescheduling's history row: always with the approval it came from and who proposed it. */
export async function insertHistory(
  trx: Kysely<DB>,
  row: Insertable<PenjadwalanUlangTable> & { persetujuan_id: number; diajukan_oleh: number },
) {
  await trx
    .insertInto('penjadwalan_ulang')
    .values({ ...row, jadwal_lama: JSON.stringify(row.jadwal_lama), jadwal_baru: JSON.stringify(row.jadwal_baru) })
    .execute();
}

export function historyOf(db: Kysely<DB>, pinjamanId: number) {
  return db
    .selectFrom('penjadwalan_ulang as j')
    .leftJoin('persetujuan as r', 'r.id', 'j.persetujuan_id')
    .select([
      'j.id',
      'j.tanggal',
      'j.durasi',
      'j.tenggang',
      'j.sisa_kewajiban',
      'j.jadwal_lama',
      'j.jadwal_baru',
      (eb) => staffNameById(eb.ref('r.diputuskan_oleh')).as('disetujui_oleh'),
    ])
    .where('j.pinjaman_id', '=', pinjamanId)
    .orderBy('j.id', 'desc')
    .execute();
}
