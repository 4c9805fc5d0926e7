import { sql, type Kysely, type Insertable, type Updateable } from 'kysely';
import type { DanaKebajikanTable, DB, TazirTable } from '../../db/schema';
import { loanRefColumnsOf, staffNameById } from '../../db/shared-columns';
import { TAZIR_PER_PAGE, type BarisJurnal, type TazirCandidate, type TazirListQuery } from '@mizan/core';
import { insertJournals } from '../../db/journal-writes';

function tazirRows(db: Kysely<DB>) {
  return db
    .selectFrom('tazir as z')
    .innerJoin('pinjaman as p', 'p.id', 'z.pinjaman_id')
    .select([
      'z.id',
      ...loanRefColumnsOf('p'),
      'z.angsuran_ke',
      'z.jatuh_tempo',
      'z.tanggal_lunas',
      'z.hari_terlambat',
      'z.jumlah',
      'z.status',
      'z.catatan',
      'z.diputuskan_pada',
      'z.tanggal_terima',
      (eb) => staffNameById(eb.ref('z.diputuskan_oleh')).as('diputuskan_oleh'),
    ])
    .where('p.deleted_at', 'is', null);
}
export type TazirRow = Awaited<ReturnType<ReturnType<typeof tazirRows>['executeTakeFirstOrThrow']>>;

export async function listTazir(db: Kysely<DB>, query: TazirListQuery) {
  let rows = tazirRows(db);
  let count = db
    .selectFrom('tazir as z')
    .innerJoin('pinjaman as p', 'p.id', 'z.pinjaman_id')
    .where('p.deleted_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (query.status) {
    rows = rows.where('z.status', '=', query.status);
    count = count.where('z.status', '=', query.status);
  }
  if (query.pinjaman_id) {
    rows = rows.where('z.pinjaman_id', '=', query.pinjaman_id);
    count = count.where('z.pinjaman_id', '=', query.pinjaman_id);
  }
  const [data, total] = await Promise.all([
    rows
      .orderBy('z.id', 'desc')
      .limit(TAZIR_PER_PAGE)
      .offset((query.page - 1) * TAZIR_PER_PAGE)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: data, total: Number(total.n) };
}

export const findTazir = (db: Kysely<DB>, id: number) => tazirRows(db).where('z.id', '=', id).executeTakeFirst();

export const lockTazir = (trx: Kysely<DB>, id: number) =>
  trx.selectFrom('tazir').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function updateTazir(trx: Kysely<DB>, id: number, values: Updateable<TazirTable>) {
  await trx.updateTable('tazir').set(values).where('id', '=', id).execute();
}

/** The ta'zir rows of a loan, to match against its candidates. */
export const tazirOfLoan = (trx: Kysely<DB>, pinjamanId: number) =>
  trx.selectFrom('tazir').select(['id', 'angsuran_ke', 'status']).where('pinjaman_id', '=', pinjamanId).execute();

export async function insertProposals(
  trx: Kysely<DB>,
  pinjamanId: number,
  jumlah: number,
  candidates: readonly TazirCandidate[],
) {
  if (candidates.length === 0) return;
  await trx
    .insertInto('tazir')
    .values(candidates.map((c) => ({ pinjaman_id: pinjamanId, jumlah, ...c })))
    .onConflict((oc) => oc.columns(['pinjaman_id', 'angsuran_ke']).doNothing())
    .execute();
}

export async function deleteProposals(trx: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return;
  await trx.deleteFrom('tazir').where('id', 'in', ids).where('status', '=', 'diusulkan').execute();
}

/** Serialises every write of the fund (its balance is checked before a disbursement). */
export async function lockFund(trx: Kysely<DB>) {
  await sql`lock table dana_kebajikan in share row exclusive mode`.execute(trx);
}

export async function insertFundEntry(trx: Kysely<DB>, row: Insertable<DanaKebajikanTable>) {
  const { id } = await trx.insertInto('dana_kebajikan').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function fundTotals(db: Kysely<DB>) {
  const row = await db
    .selectFrom('dana_kebajikan')
    .select([
      sql<string>`coalesce(sum(jumlah) filter (where arah = 'masuk'), 0)`.as('masuk'),
      sql<string>`coalesce(sum(jumlah) filter (where arah = 'keluar'), 0)`.as('keluar'),
    ])
    .executeTakeFirstOrThrow();
  return { masuk: Number(row.masuk), keluar: Number(row.keluar) };
}

/** The fund's newest entries, with the ta'zir's loan and customer for what came in. */
export function fundEntries(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('dana_kebajikan as d')
    .leftJoin('tazir as z', 'z.id', 'd.tazir_id')
    .leftJoin('pinjaman as p', 'p.id', 'z.pinjaman_id')
    .select([
      'd.id',
      'd.tanggal',
      'd.arah',
      'd.jumlah',
      'd.tujuan',
      'd.penerima',
      'd.keterangan',
      'z.angsuran_ke',
      'p.nomor_pinjaman',
      'p.nasabah_nama',
      (eb) => staffNameById(eb.ref('d.created_by')).as('dicatat_oleh'),
    ])
    .orderBy('d.tanggal', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export function tawidhOfLoan(db: Kysely<DB>, pinjamanId: number) {
  return db
    .selectFrom('tawidh as t')
    .select([
      't.id',
      't.tanggal',
      't.jumlah',
      't.uraian',
      't.bukti',
      (eb) => staffNameById(eb.ref('t.created_by')).as('dicatat_oleh'),
    ])
    .where('t.pinjaman_id', '=', pinjamanId)
    .where('t.deleted_at', 'is', null)
    .orderBy('t.tanggal', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

export async function insertTawidh(
  trx: Kysely<DB>,
  row: { pinjaman_id: number; tanggal: string; jumlah: number; uraian: string; bukti: string; created_by: number },
) {
  const inserted = await trx.insertInto('tawidh').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The journal of a disbursement of the fund (issue 48), in its transaction. */
export async function journalDisbursement(
  trx: Kysely<DB>,
  entry: { id: number; tanggal: string; tujuan: string; dicatat_oleh: number },
  lines: readonly BarisJurnal[],
) {
  await insertJournals(trx, [
    {
      tanggal: entry.tanggal,
      sumber: 'dana_kebajikan',
      dana_kebajikan_id: entry.id,
      keterangan: `Penyaluran dana kebajikan: ${entry.tujuan}`.slice(0, 300),
      dicatat_oleh: entry.dicatat_oleh,
      lines,
    },
  ]);
}
