import type { Kysely } from 'kysely';
import {
  canApprove,
  formatRupiah,
  hapusBukuMessages as m,
  hapusBukuRefusal,
  loanPosition,
  messages,
  type HapusBukuCreateInput,
  type HapusBukuInfo,
} from '@mizan/core';
import type { DB, PinjamanRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { todayOf, type Clock } from '../../lib/clock';
import { getPendapatanSetting } from '../settings/settings.service';
import { findLivingLoan, hapusBukuRecordOf, livingPaymentsOf, lockLoanForMoney, postHapusBuku } from '../mutasi/mutasi.service';
import { proposeToLoan, waitingRequestOf } from '../persetujuan/pengajuan.service';
import type { DecisionHandler } from '../persetujuan/persetujuan.service';
import { jsonValue } from '../../db/json-rows';

// Write-off (hapus buku, issue 47; docs/decisions/hapus-buku.md): a financing of kolektibilitas 5
// taken off the books, whole, after an administrator's or manager's approval (never the proposer's).
// The customer still owes it; a payment afterwards is a recovery. The money module posts it.

/** What a write-off would take off the books today (what the customer still owes), or why it cannot. */
async function planOf(db: Kysely<DB>, loan: PinjamanRow, today: string) {
  const metode = (await getPendapatanSetting(db)).metode_pengakuan_margin;
  const position = loanPosition(loan, await livingPaymentsOf(db, loan.id), today, metode);
  const rencana = {
    pokok: position.sisa_pokok,
    margin: position.sisa_margin,
    bagi_hasil_tertunggak: position.bagi_hasil_tertunggak,
    sisa_kewajiban: position.sisa_kewajiban,
  };
  return { rencana, alasan: hapusBukuRefusal(loan, position.sisa_kewajiban) };
}

/** `GET /api/pinjaman/{id}/hapus-buku`: what a write-off would take off the books, why not, the waiting request, the write-off done. */
export async function hapusBukuInfo(db: Kysely<DB>, clock: Clock, id: number): Promise<HapusBukuInfo> {
  const loan = await findLivingLoan(db, id);
  if (!loan) throw notFound(messages.notFound.pinjaman);
  const [menunggu, done, plan] = await Promise.all([
    waitingRequestOf(db, id, 'hapus_buku'),
    hapusBukuRecordOf(db, id),
    planOf(db, loan, todayOf(clock)),
  ]);
  if (done) return { rencana: null, alasan: m.sudah, menunggu: null, hapus_buku: done };
  return { rencana: plan.alasan ? null : plan.rencana, alasan: plan.alasan, menunggu, hapus_buku: null };
}

/** What a write-off request keeps: why, and the obligation it was asked on. */
interface Proposal {
  alasan: string;
  pokok: number;
  margin: number;
  sisa_kewajiban: number;
}

/** Proposes a write-off: always for another person's approval; nothing changes on the loan until then. */
export async function proposeHapusBuku(
  db: Kysely<DB>,
  clock: Clock,
  user: { id: number; role: string },
  id: number,
  input: HapusBukuCreateInput,
) {
  // A write-off is the management's decision (the institution's written policy): only those who may
  // approve may ask for it, and another of them decides.
  if (!canApprove(user.role)) throw forbidden(m.bukanPengusul);
  const userId = user.id;
  return db.transaction().execute(async (trx) => {
    const today = todayOf(clock);
    const loan = await lockLoanForMoney(trx, id, today);
    if (!loan) throw notFound(messages.notFound.pinjaman);
    const plan = await planOf(trx, loan, today);
    if (plan.alasan) throw conflict(plan.alasan);
    if (await waitingRequestOf(trx, id, 'hapus_buku')) throw conflict(m.sudahDiajukan);
    const { pokok, margin, sisa_kewajiban } = plan.rencana;
    const proposal: Proposal = { alasan: input.alasan, pokok, margin, sisa_kewajiban };
    return proposeToLoan(
      trx,
      { jenis: 'hapus_buku', pinjamanId: id, userId, data: proposal },
      {
        description: `Hapus buku pinjaman ${loan.nasabah_nama} diajukan: pokok ${formatRupiah(plan.rencana.pokok)}, margin ${formatRupiah(plan.rencana.margin)} (${input.alasan})`,
        amount: plan.rencana.pokok + plan.rencana.margin,
      },
    );
  });
}

/**
 * The approval of a write-off: the loan must still be of class 5 and owe what it owed when asked (a
 * payment meanwhile: ask again); then the money module writes it off on the day of approval.
 */
async function approveHapusBuku(trx: Kysely<DB>, clock: Clock, loan: PinjamanRow, data: unknown, userId: number) {
  const proposal = jsonValue<Proposal>(data);
  const today = todayOf(clock);
  const plan = await planOf(trx, loan, today);
  if (plan.alasan) throw conflict(plan.alasan);
  if (plan.rencana.sisa_kewajiban !== proposal.sisa_kewajiban) throw conflict(m.berubah);
  await postHapusBuku(trx, loan.id, today, { alasan: proposal.alasan, userId });
  return `Hapus buku pinjaman ${loan.nasabah_nama} disetujui: pokok ${formatRupiah(plan.rencana.pokok)} dan margin ${formatRupiah(plan.rencana.margin)} dikeluarkan dari pembukuan; nasabah tetap wajib membayar ${formatRupiah(plan.rencana.sisa_kewajiban)}`;
}

/** A write-off: always approved by another person (registered with persetujuan). */
export const hapusBukuDecision: DecisionHandler = {
  approve: (trx, ctx, { request, loan, userId }) => approveHapusBuku(trx, ctx.clock, loan, request.data, userId),
  reject: async (_trx, _ctx, { loan }) => `Hapus buku pinjaman ${loan.nasabah_nama}`,
};
