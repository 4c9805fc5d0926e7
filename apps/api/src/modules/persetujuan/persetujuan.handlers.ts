import type { Kysely } from 'kysely';
import { akadLabels, formatRupiah, type JenisPersetujuan } from '@mizan/core';
import type { DB, PersetujuanTable, PinjamanRow } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { Clock } from '../../lib/clock';
import { todayOf } from '../../lib/clock';
import { notifyPinjamanBaru, type Notifier } from '../notifikasi/notifikasi.service';
import { refreshTotalPinjaman } from '../nasabah/nasabah.service';
import { postLoanEvent } from '../mutasi/mutasi.service';
import { approveSettlement, rejectSettlement } from '../pelunasan/pelunasan.service';
import { approvePenjadwalan, rejectPenjadwalan } from '../penjadwalan/penjadwalan.service';
import * as repo from './persetujuan.repository';

/** What a decision's handler receives: the locked request and loan, and who decides. */
export interface Decision {
  request: Selectable<PersetujuanTable>;
  loan: PinjamanRow;
  userId: number;
}

/** Carries out an approval or a rejection of one kind of request; answers the activity log's sentence. */
export interface DecisionHandler {
  approve(trx: Kysely<DB>, ctx: { clock: Clock; notifier?: Notifier }, decision: Decision): Promise<string>;
  reject(trx: Kysely<DB>, ctx: { clock: Clock; notifier?: Notifier }, decision: Decision): Promise<string>;
}

const loanText = (loan: PinjamanRow) =>
  `pinjaman ${akadLabels[loan.tipe]} ${formatRupiah(loan.jumlah)} untuk ${loan.nasabah_nama}`;

/**
 * A new loan: approved, it becomes `aktif` (its schedule runs from its tanggal_pinjam, its
 * balances and ledger are computed, the "pinjaman baru" notification goes out now); rejected, it
 * becomes `ditolak`, kept with its history and out of the customer's total.
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
    return `Pengajuan ${loanText(loan)} ditolak`;
  },
};

/** An early settlement whose khasm is above the institution's limit (issue 27 B). */
const pelunasan: DecisionHandler = {
  approve: (trx, ctx, { request, loan }) => approveSettlement(trx, ctx, loan, request.id, request.data, request.diajukan_oleh),
  reject: async (_trx, _ctx, { request, loan }) => rejectSettlement(loan, request.data),
};

/** A rescheduling (issue 27 D): always approved by another person. */
const penjadwalan: DecisionHandler = {
  approve: (trx, ctx, { request, loan, userId }) =>
    approvePenjadwalan(trx, ctx.clock, loan, request.id, request.data, request.diajukan_oleh, userId),
  reject: async (_trx, _ctx, { loan }) => rejectPenjadwalan(loan),
};

/** The handler of each kind of request. */
export const decisionHandlers: Record<JenisPersetujuan, DecisionHandler> = {
  pinjaman: pinjamanBaru,
  pelunasan,
  penjadwalan,
};
