import type { Kysely } from 'kysely';
import { akadLabels, formatRupiah, type JenisPersetujuan } from '@mizan/core';
import type { DB, PersetujuanTable, PinjamanRow } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { Clock } from '../../lib/clock';
import { todayOf } from '../../lib/clock';
import { notifyPinjamanBaru, type Notifier } from '../notifikasi/notifikasi.service';
import { refreshTotalPinjaman } from '../nasabah/nasabah.service';
import { postLoanEvent } from '../mutasi/mutasi.service';
import * as repo from './persetujuan.repository';

/** What a decision's handler receives: the locked request and loan, and who decides. */
export interface Decision {
  request: Selectable<PersetujuanTable>;
  loan: PinjamanRow;
  userId: number;
}

/**
 * Carries out a decision on one kind of request. `approve` answers the activity log's sentence;
 * `reject` leaves the loan as it was before the request (a rejection and a withdrawal by the
 * proposer do the same) and answers what was asked ("Pengajuan pinjaman … untuk …"), to which the
 * log adds "ditolak" or "ditarik kembali".
 */
export interface DecisionHandler {
  approve(trx: Kysely<DB>, ctx: { clock: Clock; notifier?: Notifier }, decision: Decision): Promise<string>;
  reject(trx: Kysely<DB>, ctx: { clock: Clock; notifier?: Notifier }, decision: Decision): Promise<string>;
}

const loanText = (loan: PinjamanRow) =>
  `pinjaman ${akadLabels[loan.tipe]} ${formatRupiah(loan.jumlah)} untuk ${loan.nasabah_nama}`;

/**
 * A new loan: approved, it becomes `aktif` (its schedule runs from its tanggal_pinjam, its
 * balances and ledger are computed, the "pinjaman baru" notification goes out now); rejected or
 * withdrawn, it becomes `ditolak` (never disbursed, closed), kept with its history and out of the
 * customer's total; its request says which of the two it was.
 */
const pinjamanBaru: DecisionHandler = {
  async approve(trx, ctx, { loan, userId }) {
    await repo.setLoanStatus(trx, loan.id, 'aktif', userId);
    // Approved, the financing is disbursed: its akad is posted now, on its date.
    await postLoanEvent(
      trx,
      loan.id,
      todayOf(ctx.clock),
      { jenis: 'akad', tanggal: loan.tanggal_pinjam, alasan: 'Pengajuan disetujui', userId },
      { keepStatus: true },
    );
    if (ctx.notifier) await notifyPinjamanBaru(trx, loan.id);
    return `Pengajuan ${loanText(loan)} disetujui`;
  },
  async reject(trx, _ctx, { loan, userId }) {
    await repo.setLoanStatus(trx, loan.id, 'ditolak', userId);
    await refreshTotalPinjaman(trx, loan.nasabah_id);
    return `Pengajuan ${loanText(loan)}`;
  },
};

/**
 * The handler of each kind of request. A new loan's is this module's; the workflows whose requests
 * wait here (early settlement, rescheduling) register theirs when their routes are registered, so
 * that this module depends on none of them (issue 47: no cycle between modules).
 */
const decisionHandlers = new Map<JenisPersetujuan, DecisionHandler>([['pinjaman', pinjamanBaru]]);

export function registerDecisionHandler(jenis: Exclude<JenisPersetujuan, 'pinjaman'>, handler: DecisionHandler) {
  decisionHandlers.set(jenis, handler);
}

export function decisionHandlerOf(jenis: JenisPersetujuan): DecisionHandler {
  const handler = decisionHandlers.get(jenis);
  if (!handler) throw new Error(`Tidak ada penangan keputusan untuk pengajuan ${jenis}`);
  return handler;
}
