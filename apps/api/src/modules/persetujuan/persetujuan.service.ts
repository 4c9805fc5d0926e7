import type { Kysely } from 'kysely';
import {
  decisionRefusal,
  persetujuanMessages,
  type Pagination,
  type Persetujuan,
  type PersetujuanListQuery,
  PERSETUJUAN_PER_PAGE,
} from '@mizan/core';
import type { DB, PinjamanRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { todayOf, type Clock } from '../../lib/clock';
import type { Notifier } from '../notifikasi/notifikasi.service';
import { recordActivity } from '../activities/activity.service';
import { lockLoanForMoney } from '../mutasi/mutasi.service';
import * as repo from './persetujuan.repository';
import { pemutusFor, toPersetujuanJson } from './pengajuan.service';
import { decisionHandlerOf } from './persetujuan.handlers';

export { registerDecisionHandler, type DecisionHandler } from './persetujuan.handlers';

export const PERSETUJUAN_NOT_FOUND = 'Pengajuan tidak ditemukan';

/** What a decision needs from the app. */
export interface PersetujuanContext {
  db: Kysely<DB>;
  clock: Clock;
  notifier?: Notifier;
}

export async function listPersetujuan(
  db: Kysely<DB>,
  query: PersetujuanListQuery,
): Promise<{ data: Persetujuan[]; pagination: Pagination }> {
  const { rows, total } = await repo.listRequests(db, query);
  const waiting = query.status === 'menunggu';
  return {
    data: rows.map(toPersetujuanJson),
    pagination: {
      page: query.page,
      limit: PERSETUJUAN_PER_PAGE,
      total,
      totalPages: Math.ceil(total / PERSETUJUAN_PER_PAGE),
      sortBy: 'diajukan_pada',
      sortOrder: waiting ? 'asc' : 'desc',
    },
  };
}

export const countWaiting = repo.countWaiting;

/** `GET /api/persetujuan/pemutus`: who could decide a request of `jenis` sent by `userId`. */
export const pemutus = pemutusFor;

export async function persetujuanOfLoan(db: Kysely<DB>, pinjamanId: number) {
  return (await repo.requestsOfLoan(db, pinjamanId)).map(toPersetujuanJson);
}

/**
 * Decides a waiting request: only an administrator or a manager, never its proposer; the loan is
 * locked, the kind's handler applies the decision (a new loan becomes aktif or ditolak, a
 * settlement or a rescheduling is carried out), and the request and the activity are written in
 * the same transaction.
 */
export async function decide(
  ctx: PersetujuanContext,
  user: { id: number; role: string },
  id: number,
  keputusan: 'disetujui' | 'ditolak',
  catatan: string | null,
): Promise<Persetujuan> {
  await ctx.db.transaction().execute(async (trx) => {
    const request = await repo.lockRequest(trx, id);
    if (!request) throw notFound(PERSETUJUAN_NOT_FOUND);
    const refusal = decisionRefusal(user, request.diajukan_oleh);
    if (refusal) throw forbidden(refusal);
    if (request.status !== 'menunggu') throw conflict(persetujuanMessages.sudahDiputuskan);
    const loan: PinjamanRow | undefined = await lockLoanForMoney(trx, request.pinjaman_id, todayOf(ctx.clock));
    if (!loan) throw notFound(PERSETUJUAN_NOT_FOUND);
    const handler = decisionHandlerOf(request.jenis);
    const description =
      keputusan === 'disetujui'
        ? await handler.approve(trx, ctx, { request, loan, userId: user.id })
        : `${await handler.reject(trx, ctx, { request, loan, userId: user.id })} ditolak`;
    await repo.closeRequest(trx, id, { status: keputusan, diputuskan_oleh: user.id, catatan });
    await recordRequestActivity(trx, request, loan, user.id, {
      action: keputusan === 'disetujui' ? 'setujui' : 'tolak',
      description: `${description}${catatan ? ` (catatan: ${catatan})` : ''}`,
    });
  });
  const row = await repo.findRequest(ctx.db, id);
  return toPersetujuanJson(row!);
}

/** The activity of a request decided or withdrawn: on its loan, by whoever closed it. */
function recordRequestActivity(
  trx: Kysely<DB>,
  request: { jenis: string },
  loan: { id: number; jumlah: number },
  userId: number,
  what: { action: 'setujui' | 'tolak' | 'tarik'; description: string },
) {
  return recordActivity(trx, {
    type: `persetujuan.${request.jenis}.${what.action}`,
    description: what.description,
    category: 'pinjaman',
    amount: loan.jumlah,
    entityType: 'pinjaman',
    entityId: loan.id,
    userId,
  });
}

/**
 * Withdraws a waiting request (issue 51): only its proposer, with a reason. The loan is locked and
 * left as a rejection leaves it (the kind's `reject`: a new loan is closed as `ditolak`, a
 * settlement, rescheduling or write-off changes nothing), the request becomes `ditarik` with who,
 * when and why, and the activity says "ditarik kembali", all in one transaction.
 */
export async function withdraw(ctx: PersetujuanContext, user: { id: number }, id: number, catatan: string): Promise<Persetujuan> {
  await ctx.db.transaction().execute(async (trx) => {
    const request = await repo.lockRequest(trx, id);
    if (!request) throw notFound(PERSETUJUAN_NOT_FOUND);
    if (request.diajukan_oleh !== user.id) throw forbidden(persetujuanMessages.bukanPengaju);
    if (request.status !== 'menunggu') throw conflict(persetujuanMessages.sudahDiputuskan);
    const loan: PinjamanRow | undefined = await lockLoanForMoney(trx, request.pinjaman_id, todayOf(ctx.clock));
    if (!loan) throw notFound(PERSETUJUAN_NOT_FOUND);
    const asked = await decisionHandlerOf(request.jenis).reject(trx, ctx, { request, loan, userId: user.id });
    await repo.closeRequest(trx, id, { status: 'ditarik', diputuskan_oleh: user.id, catatan });
    await recordRequestActivity(trx, request, loan, user.id, {
      action: 'tarik',
      description: `${asked} ditarik kembali oleh pengaju (alasan: ${catatan})`,
    });
  });
  const row = await repo.findRequest(ctx.db, id);
  return toPersetujuanJson(row!);
}
