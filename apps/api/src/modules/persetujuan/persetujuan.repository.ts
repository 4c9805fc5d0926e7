import { sql, type Kysely } from 'kysely';
import { approverRoles, PERSETUJUAN_PER_PAGE, type JenisPersetujuan, type PersetujuanListQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { loanRefColumnsOf, staffNameById } from '../../db/shared-columns';

/** One request with its loan, customer and the names of the people who proposed and decided. */
function requestRows(db: Kysely<DB>) {
  return db
    .selectFrom('persetujuan as r')
    .innerJoin('pinjaman as p', 'p.id', 'r.pinjaman_id')
    .select([
      'r.id',
      'r.jenis',
      'r.status',
      'r.data',
      'r.diajukan_oleh',
      'r.diajukan_pada',
      'r.diputuskan_oleh',
      'r.diputuskan_pada',
      'r.catatan',
      ...loanRefColumnsOf('p'),
      'p.tipe',
      'p.jumlah',
      'p.persentase',
      'p.durasi_angsuran',
      'p.tanggal_pinjam',
      'p.status as pinjaman_status',
      // A request always has its proposer (a required reference to users).
      (eb) => staffNameById(eb.ref('r.diajukan_oleh')).$castTo<string>().as('diajukan_nama'),
      (eb) => staffNameById(eb.ref('r.diputuskan_oleh')).as('diputuskan_nama'),
    ]);
}
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirstOrThrow']>>;

/** The waiting requests (oldest first: the queue's order) or the decided ones (newest first), of living loans. */
export async function listRequests(db: Kysely<DB>, query: PersetujuanListQuery) {
  const waiting = query.status === 'menunggu';
  const base = db
    .selectFrom('persetujuan as r')
    .innerJoin('pinjaman as p', 'p.id', 'r.pinjaman_id')
    .where('p.deleted_at', 'is', null)
    .where('r.status', waiting ? '=' : '!=', 'menunggu');
  const [rows, total] = await Promise.all([
    requestRows(db)
      .where('p.deleted_at', 'is', null)
      .where('r.status', waiting ? '=' : '!=', 'menunggu')
      .orderBy('r.id', waiting ? 'asc' : 'desc')
      .limit(PERSETUJUAN_PER_PAGE)
      .offset((query.page - 1) * PERSETUJUAN_PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many requests wait (the menu's badge). */
export async function countWaiting(db: Kysely<DB>) {
  const row = await db
    .selectFrom('persetujuan as r')
    .innerJoin('pinjaman as p', 'p.id', 'r.pinjaman_id')
    .where('r.status', '=', 'menunggu')
    .where('p.deleted_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every request of a loan, newest first (its page's history). */
export function requestsOfLoan(db: Kysely<DB>, pinjamanId: number) {
  return requestRows(db).where('r.pinjaman_id', '=', pinjamanId).orderBy('r.id', 'desc').execute();
}

/** The request of a kind waiting on a loan, if any. */
export function waitingRequestOf(db: Kysely<DB>, pinjamanId: number, jenis: JenisPersetujuan) {
  return requestRows(db)
    .where('r.pinjaman_id', '=', pinjamanId)
    .where('r.jenis', '=', jenis)
    .where('r.status', '=', 'menunggu')
    .executeTakeFirst();
}

export function findRequest(db: Kysely<DB>, id: number) {
  return requestRows(db).where('r.id', '=', id).executeTakeFirst();
}

/** Locks a request for its decision. */
export function lockRequest(trx: Kysely<DB>, id: number) {
  return trx.selectFrom('persetujuan').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertRequest(
  trx: Kysely<DB>,
  row: { jenis: JenisPersetujuan; pinjaman_id: number; diajukan_oleh: number; data: unknown },
) {
  const inserted = await trx
    .insertInto('persetujuan')
    .values({ ...row, data: row.data === null ? null : JSON.stringify(row.data) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function closeRequest(
  trx: Kysely<DB>,
  id: number,
  change: { status: 'disetujui' | 'ditolak' | 'ditarik'; diputuskan_oleh: number; catatan: string | null },
) {
  await trx
    .updateTable('persetujuan')
    .set({ ...change, diputuskan_pada: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Cancels every waiting request of a loan (it was deleted). */
export async function cancelRequestsOf(trx: Kysely<DB>, pinjamanId: number, userId: number) {
  await trx
    .updateTable('persetujuan')
    .set({ status: 'dibatalkan', diputuskan_oleh: userId, diputuskan_pada: sql<Date>`now()` })
    .where('pinjaman_id', '=', pinjamanId)
    .where('status', '=', 'menunggu')
    .execute();
}

export async function setLoanStatus(trx: Kysely<DB>, pinjamanId: number, status: 'aktif' | 'ditolak', userId: number) {
  await trx
    .updateTable('pinjaman')
    .set({ status, updated_by: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', pinjamanId)
    .execute();
}

/** The active staff who may decide requests (administrators and managers), by role then name. */
export function activeApprovers(db: Kysely<DB>) {
  return (
    db
      .selectFrom('users as u')
      .where('u.is_active', '=', true)
      .where('u.role', 'in', approverRoles)
      // The name as every list shows it (staffNameById): the full name, else the username.
      .select(['u.id', 'u.role', sql<string>`coalesce(nullif(u.nama_lengkap, ''), u.username)`.as('nama')])
      .orderBy('u.role')
      .orderBy('u.id')
      .execute()
  );
}
