import type { Kysely } from 'kysely';
import {
  akadDokumen,
  jadwalDokumen,
  kwitansiDokumen,
  loanLedger,
  loanPosition,
  messages,
  nomorKwitansi,
  riwayatDokumen,
  todayJakarta,
  type Dokumen,
  type DokumenPinjaman,
  type KopDokumen,
  type KwitansiPratinjau,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import * as repo from './dokumen.repository';
import { settlementOfPayment } from '../mutasi/mutasi.service';
import { getPendapatanSetting } from '../settings/settings.service';
import { recordActivity } from '../activities/activity.service';

/** The institution as documents show it, the receipt's footer and the logo. */
export interface Lembaga {
  kop: KopDokumen;
  catatan_kwitansi: string | null;
  logo: Buffer | null;
}

type KwitansiSource = NonNullable<Awaited<ReturnType<typeof repo.findKwitansiSource>>>;

async function kwitansiSource(db: Kysely<DB>, pembayaranId: number): Promise<KwitansiSource> {
  const source = await repo.findKwitansiSource(db, pembayaranId);
  if (!source) throw notFound(messages.notFound.pembayaran);
  return source;
}

/** The receipt of `source` as its `cetakanKe`-th print (1: the original, later: SALINAN; a deleted payment's: BATAL). */
async function kwitansiOf(db: Kysely<DB>, lembaga: Lembaga, source: KwitansiSource, cetakanKe: number, now: Date) {
  const payments = await repo.paymentsUpTo(db, source);
  const { metode_pengakuan_margin: metode } = await getPendapatanSetting(db);
  // The principal left right after this payment: the loan's position on its payments up to it.
  const loan = {
    tipe: source.tipe,
    jumlah: source.pinjaman_jumlah,
    persentase: source.pinjaman_persentase,
    durasi_angsuran: source.pinjaman_durasi_angsuran,
    tanggal_pinjam: source.pinjaman_tanggal_pinjam,
    status: source.pinjaman_status,
    jadwal_ulang: source.pinjaman_jadwal_ulang,
  };
  const pelunasan = await settlementOfPayment(db, source.id);
  return kwitansiDokumen(
    {
      tahun: source.tahun,
      urut: source.urut,
      tanggal: source.tanggal,
      jumlah: source.jumlah,
      jenis: source.jenis,
      angsuran_ke: source.angsuran_ke,
      keterangan: source.keterangan,
      nasabah: { nama: source.nama, nik: source.nik, alamat: source.alamat },
      pinjaman: { id: source.pinjaman_id, nomor_pinjaman: source.nomor_pinjaman, tipe: source.tipe },
      sisa_pokok_setelah: loanPosition(loan, payments, source.tanggal, metode).sisa_pokok,
      petugas: source.petugas,
      batal: source.batal,
      cetakan_ke: cetakanKe,
      pelunasan: pelunasan ?? null,
    },
    lembaga.kop,
    lembaga.catatan_kwitansi,
    now,
  );
}

/**
 * The receipt as its next print would be, and how often it was printed: what the print view shows
 * on opening (issue 51). Nothing is counted: opening the page or looking at it is no print.
 */
export async function previewKwitansi(
  db: Kysely<DB>,
  lembaga: Lembaga,
  pembayaranId: number,
  now: Date,
): Promise<KwitansiPratinjau> {
  const source = await kwitansiSource(db, pembayaranId);
  return { dokumen: await kwitansiOf(db, lembaga, source, source.dicetak + 1, now), dicetak: source.dicetak };
}

/**
 * A deliberate print (the "Cetak" button) or download (the PDF) of a receipt: counted, with who did
 * it in the activity feed, and built from the count in the same transaction, so the paper or file
 * says what was recorded (the first is the original, every later one a SALINAN with "Cetakan ke-n";
 * two at once never both pass as the original: the count's row is locked by its update).
 */
export async function printKwitansi(
  db: Kysely<DB>,
  lembaga: Lembaga,
  userId: number,
  pembayaranId: number,
  cara: 'cetak' | 'pdf',
  now: Date,
): Promise<Dokumen> {
  return db.transaction().execute(async (trx) => {
    const source = await kwitansiSource(trx, pembayaranId);
    const cetakanKe = await repo.countPrint(trx, pembayaranId, now);
    const dokumen = await kwitansiOf(trx, lembaga, source, cetakanKe, now);
    const what = source.batal ? 'batal' : cetakanKe === 1 ? 'asli' : `salinan, cetakan ke-${cetakanKe}`;
    await recordActivity(trx, {
      type: 'kwitansi.cetak',
      description: `Kwitansi ${dokumen.nomor} ${source.nama} ${cara === 'pdf' ? 'diunduh sebagai PDF' : 'dicetak'} (${what})`,
      category: 'pembayaran',
      amount: source.jumlah,
      entityType: 'pembayaran',
      entityId: pembayaranId,
      userId,
    });
    return dokumen;
  });
}

type LoanRow = NonNullable<Awaited<ReturnType<typeof repo.findLoanForDocuments>>>;

const pinjamanOf = (
  row: Omit<LoanRow, 'nama' | 'nik' | 'alamat' | 'telepon' | 'petugas' | 'tazir_jumlah' | 'tazir_tenggang_hari'> &
    Partial<Pick<LoanRow, 'tazir_jumlah' | 'tazir_tenggang_hari'>>,
): DokumenPinjaman => ({
  id: row.id,
  nomor_pinjaman: row.nomor_pinjaman,
  tipe: row.tipe,
  jumlah: row.jumlah,
  persentase: row.persentase,
  durasi_angsuran: row.durasi_angsuran,
  tanggal_pinjam: row.tanggal_pinjam,
  status: row.status,
  jaminan: row.jaminan,
  sisa_pokok: row.sisa_pokok,
  total_pembayaran: row.total_pembayaran,
  tazir: row.tazir_jumlah == null ? null : { jumlah: row.tazir_jumlah, tenggang_hari: row.tazir_tenggang_hari ?? 0 },
  dijadwalkan_ulang: row.jadwal_ulang != null,
});

async function loanOrNotFound(db: Kysely<DB>, pinjamanId: number) {
  const row = await repo.findLoanForDocuments(db, pinjamanId);
  if (!row) throw notFound(messages.notFound.pinjaman);
  return row;
}

/** The repayment schedule of a living loan with each instalment's state on today's Jakarta date. */
export async function jadwalDocument(db: Kysely<DB>, kop: KopDokumen, pinjamanId: number, now: Date): Promise<Dokumen> {
  const row = await loanOrNotFound(db, pinjamanId);
  const payments = await repo.livingPaymentsOfLoan(db, pinjamanId);
  const tanggal = todayJakarta(now);
  const { metode_pengakuan_margin: metode } = await getPendapatanSetting(db);
  const { instalments, summary } = loanLedger(row, payments, tanggal, metode);
  return jadwalDokumen(pinjamanOf(row), row, { tanggal, angsuran: instalments, ringkasan: summary }, kop, now);
}

/** The one-page akad summary of a living loan; the staff member who recorded it signs for the institution. */
export async function akadDocument(db: Kysely<DB>, kop: KopDokumen, pinjamanId: number, now: Date): Promise<Dokumen> {
  const row = await loanOrNotFound(db, pinjamanId);
  return akadDokumen(pinjamanOf(row), row, kop, row.petugas, now);
}

/**
 * The statement of a living customer: living loans (with what is still owed, as stored), their
 * living payments, and each settlement with the margin it did not charge (core `loanPosition` on
 * the loan's payments) and its khasm.
 */
export async function riwayatDocument(db: Kysely<DB>, kop: KopDokumen, nasabahId: number, now: Date): Promise<Dokumen> {
  const nasabah = await repo.findCustomer(db, nasabahId);
  if (!nasabah) throw notFound(messages.notFound.nasabah);
  const [loans, payments] = await Promise.all([repo.loansOfCustomer(db, nasabahId), repo.paymentsOfCustomer(db, nasabahId)]);
  const settled = payments.filter((p) => p.jenis === 'pelunasan');
  const metode = settled.length > 0 ? (await getPendapatanSetting(db)).metode_pengakuan_margin : 'proporsional';
  const pelunasan = settled.flatMap((p) => {
    const loan = loans.find((l) => l.id === p.pinjaman_id);
    if (!loan) return [];
    const position = loanPosition(
      loan,
      payments.filter((q) => q.pinjaman_id === loan.id),
      todayJakarta(now),
      metode,
    );
    return [
      {
        nomor_pinjaman: loan.nomor_pinjaman,
        tanggal: p.tanggal,
        dibayar: p.jumlah,
        margin_tidak_ditagih: position.margin_tidak_ditagih,
        khasm: p.khasm ?? 0,
        pokok_tidak_tertagih: position.pokok_tidak_tertagih,
      },
    ];
  });
  return riwayatDokumen(
    nasabah,
    loans.map((row) => ({ ...pinjamanOf(row), sisa_kewajiban: row.sisa_kewajiban })),
    payments.map((p) => ({ ...p, nomor_kwitansi: p.tahun !== null && p.urut !== null ? nomorKwitansi(p.tahun, p.urut) : null })),
    kop,
    now,
    pelunasan,
  );
}
