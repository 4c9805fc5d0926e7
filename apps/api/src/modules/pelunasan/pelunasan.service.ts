import type { Kysely } from 'kysely';
import {
  hapusBukuMessages,
  alasanKhasmLabels,
  formatPercent,
  formatRupiah,
  khasmAmount,
  khasmPercent,
  khasmProblem,
  pelunasanMessages as m,
  paymentRefusalOfStatus,
  settlementQuote,
  type MetodePengakuanMargin,
  type PelunasanCreateInput,
  type PelunasanInfo,
  type SettlementQuote,
  messages,
} from '@mizan/core';
import type { DB, PinjamanRow } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { todayOf, type Clock } from '../../lib/clock';
import { recordActivity } from '../activities/activity.service';
import { notifyPembayaranBaru, type Notifier } from '../notifikasi/notifikasi.service';
import { getPendapatanSetting, getPersetujuanSetting } from '../settings/settings.service';
import { findLivingLoan, livingPaymentsOf, lockLoanForMoney, postLoanEvent } from '../mutasi/mutasi.service';
import { hasPelunasan, insertPaymentRow } from '../pembayaran/pembayaran.service';
import { checkAkunKas } from '../akuntansi/akuntansi.service';
import { proposeToLoan, waitingRequestOf } from '../persetujuan/pengajuan.service';
import type { DecisionHandler } from '../persetujuan/persetujuan.service';
import { syncTazirLater } from '../tazir/tazir-usulan.service';
import { jsonValue } from '../../db/json-rows';
import * as repo from './pelunasan.repository';

export interface PelunasanContext {
  db: Kysely<DB>;
  clock: Clock;
  notifier?: Notifier;
}

/** What a settlement proposal keeps in its approval request: the input and the quote it was made on. */
export interface PelunasanProposal {
  input: PelunasanCreateInput;
  khasm: number;
  quote: SettlementQuote;
  metode: MetodePengakuanMargin;
}

/** Why this loan cannot be settled early now (any state but the day's), or null. */
async function refusalOf(db: Kysely<DB>, loan: PinjamanRow): Promise<string | null> {
  const notDisbursed = paymentRefusalOfStatus(loan.status);
  if (notDisbursed) return notDisbursed;
  if (loan.tipe !== 'pokok' || loan.durasi_angsuran === null) return m.bukanMurabahah;
  if (loan.status === 'lunas' || (await hasPelunasan(db, loan.id))) return m.sudahLunas;
  if (loan.status === 'hapus_buku') return hapusBukuMessages.pelunasan;
  if (loan.status !== 'aktif' && loan.status !== 'macet') return m.tidakBerjalan;
  return null;
}

async function quoteOf(db: Kysely<DB>, loan: PinjamanRow, tanggal: string, metode: MetodePengakuanMargin) {
  return settlementQuote(loan, await livingPaymentsOf(db, loan.id), tanggal, metode);
}

/** `GET /api/pinjaman/{id}/pelunasan?tanggal=`: the quote on the day (today by default) and what surrounds it. */
export async function pelunasanInfo(ctx: PelunasanContext, id: number, tanggal: string | null): Promise<PelunasanInfo> {
  const loan = await findLivingLoan(ctx.db, id);
  if (!loan) throw notFound(messages.notFound.pinjaman);
  const day = tanggal ?? todayOf(ctx.clock);
  const [{ metode_pengakuan_margin: metode }, { batas_diskon_persen }, menunggu, tercatat] = await Promise.all([
    getPendapatanSetting(ctx.db),
    getPersetujuanSetting(ctx.db),
    waitingRequestOf(ctx.db, id, 'pelunasan'),
    repo.settlementOfLoan(ctx.db, id),
  ]);
  let alasan = await refusalOf(ctx.db, loan);
  if (!alasan && day < loan.tanggal_pinjam) alasan = 'Tanggal pelunasan tidak boleh sebelum tanggal pinjam';
  if (!alasan && day > todayOf(ctx.clock)) alasan = m.tanggalMasaDepan;
  const quote = alasan ? null : await quoteOf(ctx.db, loan, day, metode);
  return {
    quote,
    alasan: alasan ?? (quote && quote.total_pelunasan === 0 ? m.tidakAdaSisa : null),
    metode,
    batas_diskon_persen,
    menunggu,
    tercatat: tercatat ?? null,
  };
}

/**
 * Settles a Murabahah early (fatwa 153/2022; khasm by fatwa 46/2005), in one transaction: the loan
 * is locked, the quote computed on the day from its payments, the khasm checked against the
 * margin still owed. Up to the institution's limit it is settled at once (a `pelunasan` payment
 * of what is paid, the record of what was not collected, the loan lunas); above it, an approval
 * request waits and nothing else changes.
 */
export async function createPelunasan(ctx: PelunasanContext, userId: number, id: number, input: PelunasanCreateInput) {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const today = todayOf(ctx.clock);
    const loan = await lockLoanForMoney(trx, id, today);
    if (!loan) throw notFound(messages.notFound.pinjaman);
    const refusal = await refusalOf(trx, loan);
    if (refusal) throw conflict(refusal);
    if (await waitingRequestOf(trx, id, 'pelunasan')) throw conflict(m.sudahDiajukan);
    if (input.tanggal > today) throw validationFailed([{ path: 'tanggal', msg: m.tanggalMasaDepan }], m.tanggalMasaDepan);
    if (input.tanggal < loan.tanggal_pinjam) {
      const msg = 'Tanggal pelunasan tidak boleh sebelum tanggal pinjam';
      throw validationFailed([{ path: 'tanggal', msg }], msg);
    }
    await checkAkunKas(trx, input.akun_kas_id, messages.pembayaran.akunKasInvalid);
    const { metode_pengakuan_margin: metode } = await getPendapatanSetting(trx);
    const quote = (await quoteOf(trx, loan, input.tanggal, metode))!;
    if (quote.total_pelunasan === 0) throw conflict(m.tidakAdaSisa);
    const khasm = khasmAmount(quote, input.khasm);
    const problem = khasmProblem(quote, khasm, input.khasm);
    if (problem) throw validationFailed([{ path: 'khasm.nilai', msg: problem }], problem);
    if (khasm >= quote.total_pelunasan) {
      const msg = 'Jumlah yang dibayar nasabah harus lebih dari nol';
      throw validationFailed([{ path: 'khasm.nilai', msg }], msg);
    }
    const { batas_diskon_persen: batas } = await getPersetujuanSetting(trx);
    const proposal: PelunasanProposal = { input, khasm, quote, metode };
    if (khasmPercent(khasm, quote.margin_sisa) > batas) {
      const requestId = await proposeToLoan(
        trx,
        { jenis: 'pelunasan', pinjamanId: id, userId, data: proposal },
        {
          description: `Pelunasan dipercepat ${loan.nasabah_nama} diajukan dengan potongan ${formatRupiah(khasm)} (${formatPercent(khasmPercent(khasm, quote.margin_sisa))} dari sisa margin, di atas batas ${formatPercent(batas)}): menunggu persetujuan`,
          amount: quote.total_pelunasan - khasm,
        },
      );
      return { status: 'menunggu' as const, pembayaran_id: null, requestId };
    }
    const pembayaranId = await settle(trx, ctx, loan, proposal, userId, null);
    return { status: 'lunas' as const, pembayaran_id: pembayaranId, requestId: null };
  });
  return result;
}

/**
 * Carries out a settlement (directly, or when its request is approved): the `pelunasan` payment of
 * what the customer pays, the record of the margin not collected and the khasm beside it, the loan
 * lunas, the activity. Inside the caller's transaction, the loan locked.
 */
async function settle(
  trx: Kysely<DB>,
  ctx: { clock: Clock; notifier?: Notifier },
  loan: PinjamanRow,
  { input, khasm, quote, metode }: PelunasanProposal,
  userId: number,
  persetujuanId: number | null,
) {
  const dibayar = quote.total_pelunasan - khasm;
  const pembayaranId = await insertPaymentRow(trx, {
    pinjaman_id: loan.id,
    tanggal: input.tanggal,
    jumlah: dibayar,
    jenis: 'pelunasan',
    keterangan: input.keterangan ?? 'Pelunasan dipercepat',
    angsuran_ke: null,
    // A request decided later carries the body it was proposed with (before issue 48: no account, cash).
    akun_kas_id: input.akun_kas_id ?? null,
    created_by: userId,
    updated_by: userId,
  });
  await repo.insertSettlement(trx, {
    pinjaman_id: loan.id,
    pembayaran_id: pembayaranId,
    tanggal: input.tanggal,
    metode,
    bulan_berjalan: quote.bulan_berjalan,
    pokok_sisa: quote.pokok_sisa,
    margin_berjalan: quote.margin_berjalan,
    margin_sisa: quote.margin_sisa,
    margin_tidak_ditagih: quote.margin_tidak_ditagih,
    khasm,
    alasan_khasm: khasm > 0 ? input.alasan_khasm : null,
    persetujuan_id: persetujuanId,
    created_by: userId,
  });
  const after = await postLoanEvent(
    trx,
    loan.id,
    todayOf(ctx.clock),
    {
      jenis: 'pelunasan',
      tanggal: input.tanggal,
      pembayaran_id: pembayaranId,
      akun_kas_id: input.akun_kas_id ?? null,
      alasan: khasm > 0 ? `Pelunasan dipercepat, potongan ${formatRupiah(khasm)}` : 'Pelunasan dipercepat',
      userId,
    },
    { notifier: ctx.notifier },
  );
  await syncTazirLater(trx, loan);
  if (ctx.notifier)
    await notifyPembayaranBaru(trx, {
      pembayaran_id: pembayaranId,
      jenis: 'pelunasan',
      angsuran_ke: null,
      jumlah: dibayar,
      tanggal: input.tanggal,
      sisa_pokok: after.sisa_pokok,
    });
  await recordActivity(trx, {
    type: 'pelunasan.create',
    description:
      `Pelunasan dipercepat ${loan.nasabah_nama} ${formatRupiah(dibayar)} dicatat; margin ${formatRupiah(quote.margin_tidak_ditagih)} untuk waktu yang belum dilalui tidak ditagih` +
      (khasm > 0 ? `; potongan ${formatRupiah(khasm)} (${alasanKhasmLabels[input.alasan_khasm!].toLowerCase()})` : ''),
    category: 'pembayaran',
    amount: dibayar,
    entityType: 'pembayaran',
    entityId: pembayaranId,
    userId,
  });
  return pembayaranId;
}

/** The approval of a settlement above the khasm limit: the quote again on its day; if the loan's payments changed meanwhile, refused. */
async function approveSettlement(
  trx: Kysely<DB>,
  ctx: { clock: Clock; notifier?: Notifier },
  loan: PinjamanRow,
  requestId: number,
  data: unknown,
  proposedBy: number,
) {
  const proposal = jsonValue<PelunasanProposal>(data);
  const refusal = await refusalOf(trx, loan);
  if (refusal) throw conflict(refusal);
  const now = await quoteOf(trx, loan, proposal.input.tanggal, proposal.metode);
  // The stored quote came back from jsonb (its keys reordered): compared figure by figure.
  const same = now !== null && (Object.keys(now) as (keyof SettlementQuote)[]).every((key) => now[key] === proposal.quote[key]);
  if (!same) throw conflict(m.berubah);
  await settle(trx, ctx, loan, proposal, proposedBy, requestId);
  return `Pelunasan dipercepat ${loan.nasabah_nama} dengan potongan ${formatRupiah(proposal.khasm)} disetujui`;
}

/** The rejection (or withdrawal) of a settlement above the limit: nothing changes on the loan (it may still be settled without that khasm). */
function rejectSettlement(loan: PinjamanRow, data: unknown) {
  const proposal = jsonValue<PelunasanProposal>(data);
  return `Pelunasan dipercepat ${loan.nasabah_nama} dengan potongan ${formatRupiah(proposal.khasm)}`;
}

/** The approval of a settlement whose khasm is above the institution's limit (registered with persetujuan). */
export const pelunasanDecision: DecisionHandler = {
  approve: (trx, ctx, { request, loan }) => approveSettlement(trx, ctx, loan, request.id, request.data, request.diajukan_oleh),
  reject: async (_trx, _ctx, { request, loan }) => rejectSettlement(loan, request.data),
};
