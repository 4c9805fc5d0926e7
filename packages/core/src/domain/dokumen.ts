/**
 * The content of the printed documents (issue 25), built once here and rendered by the server
 * (PDF) and the browser (print view) alike, so that both say exactly the same.
 */
import type { BagianDokumen, Dokumen, KopDokumen } from '../schemas/dokumen';
import { formatDateLong, formatDateTime } from '../format/date';
import { formatRupiah } from '../format/rupiah';
import { jenisPembayaranLabels } from '../format/labels';
import { terbilangRupiah } from './terbilang';
import type { JenisPembayaran, TipePinjaman } from './types';

/** The akad each loan type stands for (docs/glossary.md): pokok is a Murabahah, non-pokok a Mudharabah. */
export const akadLabels: Record<TipePinjaman, string> = { pokok: 'Murabahah', 'non-pokok': 'Mudharabah' };

/** The receipt number as printed: KW/2026/000123 (six digits at least). */
export function nomorKwitansi(tahun: number, urut: number): string {
  return `KW/${tahun}/${String(urut).padStart(6, '0')}`;
}

/** The footer a receipt carries when the institution wrote none in its profile. */
export const DEFAULT_CATATAN_KWITANSI = 'Kwitansi ini adalah bukti pembayaran yang sah. Simpanlah dengan baik.';

/** What a payment receipt says (issue 25). */
export interface KwitansiData {
  tahun: number;
  urut: number;
  /** Payment date, 'YYYY-MM-DD'. */
  tanggal: string;
  jumlah: number;
  jenis: JenisPembayaran;
  angsuran_ke: number | null;
  keterangan: string | null;
  nasabah: { nama: string; nik: string | null; alamat: string | null };
  pinjaman: { id: number; nomor_pinjaman: string; tipe: TipePinjaman };
  /** Principal still outstanding once this payment (and every earlier one) is counted. */
  sisa_pokok_setelah: number;
  /** The staff member who recorded it. */
  petugas: string | null;
  /** The payment (or its loan) was deleted: the receipt prints as BATAL. */
  batal: boolean;
  /** This is the n-th time the receipt is produced; from the second on it is a SALINAN. */
  cetakan_ke: number;
}

const rincian = (judul: string | null, baris: [string, string, boolean?][]): BagianDokumen => ({
  jenis: 'rincian',
  judul,
  baris: baris.map(([label, nilai, tebal]) => ({ label, nilai, tebal: tebal ?? false })),
  teks: null,
  kolom: [],
  sel: [],
  total: null,
});

/** File names: letters, digits and dashes only (a receipt number's slashes become dashes). */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'dokumen'
  );
}

/** What the payment was for: "Angsuran ke-3", "Bagi Hasil", "Pelunasan". */
export function untukPembayaran(jenis: JenisPembayaran, angsuranKe: number | null): string {
  const label = jenisPembayaranLabels[jenis];
  return jenis === 'angsuran' && angsuranKe !== null ? `${label} ke-${angsuranKe}` : label;
}

/**
 * The payment receipt (Kwitansi Pembayaran): number, date, customer, loan, what for, the amount in
 * figures and in words, principal outstanding after it, who recorded it, places to sign; BATAL when
 * the payment was deleted, else SALINAN with the print time from its second print on.
 */
export function kwitansiDokumen(data: KwitansiData, kop: KopDokumen, catatan: string | null, now: Date): Dokumen {
  const nomor = nomorKwitansi(data.tahun, data.urut);
  const tanda = data.batal ? 'BATAL' : data.cetakan_ke > 1 ? 'SALINAN' : null;
  const dicetak = formatDateTime(now);
  return {
    judul: 'KWITANSI PEMBAYARAN',
    nomor,
    tanda,
    keterangan_tanda:
      tanda === 'BATAL'
        ? 'Pembayaran ini telah dihapus; kwitansi ini tidak berlaku'
        : tanda === 'SALINAN'
          ? `Cetakan ke-${data.cetakan_ke}, ${dicetak}`
          : null,
    kop,
    bagian: [
      rincian(null, [
        ['Tanggal', formatDateLong(data.tanggal)],
        ['Telah terima dari', data.nasabah.nama, true],
        ['NIK', data.nasabah.nik ?? '-'],
        ['Alamat', data.nasabah.alamat ?? '-'],
        ['Untuk pembayaran', `${untukPembayaran(data.jenis, data.angsuran_ke)} pinjaman ${data.pinjaman.nomor_pinjaman}`],
        ['Jenis pinjaman', akadLabels[data.pinjaman.tipe]],
        ...(data.keterangan ? ([['Keterangan', data.keterangan]] as [string, string][]) : []),
      ]),
      {
        jenis: 'jumlah',
        judul: null,
        baris: [{ label: 'Jumlah', nilai: formatRupiah(data.jumlah), tebal: true }],
        teks: terbilangRupiah(data.jumlah),
        kolom: [],
        sel: [],
        total: null,
      },
      rincian(null, [
        ['Sisa pokok setelah pembayaran ini', formatRupiah(data.sisa_pokok_setelah)],
        ['Dicatat oleh', data.petugas ?? '-'],
      ]),
    ],
    tanda_tangan: [
      { peran: 'Penyetor', nama: data.nasabah.nama },
      { peran: 'Petugas', nama: data.petugas },
    ],
    catatan_kaki: catatan?.trim() ? catatan.trim() : DEFAULT_CATATAN_KWITANSI,
    dicetak_pada: now.toISOString(),
    dicetak_pada_teks: dicetak,
    nama_file: `Kwitansi-${fileNamePart(nomor)}${data.batal ? '-BATAL' : data.cetakan_ke > 1 ? '-SALINAN' : ''}.pdf`,
  };
}
