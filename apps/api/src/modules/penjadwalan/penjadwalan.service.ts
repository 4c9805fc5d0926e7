import type { Kysely } from 'kysely';
import {
  formatRupiah,
  paymentRefusalOfStatus,
  penjadwalan,
  penjadwalanMessages as m,
  type PenjadwalanCreateInput,
  type PenjadwalanInfo,
  messages,
} from '@mizan/core';
import type { DB, PinjamanRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { todayOf, type Clock } from '../../lib/clock';
import { findLivingLoan, livingPaymentsOf, lockLoanForMoney, postLoanEvent } from '../mutasi/mutasi.service';
import { hasPelunasan } from '../pembayaran/pembayaran.service';
import { proposeToLoan, waitingRequestOf } from '../persetujuan/pengajuan.service';
import type { DecisionHandler } from '../persetujuan/persetujuan.service';
import { jsonValue } from '../../db/json-rows';
import * as repo from './penjadwalan.repository';

/** Why this loan cannot be rescheduled, or null. */
async function refusalOf(db: Kysely<DB>, loan: PinjamanRow): Promise<string | null> {
  const notDisbursed = paymentRefusalOfStatus(loan.status);
  if (notDisbursed) return notDisbursed;
  if (loan.tipe !== 'pokok' || loan.durasi_angsuran === null) return m.bukanMurabahah;
  if (loan.status !== 'aktif' && loan.status !== 'macet') return m.tidakBerjalan;
  if (await hasPelunasan(db, loan.id)) return m.tidakBerjalan;
  return null;
}

async function planOf(db: Kysely<DB>, loan: PinjamanRow, today: string, rencana: { durasi: number; tenggang: number }) {
  return penjadwalan(loan, await livingPaymentsOf(db, loan.id), today, rencana);
}

/** `GET /api/pinjaman/{id}/penjadwalan`: the plan on today's date, why not, the waiting request, the history. */
export async function penjadwalanInfo(
  db: Kysely<DB>,
  clock: Clock,
  id: number,
  rencana: { durasi: number; tenggang: number },
): Promise<PenjadwalanInfo> {
  const loan = await findLivingLoan(db, id);
  if (!loan) throw notFound(messages.notFound.pinjaman);
  const [menunggu, history] = await Promise.all([waitingRequestOf(db, id, 'penjadwalan'), repo.historyOf(db, id)]);
  let alasan = await refusalOf(db, loan);
  const rencanaBaru = alasan ? null : await planOf(db, loan, todayOf(clock), rencana);
  if (!alasan && !rencanaBaru) alasan = m.tidakAdaSisa;
  return {
    rencana: rencanaBaru,
    alasan,
    menunggu,
    riwayat: history.map((h) => ({
      id: h.id,
      tanggal: h.tanggal,
      durasi: h.durasi,
      tenggang: h.tenggang,
      sisa_kewajiban: h.sisa_kewajiban,
      jadwal_lama: jsonValue(h.jadwal_lama),
      jadwal_baru: jsonValue(h.jadwal_baru),
      disetujui_oleh: h.disetujui_oleh,
    })),
  };
}

/** What a rescheduling request keeps: the plan asked for and the obligation it was made on. */
interface Proposal {
  input: PenjadwalanCreateInput;
  sisa_kewajiban: number;
  riwayat: number;
}

/**
 * Proposes a rescheduling (fatwa 48/2005): always for an administrator's or manager's approval
 * (issue 27 D), nothing changes on the loan until then.
 */
export async function proposePenjadwalan(
  db: Kysely<DB>,
  clock: Clock,
  userId: number,
  id: number,
  input: PenjadwalanCreateInput,
) {
  return db.transaction().execute(async (trx) => {
    const loan = await lockLoanForMoney(trx, id, todayOf(clock));
    if (!loan) throw notFound(messages.notFound.pinjaman);
    const refusal = await refusalOf(trx, loan);
    if (refusal) throw conflict(refusal);
    if (await waitingRequestOf(trx, id, 'penjadwalan')) throw conflict(m.sudahDiajukan);
    const plan = await planOf(trx, loan, todayOf(clock), input);
    if (!plan) throw conflict(m.tidakAdaSisa);
    const proposal: Proposal = { input, sisa_kewajiban: plan.sisa_kewajiban, riwayat: plan.riwayat };
    return proposeToLoan(
      trx,
      { jenis: 'penjadwalan', pinjamanId: id, userId, data: proposal },
      {
        description: `Penjadwalan kembali ${loan.nasabah_nama} diajukan: sisa kewajiban ${formatRupiah(plan.sisa_kewajiban)} dalam ${input.durasi} bulan${input.tenggang ? ` setelah tenggang ${input.tenggang} bulan` : ''}${input.alasan ? ` (${input.alasan})` : ''}`,
        amount: plan.sisa_kewajiban,
      },
    );
  });
}

/**
 * The approval of a rescheduling: the plan is computed again on the day of approval (the new
 * schedule starts from the next monthly date after it); if the obligation changed since the request
 * (a payment meanwhile), it is refused. The new schedule replaces the old, which stays as history.
 */
async function approvePenjadwalan(
  trx: Kysely<DB>,
  clock: Clock,
  loan: PinjamanRow,
  requestId: number,
  data: unknown,
  proposedBy: number,
  userId: number,
) {
  const proposal = jsonValue<Proposal>(data);
  const refusal = await refusalOf(trx, loan);
  if (refusal) throw conflict(refusal);
  const today = todayOf(clock);
  const plan = await planOf(trx, loan, today, proposal.input);
  if (!plan || plan.sisa_kewajiban !== proposal.sisa_kewajiban || plan.riwayat !== proposal.riwayat) throw conflict(m.berubah);
  await repo.setSchedule(trx, loan.id, { jadwal: plan.jadwal, angsuran: plan.angsuran_baru }, userId);
  await repo.insertHistory(trx, {
    pinjaman_id: loan.id,
    tanggal: today,
    durasi: plan.durasi,
    tenggang: plan.tenggang,
    sisa_kewajiban: plan.sisa_kewajiban,
    jadwal_lama: plan.jadwal_lama,
    jadwal_baru: plan.jadwal,
    persetujuan_id: requestId,
    diajukan_oleh: proposedBy,
  });
  await postLoanEvent(
    trx,
    loan.id,
    today,
    { jenis: 'penjadwalan', alasan: `Penjadwalan kembali ${plan.durasi} bulan`, userId },
    { keepStatus: true },
  );
  return `Penjadwalan kembali ${loan.nasabah_nama} disetujui: ${formatRupiah(plan.sisa_kewajiban)} dalam ${plan.durasi} bulan, angsuran ${formatRupiah(plan.angsuran_baru)} mulai ${plan.jatuh_tempo_pertama}`;
}

function rejectPenjadwalan(loan: PinjamanRow) {
  return `Penjadwalan kembali ${loan.nasabah_nama}`;
}

/** A rescheduling: always approved by another person (registered with persetujuan). */
export const penjadwalanDecision: DecisionHandler = {
  approve: (trx, ctx, { request, loan, userId }) =>
    approvePenjadwalan(trx, ctx.clock, loan, request.id, request.data, request.diajukan_oleh, userId),
  reject: async (_trx, _ctx, { loan }) => rejectPenjadwalan(loan),
};
