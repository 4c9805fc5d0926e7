import type { Kysely } from 'kysely';
import {
  divRoundHalfUp,
  formatDateLong,
  formatRupiah,
  jenisPembayaranLabels,
  type Pagination,
  type Pembayaran,
  type PembayaranCreateInput,
  type PembayaranDetail,
  type PembayaranListQuery,
  type PembayaranStats,
  type PembayaranStatsQuery,
  type PembayaranUpdateInput,
  messages,
  nomorKwitansi,
  paymentRefusalOfStatus,
  countedByHapusBuku,
  hapusBukuMessages,
  pemulihanSebelumHapusBuku,
  pembayaranTerhitungHapusBuku,
} from '@mizan/core';
import type { DB, PinjamanRow } from '../../db/schema';
import { conflict, notFound, validationFailed, type AppError } from '../../lib/errors';
import { recordActivity } from '../activities/activity.service';
import { checkAkunKas } from '../akuntansi/akuntansi.service';
import {
  ALOKASI_ULANG,
  cancelPaymentEvent,
  lockLoanForMoney,
  paymentsAndPostedOf,
  postLoanEvent,
  reversePaymentEvent,
  settlementOfPayment,
  type Payments,
} from '../mutasi/mutasi.service';
import { notifyPembayaranBaru, type Notifier } from '../notifikasi/notifikasi.service';
import { syncTazirLater } from '../tazir/tazir-usulan.service';
import { todayOf, type Clock } from '../../lib/clock';

import * as repo from './pembayaran.repository';
import { livingPaymentsOfLoan } from '../../db/ledger-reads';
import { instantText, type JsonRow } from '../../db/json-rows';
import { paginationOf } from '../../lib/envelope';

/** What the payment writes need from the app: the database, and the clock their ledger refresh reads. */
export interface PembayaranContext {
  db: Kysely<DB>;
  clock: Clock;
  /** WhatsApp notifications of the writes (issue 24); none in scripts and some tests. */
  notifier?: Notifier;
}

export const SETTLEMENT_FIXED =
  'Pembayaran pelunasan dipercepat tidak dapat diubah; hapus pembayaran ini lalu catat ulang pelunasannya';

export const PINJAMAN_SETTLED = 'Pinjaman ini sudah dilunasi dengan pembayaran pelunasan; pembayaran baru tidak dapat dicatat';

/** 409 message of an instalment number recorded twice on one loan. */
export const angsuranKeTakenMessage = (angsuranKe: number) => `Angsuran ke-${angsuranKe} untuk pinjaman ini sudah tercatat`;

/** 400 message of a payment dated before its loan. */
export const tanggalBeforeLoanMessage = (tanggalPinjam: string) =>
  `Tanggal pembayaran tidak boleh sebelum tanggal pinjam (${formatDateLong(tanggalPinjam)})`;

function toPembayaranJson(row: repo.PembayaranListRow | JsonRow<repo.PembayaranListRow>): Pembayaran {
  return {
    id: row.id,
    pinjaman_id: row.pinjaman_id,
    pinjaman: {
      id: row.pinjaman_id,
      nomor_pinjaman: row.pinjaman_nomor,
      tipe: row.pinjaman_tipe,
      nasabah: { id: row.nasabah_id, nama: row.nasabah_nama, nik: row.nasabah_nik },
    },
    tanggal: row.tanggal,
    jumlah: row.jumlah,
    jenis: row.jenis,
    keterangan: row.keterangan,
    angsuran_ke: row.angsuran_ke,
    akun_kas_id: row.akun_kas_id,
    created_at: instantText(row.created_at),
    updated_at: instantText(row.updated_at),
  };
}

function toPembayaranDetailJson(row: repo.PembayaranDetailRow): PembayaranDetail {
  return {
    ...toPembayaranJson(row),
    nomor_kwitansi:
      row.kwitansi_tahun !== null && row.kwitansi_urut !== null ? nomorKwitansi(row.kwitansi_tahun, row.kwitansi_urut) : null,
    akun_kas_nama: row.akun_kas_nama,
    pinjaman: {
      id: row.pinjaman_id,
      nomor_pinjaman: row.pinjaman_nomor,
      urutan_pinjaman: row.pinjaman_urutan,
      tipe: row.pinjaman_tipe,
      jumlah: row.pinjaman_jumlah,
      persentase: row.pinjaman_persentase,
      durasi_angsuran: row.pinjaman_durasi,
      status: row.pinjaman_status,
      tanggal_pinjam: row.pinjaman_tanggal_pinjam,
      sisa_pokok: row.pinjaman_sisa_pokok,
      total_pembayaran: row.pinjaman_total_pembayaran,
      nasabah: {
        id: row.nasabah_id,
        nama: row.nasabah_nama,
        nik: row.nasabah_nik,
        telepon: row.nasabah_telepon,
        alamat: row.nasabah_alamat,
      },
    },
  };
}

export async function listPembayaran(
  db: Kysely<DB>,
  query: PembayaranListQuery,
): Promise<{ data: Pembayaran[]; pagination: Pagination }> {
  const { rows, total } = await repo.listPembayaran(db, query);
  return {
    data: rows.map(toPembayaranJson),
    pagination: paginationOf(query, total),
  };
}

/** Count, sum and half-up rounded average of the payments the list shows for the same filters. */
export async function pembayaranStats(db: Kysely<DB>, query: PembayaranStatsQuery): Promise<PembayaranStats> {
  const { count, sum } = await repo.pembayaranTotals(db, query);
  return {
    total_pembayaran: count,
    total_nilai_pembayaran: sum,
    avg_pembayaran: count === 0 ? 0 : Number(divRoundHalfUp(BigInt(sum), BigInt(count))),
  };
}

export async function getPembayaran(db: Kysely<DB>, id: number): Promise<PembayaranDetail> {
  const row = await repo.findPembayaran(db, id);
  if (!row) throw notFound(messages.notFound.pembayaran);
  return toPembayaranDetailJson(row);
}

/** Whether a loan already has a living `pelunasan` payment (it is settled). */
export const hasPelunasan = (db: Kysely<DB>, pinjamanId: number) => repo.hasPelunasan(db, pinjamanId);

/** Writes a payment row inside the caller's transaction (an early settlement's, issue 27 B); the caller keeps the loan's balances. */
export const insertPaymentRow = repo.insertPembayaran;

type LivingPayment = Payments[number];

/** Payments in the order the ledger reads them: by date, then as recorded. */
const inPaymentOrder = (payments: LivingPayment[]) =>
  payments.sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id));

/** Locks the living loans of the given ids in ascending id order (no deadlock between two moves). */
async function lockLoans(trx: Kysely<DB>, ids: readonly number[], today: string) {
  const locked = new Map<number, PinjamanRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const loan = await lockLoanForMoney(trx, id, today);
    if (loan) locked.set(id, loan);
  }
  return locked;
}

/**
 * The rules a payment must meet on its (locked) loan: the loan exists, the date is not before the
 * loan date, the loan is not already settled by another pelunasan, the instalment number is free.
 */
function checkPayment(
  loan: PinjamanRow | undefined,
  payments: readonly LivingPayment[],
  input: PembayaranCreateInput,
  current?: { id: number; pinjaman_id: number },
): asserts loan is PinjamanRow {
  if (!loan) throw validationFailed([{ path: 'pinjaman_id', msg: messages.notFound.pinjaman }], messages.notFound.pinjaman);
  // A loan awaiting approval or rejected was never disbursed: nothing to pay (issue 27 A).
  const notDisbursed = paymentRefusalOfStatus(loan.status);
  if (notDisbursed) throw conflict(notDisbursed, [{ path: 'pinjaman_id', msg: notDisbursed }]);
  if (input.tanggal < loan.tanggal_pinjam) {
    const msg = tanggalBeforeLoanMessage(loan.tanggal_pinjam);
    throw validationFailed([{ path: 'tanggal', msg }], msg);
  }
  // A loan written off takes recoveries, never a settlement that would waive the rest (that is
  // hapus tagih, another act), and dated from the write-off on (issue 47).
  if (loan.hapus_buku_tanggal !== null && input.jenis === 'pelunasan')
    throw conflict(hapusBukuMessages.pelunasan, [{ path: 'jenis', msg: hapusBukuMessages.pelunasan }]);
  if (loan.hapus_buku_tanggal !== null && input.tanggal < loan.hapus_buku_tanggal) {
    const msg = pemulihanSebelumHapusBuku(formatDateLong(loan.hapus_buku_tanggal));
    throw validationFailed([{ path: 'tanggal', msg }], msg);
  }
  // A loan settled by a pelunasan takes no new payment (and no second pelunasan); corrections of
  // a payment that was already on it stay possible.
  const staysOnLoan = current?.pinjaman_id === loan.id;
  const others = payments.filter((p) => p.id !== current?.id);
  if ((!staysOnLoan || input.jenis === 'pelunasan') && others.some((p) => p.jenis === 'pelunasan')) {
    throw conflict(PINJAMAN_SETTLED, [{ path: 'pinjaman_id', msg: PINJAMAN_SETTLED }]);
  }
  if (
    input.jenis === 'angsuran' &&
    input.angsuran_ke !== null &&
    others.some((p) => p.jenis === 'angsuran' && p.angsuran_ke === input.angsuran_ke)
  ) {
    const msg = angsuranKeTakenMessage(input.angsuran_ke);
    throw conflict(msg, [{ path: 'angsuran_ke', msg }]);
  }
}

/**
 * A payment the write-off of its loan counted stays as it was (the books took the loan off as it
 * stood then); the recoveries after it can be corrected or cancelled.
 */
function refuseCountedByHapusBuku(loan: PinjamanRow, paymentId: number) {
  if (loan.hapus_buku_tanggal !== null && countedByHapusBuku(loan, paymentId))
    throw conflict(pembayaranTerhitungHapusBuku(formatDateLong(loan.hapus_buku_tanggal)));
}

/**
 * The partial unique index pembayaran_angsuran_ke_key refused the write (a duplicate that slipped
 * past the check): the same 409 as the check, or null for any other error.
 */
export function angsuranKeConflict(error: unknown, angsuranKe: number | null): AppError | null {
  const pgError = error as { code?: string; constraint?: string; message?: string } | null;
  const isAngsuranKeKey =
    pgError?.code === '23505' &&
    (pgError.constraint === 'pembayaran_angsuran_ke_key' || String(pgError.message).includes('pembayaran_angsuran_ke_key'));
  if (!isAngsuranKeKey || angsuranKe === null) return null;
  const msg = angsuranKeTakenMessage(angsuranKe);
  return conflict(msg, [{ path: 'angsuran_ke', msg }]);
}

/** 'Angsuran ke-3', 'Bagi Hasil': a payment's kind as the activity log and receipts say it. */
export function paymentLabel(input: { jenis: PembayaranCreateInput['jenis']; angsuran_ke: number | null }) {
  const label = jenisPembayaranLabels[input.jenis];
  return input.jenis === 'angsuran' && input.angsuran_ke !== null ? `${label} ke-${input.angsuran_ke}` : label;
}

/** Why the loan a payment moved away from is adjusted. */
const PINDAH_PINJAMAN = 'Pembayaran dipindahkan ke pinjaman lain';

/** The money event of a payment recorded (or recorded again after a correction). */
const paymentEvent = (input: PembayaranCreateInput, paymentId: number, userId: number) => ({
  jenis: input.jenis === 'pelunasan' ? ('pelunasan' as const) : ('pembayaran' as const),
  tanggal: input.tanggal,
  pembayaran_id: paymentId,
  akun_kas_id: input.akun_kas_id,
  userId,
});

/** The columns of a payment the form (or an import) sets. */
export function paymentColumns(input: PembayaranCreateInput) {
  return {
    pinjaman_id: input.pinjaman_id,
    tanggal: input.tanggal,
    jumlah: input.jumlah,
    jenis: input.jenis,
    keterangan: input.keterangan,
    angsuran_ke: input.angsuran_ke,
    akun_kas_id: input.akun_kas_id,
  };
}

/** What the activity log says was done to a payment. */
const ACTIVITY_VERBS = { create: 'dicatat', update: 'diperbarui', delete: 'dihapus' } as const;

/** The activity of a payment recorded, corrected or deleted: its kind, amount and the customer of its loan. */
async function recordPaymentActivity(
  trx: Kysely<DB>,
  action: keyof typeof ACTIVITY_VERBS,
  payment: { jenis: PembayaranCreateInput['jenis']; angsuran_ke: number | null; jumlah: number },
  ids: { paymentId: number; loan: { nasabah_nama: string }; userId: number },
) {
  await recordActivity(trx, {
    type: `pembayaran.${action}`,
    description: `Pembayaran ${paymentLabel(payment)} ${formatRupiah(payment.jumlah)} dari ${ids.loan.nasabah_nama} ${ACTIVITY_VERBS[action]}`,
    category: 'pembayaran',
    amount: payment.jumlah,
    entityType: 'pembayaran',
    entityId: ids.paymentId,
    userId: ids.userId,
  });
}

/**
 * Records a payment. In one transaction: the loan row is locked (concurrent payments on one loan
 * queue up), the rules are checked, the payment is written, the loan's balance and automatic
 * status are recomputed and the activity is recorded.
 */
export async function createPembayaran(
  { db, clock, notifier }: PembayaranContext,
  userId: number,
  input: PembayaranCreateInput,
): Promise<PembayaranDetail> {
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const today = todayOf(clock);
      const loan = await lockLoanForMoney(trx, input.pinjaman_id, today);
      const { payments, posted } = loan ? await paymentsAndPostedOf(trx, loan.id) : { payments: [], posted: undefined };
      checkPayment(loan, payments, input);
      await checkAkunKas(trx, input.akun_kas_id, messages.pembayaran.akunKasInvalid);
      const columns = paymentColumns(input);
      const paymentId = await repo.insertPembayaran(trx, { ...columns, created_by: userId, updated_by: userId });
      // The loan as locked and its payments as checked, with the one just written: nothing read twice.
      const written = {
        id: paymentId,
        tanggal: columns.tanggal,
        jenis: columns.jenis,
        jumlah: columns.jumlah,
        angsuran_ke: columns.angsuran_ke ?? null,
      };
      const after = await postLoanEvent(trx, loan.id, today, paymentEvent(input, paymentId, userId), {
        notifier,
        known: { loan, payments: inPaymentOrder([...payments, written]), ...(posted ? { posted } : {}) },
      });
      await syncTazirLater(trx, loan);
      if (notifier)
        await notifyPembayaranBaru(trx, {
          pembayaran_id: paymentId,
          jenis: input.jenis,
          angsuran_ke: input.angsuran_ke ?? null,
          jumlah: input.jumlah,
          tanggal: input.tanggal,
          sisa_pokok: after.sisa_pokok,
        });
      await recordPaymentActivity(trx, 'create', input, { paymentId, loan, userId });
      return paymentId;
    });
  } catch (error) {
    throw angsuranKeConflict(error, input.angsuran_ke) ?? error;
  }
  return getPembayaran(db, id);
}

/**
 * Edits a payment (every field; it may move to another loan). The payment row is locked first, then
 * both loans in id order; both balances are recomputed in the same transaction.
 */
export async function updatePembayaran(
  { db, clock, notifier }: PembayaranContext,
  userId: number,
  id: number,
  input: PembayaranUpdateInput,
): Promise<PembayaranDetail> {
  try {
    await db.transaction().execute(async (trx) => {
      const today = todayOf(clock);
      const existing = await repo.lockPembayaran(trx, id);
      if (!existing) throw notFound(messages.notFound.pembayaran);
      // An early settlement's payment follows from its quote and khasm (issue 27 B): redone, not edited.
      if (await settlementOfPayment(trx, id)) throw conflict(SETTLEMENT_FIXED);
      const loans = await lockLoans(trx, [existing.pinjaman_id, input.pinjaman_id], today);
      // A payment whose loan was deleted left every list with it: it no longer exists for staff.
      if (!loans.has(existing.pinjaman_id)) throw notFound(messages.notFound.pembayaran);
      refuseCountedByHapusBuku(loans.get(existing.pinjaman_id)!, id);
      const target = loans.get(input.pinjaman_id);
      checkPayment(target, target ? await livingPaymentsOfLoan(trx, target.id) : [], input, existing);
      await checkAkunKas(trx, input.akun_kas_id, messages.pembayaran.akunKasInvalid);
      await repo.updatePembayaran(trx, id, { ...paymentColumns(input), updated_by: userId });
      // A correction is the opposite of the payment's event and a new one: nothing is rewritten.
      await reversePaymentEvent(trx, existing.pinjaman_id, id, today, { alasan: 'Pembayaran dikoreksi', userId });
      await postLoanEvent(trx, input.pinjaman_id, today, paymentEvent(input, id, userId), { notifier });
      if (existing.pinjaman_id !== input.pinjaman_id)
        await postLoanEvent(
          trx,
          existing.pinjaman_id,
          today,
          { jenis: 'penyesuaian', alasan: PINDAH_PINJAMAN, userId },
          { notifier },
        );
      await syncTazirLater(trx, target);
      if (existing.pinjaman_id !== input.pinjaman_id) await syncTazirLater(trx, loans.get(existing.pinjaman_id)!);
      await recordPaymentActivity(trx, 'update', input, { paymentId: id, loan: target, userId });
    });
  } catch (error) {
    throw angsuranKeConflict(error, input.angsuran_ke) ?? error;
  }
  return getPembayaran(db, id);
}

/** Soft-deletes a payment; the loan's balance and status follow in the same transaction. */
export async function deletePembayaran({ db, clock, notifier }: PembayaranContext, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const today = todayOf(clock);
    const existing = await repo.lockPembayaran(trx, id);
    if (!existing) throw notFound(messages.notFound.pembayaran);
    const loan = await lockLoanForMoney(trx, existing.pinjaman_id, today);
    if (!loan) throw notFound(messages.notFound.pembayaran);
    refuseCountedByHapusBuku(loan, id);
    await repo.softDeletePembayaran(trx, id, userId);
    await cancelPaymentEvent(trx, existing.pinjaman_id, id, today, { alasan: 'Pembayaran dihapus', userId });
    await postLoanEvent(trx, existing.pinjaman_id, today, { jenis: 'penyesuaian', alasan: ALOKASI_ULANG, userId }, { notifier });
    await syncTazirLater(trx, loan);
    await recordPaymentActivity(trx, 'delete', existing, { paymentId: id, loan, userId });
  });
}
