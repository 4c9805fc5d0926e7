import type { Kysely } from 'kysely';
import {
  jurnalPenyaluranDanaKebajikan,
  formatRupiah,
  tazirMessages as m,
  TAZIR_PER_PAGE,
  type DanaKebajikan,
  type DanaKebajikanKeluarInput,
  type Pagination,
  type Tawidh,
  type Tazir,
  type TazirListQuery,
  messages,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { instantText } from '../../db/json-rows';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import type { StagedFile } from '../../lib/file-storage';
import type { UrlSigner } from '../../lib/signed-url';
import { recordActivity } from '../activities/activity.service';
import { kwitansiPath } from '../pinjaman/pinjaman.service';
import { lockLoan, postCashEvent } from '../mutasi/mutasi.service';
import * as repo from './tazir.repository';

export const TAZIR_NOT_FOUND = 'Ta’zir tidak ditemukan';

function toTazirJson(row: repo.TazirRow): Tazir {
  return {
    id: row.id,
    pinjaman: {
      id: row.pinjaman_id,
      nomor_pinjaman: row.nomor_pinjaman,
      nasabah: { id: row.nasabah_id, nama: row.nasabah_nama },
    },
    angsuran_ke: row.angsuran_ke,
    jatuh_tempo: row.jatuh_tempo,
    tanggal_lunas: row.tanggal_lunas,
    hari_terlambat: row.hari_terlambat,
    jumlah: row.jumlah,
    status: row.status,
    catatan: row.catatan,
    diputuskan_oleh: row.diputuskan_oleh,
    diputuskan_pada: row.diputuskan_pada === null ? null : instantText(row.diputuskan_pada),
    tanggal_terima: row.tanggal_terima,
  };
}

export async function listTazir(db: Kysely<DB>, query: TazirListQuery): Promise<{ data: Tazir[]; pagination: Pagination }> {
  const { rows, total } = await repo.listTazir(db, query);
  return {
    data: rows.map(toTazirJson),
    pagination: {
      page: query.page,
      limit: TAZIR_PER_PAGE,
      total,
      totalPages: Math.ceil(total / TAZIR_PER_PAGE),
      sortBy: 'id',
      sortOrder: 'desc',
    },
  };
}

async function getTazir(db: Kysely<DB>, id: number) {
  const row = await repo.findTazir(db, id);
  if (!row) throw notFound(TAZIR_NOT_FOUND);
  return toTazirJson(row);
}

/** Locks the ta'zir and its loan (a living one): what every decision starts with. */
async function lockBoth(trx: Kysely<DB>, id: number) {
  const tazir = await repo.lockTazir(trx, id);
  if (!tazir) throw notFound(TAZIR_NOT_FOUND);
  const loan = await lockLoan(trx, tazir.pinjaman_id);
  if (!loan) throw notFound(TAZIR_NOT_FOUND);
  return { tazir, loan };
}

/** The activity of a decision on a ta'zir: 'Ta’zir angsuran ke-3 <customer> <what>', recorded on its loan. */
async function recordTazirActivity(
  trx: Kysely<DB>,
  userId: number,
  type: 'tazir.tetapkan' | 'tazir.terima' | 'tazir.bebaskan',
  { tazir, loan }: Awaited<ReturnType<typeof lockBoth>>,
  what: string,
  amount: number | null,
) {
  await recordActivity(trx, {
    type,
    description: `Ta’zir angsuran ke-${tazir.angsuran_ke} ${loan.nasabah_nama} ${what}`,
    category: 'other',
    amount,
    entityType: 'pinjaman',
    entityId: loan.id,
    userId,
  });
}

/** Collected: the ta'zir enters the Dana Kebajikan (never income, never the financing). */
async function collect(
  trx: Kysely<DB>,
  tazir: { id: number; pinjaman_id: number; jumlah: number },
  tanggal: string,
  userId: number,
) {
  await repo.lockFund(trx);
  await repo.insertFundEntry(trx, { tanggal, arah: 'masuk', jumlah: tazir.jumlah, tazir_id: tazir.id, created_by: userId });
  await postCashEvent(trx, tazir.pinjaman_id, tanggal, {
    jenis: 'tazir',
    tanggal,
    jumlah: tazir.jumlah,
    tazir_id: tazir.id,
    userId,
  });
}

/**
 * Confirms a proposed ta'zir: staff state that the customer was able to pay and delayed (the
 * fatwa's condition). Collected at once, or later with `terima`.
 */
export async function tetapkanTazir(
  db: Kysely<DB>,
  userId: number,
  id: number,
  input: { catatan: string; diterima: boolean; tanggal_terima: string | null },
  today: string,
) {
  await db.transaction().execute(async (trx) => {
    const { tazir, loan } = await lockBoth(trx, id);
    if (tazir.status !== 'diusulkan') throw conflict(m.bukanUsulan);
    const tanggal = input.tanggal_terima ?? today;
    await repo.updateTazir(trx, id, {
      status: input.diterima ? 'diterima' : 'ditagih',
      catatan: input.catatan,
      diputuskan_oleh: userId,
      diputuskan_pada: new Date(),
      tanggal_terima: input.diterima ? tanggal : null,
    });
    if (input.diterima) await collect(trx, tazir, tanggal, userId);
    const what = `${formatRupiah(tazir.jumlah)} ditetapkan${input.diterima ? ' dan diterima ke Dana Kebajikan' : ''}`;
    await recordTazirActivity(trx, userId, 'tazir.tetapkan', { tazir, loan }, what, tazir.jumlah);
  });
  return getTazir(db, id);
}

/** A confirmed ta'zir paid by the customer: into the Dana Kebajikan. */
export async function terimaTazir(db: Kysely<DB>, userId: number, id: number, tanggal: string) {
  await db.transaction().execute(async (trx) => {
    const { tazir, loan } = await lockBoth(trx, id);
    if (tazir.status !== 'ditagih') throw conflict(m.belumDitagih);
    await repo.updateTazir(trx, id, { status: 'diterima', tanggal_terima: tanggal });
    await collect(trx, tazir, tanggal, userId);
    const what = `${formatRupiah(tazir.jumlah)} diterima ke Dana Kebajikan`;
    await recordTazirActivity(trx, userId, 'tazir.terima', { tazir, loan }, what, tazir.jumlah);
  });
  return getTazir(db, id);
}

/** Waives a proposed (or confirmed, not yet collected) ta'zir, with the reason (e.g. force majeure). */
export async function bebaskanTazir(db: Kysely<DB>, userId: number, id: number, catatan: string) {
  await db.transaction().execute(async (trx) => {
    const { tazir, loan } = await lockBoth(trx, id);
    if (tazir.status !== 'diusulkan' && tazir.status !== 'ditagih') throw conflict(m.bukanUsulan);
    await repo.updateTazir(trx, id, { status: 'dibebaskan', catatan, diputuskan_oleh: userId, diputuskan_pada: new Date() });
    await recordTazirActivity(trx, userId, 'tazir.bebaskan', { tazir, loan }, `dibebaskan: ${catatan}`, null);
  });
  return getTazir(db, id);
}

/** The Dana Kebajikan: its balance, what came in and went out, and its newest entries. */
export async function danaKebajikan(db: Kysely<DB>): Promise<DanaKebajikan> {
  const [totals, entries] = await Promise.all([repo.fundTotals(db), repo.fundEntries(db, 500)]);
  return {
    saldo: totals.masuk - totals.keluar,
    total_masuk: totals.masuk,
    total_keluar: totals.keluar,
    entri: entries.map((e) => ({
      id: e.id,
      tanggal: e.tanggal,
      arah: e.arah,
      jumlah: e.jumlah,
      sumber: e.nasabah_nama ? `Ta’zir angsuran ke-${e.angsuran_ke} ${e.nasabah_nama} (${e.nomor_pinjaman})` : null,
      tujuan: e.tujuan,
      penerima: e.penerima,
      keterangan: e.keterangan,
      dicatat_oleh: e.dicatat_oleh,
    })),
  };
}

/** A disbursement to charity (admin): never more than the balance; the fund locked while checked. */
export async function salurkanDanaKebajikan(db: Kysely<DB>, userId: number, input: DanaKebajikanKeluarInput) {
  await db.transaction().execute(async (trx) => {
    await repo.lockFund(trx);
    const { masuk, keluar } = await repo.fundTotals(trx);
    const saldo = masuk - keluar;
    if (input.jumlah > saldo) {
      const msg = m.saldoKurang(formatRupiah(saldo));
      throw validationFailed([{ path: 'jumlah', msg }], msg);
    }
    const id = await repo.insertFundEntry(trx, { ...input, arah: 'keluar', created_by: userId });
    // The books (issue 48): the fund, held for others, lowered against the cash paid out.
    await repo.journalDisbursement(
      trx,
      { id, tanggal: input.tanggal, tujuan: input.tujuan, dicatat_oleh: userId },
      jurnalPenyaluranDanaKebajikan(input.jumlah),
    );
    await recordActivity(trx, {
      type: 'dana_kebajikan.keluar',
      description: `Dana Kebajikan ${formatRupiah(input.jumlah)} disalurkan untuk ${input.tujuan} kepada ${input.penerima}`,
      category: 'other',
      amount: input.jumlah,
      userId,
    });
  });
  return danaKebajikan(db);
}

const toTawidhJson = (row: Awaited<ReturnType<typeof repo.tawidhOfLoan>>[number], signer: UrlSigner): Tawidh => ({
  id: row.id,
  tanggal: row.tanggal,
  jumlah: row.jumlah,
  uraian: row.uraian,
  bukti_url: signer.sign(kwitansiPath(row.bukti)),
  dicatat_oleh: row.dicatat_oleh,
});

export async function tawidhOfLoan(db: Kysely<DB>, signer: UrlSigner, pinjamanId: number) {
  return (await repo.tawidhOfLoan(db, pinjamanId)).map((row) => toTawidhJson(row, signer));
}

/**
 * Records a ta'widh: a real cost a deliberate default caused, with its evidence (fatwa 43/2004,
 * 129/2019): never an estimate or a percentage, so the amount comes with the file that proves it.
 * Apart from the ta'zir and from the financing (the ledger and income never read it).
 */
export async function createTawidh(
  db: Kysely<DB>,
  signer: UrlSigner,
  userId: number,
  pinjamanId: number,
  input: { tanggal: string; jumlah: number; uraian: string },
  staged: StagedFile,
) {
  try {
    await db.transaction().execute(async (trx) => {
      const loan = await lockLoan(trx, pinjamanId);
      if (!loan) throw notFound(messages.notFound.pinjaman);
      const tawidhId = await repo.insertTawidh(trx, {
        pinjaman_id: pinjamanId,
        ...input,
        bukti: staged.name,
        created_by: userId,
      });
      await postCashEvent(trx, pinjamanId, input.tanggal, {
        jenis: 'tawidh',
        tanggal: input.tanggal,
        jumlah: input.jumlah,
        tawidh_id: tawidhId,
        userId,
      });
      await recordActivity(trx, {
        type: 'tawidh.create',
        description: `Ta’widh ${loan.nasabah_nama} ${formatRupiah(input.jumlah)} dicatat: ${input.uraian}`,
        category: 'other',
        amount: input.jumlah,
        entityType: 'pinjaman',
        entityId: pinjamanId,
        userId,
      });
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await staged.commit();
  return tawidhOfLoan(db, signer, pinjamanId);
}
