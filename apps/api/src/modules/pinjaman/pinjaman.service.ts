import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  hapusBukuMessages,
  isBerjalan,
  akadLabels,
  angsuranPerBulan,
  classOfLoan,
  customerGrades,
  formatRupiah,
  isDisbursed,
  loanLedger,
  loanPosition,
  pinjamanDataCompleteness,
  type Jadwal,
  type Pagination,
  type Pinjaman,
  type PinjamanCreateInput,
  type PinjamanInfo,
  type PinjamanListQuery,
  type PinjamanStats,
  type PinjamanUpdateInput,
  type TipePinjaman,
  messages,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { batchesByKey } from '../../lib/batches';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import type { FileStorage, StagedFile } from '../../lib/file-storage';
import type { UrlSigner } from '../../lib/signed-url';
import { recordActivity } from '../activities/activity.service';
import { checkAkunKas } from '../akuntansi/akuntansi.service';
import { refreshTotalPinjaman } from '../nasabah/nasabah.service';
import {
  getKolektibilitasSetting,
  getPendapatanSetting,
  getPersetujuanSetting,
  getTazirSetting,
} from '../settings/settings.service';
import { assertDecidable, cancelRequestsOf, insertRequest } from '../persetujuan/pengajuan.service';
import { notifyPinjamanBaru, type Notifier } from '../notifikasi/notifikasi.service';
import { todayOf, type Clock } from '../../lib/clock';
import { livingPaymentsOf, lockLoan, lockLoanForMoney, postLoanEvent, runningLoansOfCustomers } from '../mutasi/mutasi.service';
import * as repo from './pinjaman.repository';
import { instantText, type JsonRow } from '../../db/json-rows';
import { paginationOf } from '../../lib/envelope';

export const NASABAH_NOT_ACTIVE = 'Nasabah tidak aktif, pinjaman baru tidak dapat dibuat';
export const NO_KWITANSI = 'Pinjaman ini tidak memiliki foto kwitansi';
export const TERMS_FIXED_RESCHEDULED =
  'Pinjaman ini sudah dijadwalkan ulang: jumlah, margin, durasi, tipe dan tanggal pinjamnya tidak dapat diubah';

/** What the loan service needs from the app. */
export interface PinjamanContext {
  db: Kysely<DB>;
  /** WhatsApp notifications of the writes (issue 24); none in scripts and some tests. */
  notifier?: Notifier;
  storage: FileStorage;
  signer: UrlSigner;
  clock: Clock;
  log?: FastifyBaseLogger;
}

export const kwitansiPath = (fileName: string) => `/uploads/kwitansi/${fileName}`;

/** The loan as the API sends it (spec §3), with a signed receipt link. */
export function toPinjamanJson(row: repo.LoanRow | JsonRow<repo.LoanRow>, signer: UrlSigner): Pinjaman {
  return {
    id: row.id,
    nasabah_id: row.nasabah_id,
    nasabah: { id: row.nasabah_id, nama: row.nasabah_nama, nik: row.nasabah_nik },
    nomor_pinjaman: row.nomor_pinjaman,
    urutan_pinjaman: row.urutan_pinjaman,
    tanggal_pinjam: row.tanggal_pinjam,
    jumlah: row.jumlah,
    persentase: row.persentase,
    tipe: row.tipe,
    jaminan: row.jaminan,
    keterangan: row.keterangan,
    akun_kas_id: row.akun_kas_id,
    durasi_angsuran: row.durasi_angsuran,
    status: row.status,
    sisa_pokok: row.sisa_pokok,
    sisa_margin: row.sisa_margin,
    sisa_kewajiban: row.sisa_kewajiban,
    total_pembayaran: row.total_pembayaran,
    angsuran_per_bulan: row.angsuran_per_bulan,
    kwitansi: row.kwitansi,
    kwitansi_url: row.kwitansi ? signer.sign(kwitansiPath(row.kwitansi)) : null,
    diimpor: row.diimpor,
    tazir: row.tazir_jumlah === null ? null : { jumlah: row.tazir_jumlah, tenggang_hari: row.tazir_tenggang_hari ?? 0 },
    dijadwalkan_ulang: row.jadwal_ulang !== null,
    hapus_buku_tanggal: row.hapus_buku_tanggal,
    data_completeness: pinjamanDataCompleteness(row, row.urutan_pinjaman_generated ? ['urutan_pinjaman'] : []),
    // Never computed (a loan older than the ledger, before the first daily run): unknown, not
    // "Lancar". A lunas loan has no arrears on any day: its stored zeros are its summary.
    ...(row.ledger_tanggal === null && row.status !== 'lunas'
      ? { kolektibilitas: null, hari_tunggakan: null, tunggakan_total: null, ledger_tanggal: null }
      : {
          kolektibilitas: row.kolektibilitas,
          hari_tunggakan: row.hari_tunggakan,
          tunggakan_total: row.tunggakan_total,
          ledger_tanggal: row.ledger_tanggal,
        }),
    created_at: instantText(row.created_at),
    updated_at: instantText(row.updated_at),
  };
}

export async function listPinjaman(
  ctx: PinjamanContext,
  query: PinjamanListQuery,
): Promise<{ data: Pinjaman[]; pagination: Pagination }> {
  const { rows, total } = await repo.listPinjaman(ctx.db, query);
  return {
    data: rows.map((row) => toPinjamanJson(row, ctx.signer)),
    pagination: paginationOf(query, total),
  };
}

/** The loans of an export (issue 26 B) in batches of `limit`, in the list's order, read by key. */
export function pinjamanBatches(ctx: PinjamanContext, query: Omit<PinjamanListQuery, 'page' | 'limit'>, limit = 1000) {
  return batchesByKey(
    (position) => repo.pinjamanBatch(ctx.db, query, limit, position.after),
    limit,
    (row) => toPinjamanJson(row, ctx.signer),
  );
}

export async function getPinjaman(ctx: PinjamanContext, id: number): Promise<Pinjaman> {
  const row = await repo.findPinjaman(ctx.db, id);
  if (!row) throw notFound(messages.notFound.pinjaman);
  return toPinjamanJson(row, ctx.signer);
}

/**
 * The ledger of one living loan on today's Jakarta date: every instalment with what the payments
 * covered, and the arrears (core loanLedger), computed from the payments at the time of asking.
 */
export async function getJadwal(ctx: PinjamanContext, id: number): Promise<Jadwal> {
  const row = await repo.findPinjaman(ctx.db, id);
  if (!row) throw notFound(messages.notFound.pinjaman);
  const payments = await livingPaymentsOf(ctx.db, id);
  const today = todayOf(ctx.clock);
  const { metode_pengakuan_margin: metode } = await getPendapatanSetting(ctx.db);
  const { instalments, summary } = loanLedger(row, payments, today, metode);
  const setting = await getKolektibilitasSetting(ctx.db);
  let kolektibilitas = classOfLoan(summary.hari_tunggakan, row.status, setting.bands);
  if (setting.satu_nasabah_satu_kualitas && isBerjalan(row.status)) {
    // One customer, one grade: this loan's days of today with the customer's other running loans.
    const loans = (await runningLoansOfCustomers(ctx.db, [row.nasabah_id])).map((l) =>
      l.id === id ? { ...l, hari_tunggakan: summary.hari_tunggakan } : l,
    );
    kolektibilitas = customerGrades(loans, setting.bands).get(id) ?? kolektibilitas;
  }
  const posisi = loanPosition(row, payments, today, metode);
  return { tanggal: today, kolektibilitas, angsuran: instalments, ringkasan: summary, posisi };
}

/** The running loans (aktif and macet) with Σ their jumlah, as on the dashboard; then the counts per status. */
export async function pinjamanStats(db: Kysely<DB>): Promise<PinjamanStats> {
  const s = await repo.loanStats(db);
  return {
    pinjaman_aktif: s.berjalan,
    total_nilai_pinjaman: s.nilaiBerjalan,
    total: s.total,
    aktif: s.aktif,
    lunas: s.lunas,
    macet: s.macet,
    pending: s.pending,
  };
}

/**
 * Loan info for a chosen customer (decisions §3): with earlier loans, the nomor_pinjaman of the
 * latest and the next urutan; for a new customer '' and 1.
 */
export async function pinjamanInfo(db: Kysely<DB>, nasabahId: number): Promise<PinjamanInfo> {
  const nasabah = await repo.findNasabah(db, nasabahId);
  if (!nasabah || nasabah.deleted_at) throw notFound(messages.notFound.nasabah);
  const latest = await repo.latestLoanOf(db, nasabahId);
  if (!latest) return { nomor_pinjaman: '', urutan_pinjaman: 1, is_new_nasabah: true };
  return { nomor_pinjaman: latest.nomor_pinjaman, urutan_pinjaman: latest.urutan_pinjaman + 1, is_new_nasabah: false };
}

/** The customer a loan is written for: living, and aktif when it is newly chosen. */
async function requireNasabah(trx: Kysely<DB>, nasabahId: number, newlyChosen: boolean) {
  const nasabah = await repo.lockNasabahOfLoan(trx, nasabahId);
  if (!nasabah || nasabah.deleted_at)
    throw validationFailed([{ path: 'nasabah_id', msg: messages.notFound.nasabah }], messages.notFound.nasabah);
  if (newlyChosen && nasabah.status !== 'aktif') {
    throw validationFailed([{ path: 'nasabah_id', msg: NASABAH_NOT_ACTIVE }], NASABAH_NOT_ACTIVE);
  }
  return nasabah;
}

/** Renames the new receipt into place after the commit, or removes it when the write failed. */
async function withStagedFile<T>(ctx: PinjamanContext, staged: StagedFile | null, write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await staged?.discard().catch((e) => ctx.log?.error({ err: e }, 'temporary receipt file could not be removed'));
    throw error;
  }
  if (staged) {
    try {
      await staged.commit();
    } catch (error) {
      ctx.log?.error({ err: error, file: staged.name }, 'receipt file could not be moved into place after commit');
    }
  }
  return result;
}

async function removeFileAfterCommit(ctx: PinjamanContext, name: string | null) {
  if (!name) return;
  await ctx.storage
    .remove(name)
    .catch((error) => ctx.log?.error({ err: error, file: name }, 'old receipt file could not be removed'));
}

function loanColumns(input: PinjamanCreateInput | PinjamanUpdateInput) {
  return {
    nasabah_id: input.nasabah_id,
    nomor_pinjaman: input.nomor_pinjaman,
    tanggal_pinjam: input.tanggal_pinjam,
    jumlah: input.jumlah,
    persentase: input.persentase,
    tipe: input.tipe,
    jaminan: input.jaminan,
    keterangan: input.keterangan,
    durasi_angsuran: input.durasi_angsuran,
    akun_kas_id: input.akun_kas_id,
  };
}

/**
 * The row of a new loan, from the form or an import (issue 26 C): `aktif` (or `pending` when new
 * loans wait for approval, issue 27 A), its principal all
 * outstanding, its instalment from the core formula; the balances follow (`postLoanEvent`).
 */
export function newLoanRow(
  input: PinjamanCreateInput,
  urutan: { urutan: number; generated: boolean },
  kwitansi: string | null,
  userId: number,
  diimpor = false,
  status: 'aktif' | 'pending' = 'aktif',
) {
  return {
    ...loanColumns(input),
    urutan_pinjaman: urutan.urutan,
    urutan_pinjaman_generated: urutan.generated,
    status,
    sisa_pokok: input.jumlah,
    angsuran_per_bulan: angsuranPerBulan(input),
    kwitansi,
    diimpor,
    created_by: userId,
    updated_by: userId,
  };
}

/** The activity log's sentence for a new loan. */
export const loanCreatedText = (input: { tipe: TipePinjaman; jumlah: number }, nama: string) =>
  `Pinjaman ${akadLabels[input.tipe]} ${formatRupiah(input.jumlah)} untuk ${nama} ditambahkan`;

/**
 * Creates a loan (and attaches its receipt) in one transaction with its balances and the activity.
 * When new loans wait for approval (issue 27 A), it starts `pending` with a waiting request; its
 * WhatsApp notification goes out when it is approved.
 */
export async function createPinjaman(
  ctx: PinjamanContext,
  userId: number,
  input: PinjamanCreateInput,
  staged: StagedFile | null,
): Promise<Pinjaman> {
  const id = await withStagedFile(ctx, staged, () =>
    ctx.db.transaction().execute(async (trx) => {
      const nasabah = await requireNasabah(trx, input.nasabah_id, true);
      await checkAkunKas(trx, input.akun_kas_id, messages.pinjaman.akunKasInvalid);
      let urutan = input.urutan_pinjaman;
      const generated = urutan === undefined;
      if (urutan === undefined) urutan = ((await repo.latestLoanOf(trx, input.nasabah_id))?.urutan_pinjaman ?? 0) + 1;
      const waits = (await getPersetujuanSetting(trx)).pinjaman_baru;
      // A loan that waits for a decision nobody else could give is not created (issue 51).
      if (waits) await assertDecidable(trx, userId, 'pinjaman');
      // Ta'zir is agreed in the akad (fatwa 17/2000): the setting at creation, kept by the loan.
      const tazir = await getTazirSetting(trx);
      const loanId = await repo.insertPinjaman(trx, {
        ...newLoanRow(input, { urutan, generated }, staged?.name ?? null, userId, false, waits ? 'pending' : 'aktif'),
        ...(tazir.aktif ? { tazir_jumlah: tazir.jumlah, tazir_tenggang_hari: tazir.tenggang_hari } : {}),
      });
      await lockLoan(trx, loanId);
      // The akad (a loan waiting for approval is not disbursed: its akad is posted when approved).
      // No kolektibilitas notification for a new loan: it had no class before (an old loan entered
      // late is told as a new loan, with its figures).
      await postLoanEvent(
        trx,
        loanId,
        todayOf(ctx.clock),
        { jenis: 'akad', tanggal: input.tanggal_pinjam, userId },
        { keepStatus: true },
      );
      await refreshTotalPinjaman(trx, input.nasabah_id);
      if (waits) await insertRequest(trx, { jenis: 'pinjaman', pinjaman_id: loanId, diajukan_oleh: userId, data: null });
      else if (ctx.notifier) await notifyPinjamanBaru(trx, loanId);
      await recordActivity(trx, {
        type: 'pinjaman.create',
        description: `${loanCreatedText(input, nasabah.nama)}${staged ? ' dengan foto kwitansi' : ''}${waits ? ', menunggu persetujuan' : ''}`,
        category: 'pinjaman',
        amount: input.jumlah,
        entityType: 'pinjaman',
        entityId: loanId,
        userId,
      });
      return loanId;
    }),
  );
  return getPinjaman(ctx, id);
}

/**
 * Edits a loan: every field, the status staff chose (kept as set), optionally a new receipt whose
 * predecessor is removed after the commit. Balances of the loan and of both customers (when the
 * customer changed) are recomputed in the same transaction.
 */
export async function updatePinjaman(
  ctx: PinjamanContext,
  userId: number,
  id: number,
  input: PinjamanUpdateInput,
  staged: StagedFile | null,
): Promise<Pinjaman> {
  const replaced = await withStagedFile(ctx, staged, () =>
    ctx.db.transaction().execute(async (trx) => {
      const existing = await lockLoanForMoney(trx, id, todayOf(ctx.clock));
      if (!existing) throw notFound(messages.notFound.pinjaman);
      // A rescheduled loan's frozen schedule adds up to its terms (issue 27 D): they stay as they are.
      const termsChanged =
        existing.jumlah !== input.jumlah ||
        Number(existing.persentase) !== input.persentase ||
        existing.durasi_angsuran !== input.durasi_angsuran ||
        existing.tipe !== input.tipe ||
        existing.tanggal_pinjam !== input.tanggal_pinjam;
      if (existing.jadwal_ulang !== null && termsChanged) throw conflict(TERMS_FIXED_RESCHEDULED);
      const nasabahChanged = existing.nasabah_id !== input.nasabah_id;
      // A loan written off was taken off the books as it stood (issue 47): its terms and customer stay.
      if (existing.hapus_buku_tanggal !== null && (termsChanged || nasabahChanged))
        throw conflict(hapusBukuMessages.ubahPinjaman);
      const nasabah = await requireNasabah(trx, input.nasabah_id, nasabahChanged);
      await checkAkunKas(trx, input.akun_kas_id, messages.pinjaman.akunKasInvalid);
      await repo.updatePinjaman(trx, id, {
        ...loanColumns(input),
        ...(input.urutan_pinjaman === undefined
          ? {}
          : { urutan_pinjaman: input.urutan_pinjaman, urutan_pinjaman_generated: false }),
        // A loan awaiting approval or rejected keeps that state: only a decision changes it (issue 27 A).
        // A loan written off stays so: only its payments (recoveries) change it.
        status: isDisbursed(existing.status) && existing.status !== 'hapus_buku' ? input.status : existing.status,
        ...(staged ? { kwitansi: staged.name } : {}),
        updated_by: userId,
      });
      // Terms corrected move the contract and the split of what was paid: one adjustment, when they moved.
      await postLoanEvent(
        trx,
        id,
        todayOf(ctx.clock),
        { jenis: 'penyesuaian', alasan: 'Data pinjaman diperbarui', userId },
        { keepStatus: true, notifier: ctx.notifier },
      );
      await refreshTotalPinjaman(trx, input.nasabah_id);
      if (nasabahChanged) await refreshTotalPinjaman(trx, existing.nasabah_id);
      await recordActivity(trx, {
        type: 'pinjaman.update',
        description: `Data pinjaman ${nasabah.nama} (${formatRupiah(input.jumlah)}) diperbarui${staged ? ', foto kwitansi diganti' : ''}`,
        category: 'pinjaman',
        amount: input.jumlah,
        entityType: 'pinjaman',
        entityId: id,
        userId,
      });
      return staged ? existing.kwitansi : null;
    }),
  );
  await removeFileAfterCommit(ctx, replaced);
  return getPinjaman(ctx, id);
}

/**
 * Soft-deletes a loan. Its payments and its receipt file are kept (nothing is lost, decisions §3);
 * they leave every list and statistic with the loan, because those only read living loans.
 */
export async function deletePinjaman(ctx: PinjamanContext, userId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await lockLoanForMoney(trx, id, todayOf(ctx.clock));
    if (!existing) throw notFound(messages.notFound.pinjaman);
    if (existing.hapus_buku_tanggal !== null) throw conflict(hapusBukuMessages.hapusPinjaman);
    const nama = await repo.nasabahNama(trx, existing.nasabah_id);
    await repo.softDeletePinjaman(trx, id, userId);
    await cancelRequestsOf(trx, id, userId);
    await refreshTotalPinjaman(trx, existing.nasabah_id);
    // Everything the loan held is taken back; the customer's other loans no longer share its grade.
    await postLoanEvent(
      trx,
      id,
      todayOf(ctx.clock),
      { jenis: 'pembatalan', alasan: 'Pinjaman dihapus', userId },
      { keepStatus: true },
    );
    await recordActivity(trx, {
      type: 'pinjaman.delete',
      description: `Pinjaman ${nama} sebesar ${formatRupiah(existing.jumlah)} dihapus`,
      category: 'pinjaman',
      amount: existing.jumlah,
      entityType: 'pinjaman',
      entityId: id,
      userId,
    });
  });
}

/** Detaches the receipt; the file is removed once the change is committed. */
export async function deleteKwitansi(ctx: PinjamanContext, userId: number, id: number): Promise<Pinjaman> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const existing = await lockLoan(trx, id);
    if (!existing) throw notFound(messages.notFound.pinjaman);
    if (!existing.kwitansi) throw notFound(NO_KWITANSI);
    const nama = await repo.nasabahNama(trx, existing.nasabah_id);
    await repo.updatePinjaman(trx, id, { kwitansi: null, updated_by: userId });
    await recordActivity(trx, {
      type: 'kwitansi.delete',
      description: `Foto kwitansi pinjaman ${nama} (${formatRupiah(existing.jumlah)}) dihapus`,
      category: 'pinjaman',
      amount: null,
      entityType: 'pinjaman',
      entityId: id,
      userId,
    });
    return existing.kwitansi;
  });
  await removeFileAfterCommit(ctx, removed);
  return getPinjaman(ctx, id);
}
