import {
  formatDateLong,
  formatMonthYear,
  jenisPembayaranLabels,
  labelOf,
  tipePinjamanLabels,
  type Pencairan,
  type RekapHarian,
  type RekapPembayaran,
  type RekapPinjaman,
} from '@mizan/core';
import { extraTable, type ExportColumn } from '../../lib/spreadsheet';

const paymentColumns: readonly ExportColumn<RekapPembayaran>[] = [
  { header: 'Dicatat', kind: 'waktu', value: (p) => p.dicatat_pada, width: 18 },
  { header: 'No. Kwitansi', kind: 'teks', value: (p) => p.nomor_kwitansi, width: 18 },
  { header: 'Nasabah', kind: 'teks', value: (p) => p.nasabah.nama, width: 28 },
  { header: 'No. Pinjaman', kind: 'teks', value: (p) => p.pinjaman.nomor_pinjaman, width: 16 },
  { header: 'Tipe', kind: 'teks', value: (p) => labelOf(tipePinjamanLabels, p.pinjaman.tipe) },
  { header: 'Jenis', kind: 'teks', value: (p) => labelOf(jenisPembayaranLabels, p.jenis) },
  { header: 'Angsuran Ke', kind: 'angka', value: (p) => p.angsuran_ke },
  { header: 'Jumlah', kind: 'rupiah', value: (p) => p.jumlah, width: 18 },
  { header: 'Petugas', kind: 'teks', value: (p) => p.dicatat_oleh, width: 22 },
];

type Summary = { label: string; jumlah_transaksi: number; total: number };
const summaryColumns = (first: string): readonly ExportColumn<Summary>[] => [
  { header: first, kind: 'teks', value: (r) => r.label, width: 24 },
  { header: 'Transaksi', kind: 'angka', value: (r) => r.jumlah_transaksi },
  { header: 'Total', kind: 'rupiah', value: (r) => r.total, width: 18 },
];

const loanColumns: readonly ExportColumn<RekapPinjaman>[] = [
  { header: 'No. Pinjaman', kind: 'teks', value: (p) => p.nomor_pinjaman, width: 16 },
  { header: 'Nasabah', kind: 'teks', value: (p) => p.nasabah.nama, width: 28 },
  { header: 'Tipe', kind: 'teks', value: (p) => labelOf(tipePinjamanLabels, p.tipe) },
  { header: 'Jumlah', kind: 'rupiah', value: (p) => p.jumlah, width: 18 },
  { header: 'Persentase (%)', kind: 'persen', value: (p) => p.persentase },
  { header: 'Durasi (bulan)', kind: 'angka', value: (p) => p.durasi_angsuran },
  { header: 'Petugas', kind: 'teks', value: (p) => p.dicatat_oleh, width: 22 },
];

/** Rekap Harian as a file: the day's payments, then its totals per kind and per staff member, then its new loans. */
export function rekapHarianExport(rekap: RekapHarian) {
  const total = { label: 'Total', ...rekap.pembayaran };
  return {
    title: 'Rekap Harian',
    name: `rekap-harian-${rekap.tanggal}`,
    dated: true,
    filters: [`Tanggal: ${formatDateLong(rekap.tanggal)}`],
    columns: paymentColumns,
    batches: (async function* () {
      yield rekap.rincian_pembayaran;
    })(),
    more: [
      extraTable('Per Jenis', summaryColumns('Jenis'), [
        ...rekap.per_jenis.map((r) => ({ label: labelOf(jenisPembayaranLabels, r.jenis), ...r })),
        total,
      ]),
      extraTable('Per Petugas', summaryColumns('Petugas'), [...rekap.per_petugas.map((r) => ({ label: r.nama, ...r })), total]),
      extraTable('Pinjaman Baru', loanColumns, rekap.rincian_pinjaman_baru),
    ],
  };
}

type PencairanRow = Pencairan['bulan'][number] & { label: string };
const pencairanColumns: readonly ExportColumn<PencairanRow>[] = [
  { header: 'Bulan', kind: 'teks', value: (r) => r.label, width: 18 },
  { header: 'Pokok (jumlah)', kind: 'angka', value: (r) => r.pokok.jumlah },
  { header: 'Pokok (nilai)', kind: 'rupiah', value: (r) => r.pokok.total, width: 20 },
  { header: 'Non-Pokok (jumlah)', kind: 'angka', value: (r) => r.non_pokok.jumlah, width: 20 },
  { header: 'Non-Pokok (nilai)', kind: 'rupiah', value: (r) => r.non_pokok.total, width: 20 },
  { header: 'Semua (jumlah)', kind: 'angka', value: (r) => r.semua.jumlah },
  { header: 'Semua (nilai)', kind: 'rupiah', value: (r) => r.semua.total, width: 20 },
];

/** Pencairan as a file: a row per month and the total. */
export function pencairanExport(laporan: Pencairan) {
  const label = (bulan: string) => formatMonthYear(Number(bulan.slice(5, 7)), Number(bulan.slice(0, 4)));
  return {
    title: 'Laporan Pencairan',
    name: `pencairan-${laporan.bulan[0]!.bulan}-sd-${laporan.sampai}`,
    dated: true,
    filters: [
      `Periode: ${label(laporan.bulan[0]!.bulan)} – ${label(laporan.sampai)}`,
      ...(laporan.tipe ? [`Tipe: ${labelOf(tipePinjamanLabels, laporan.tipe)}`] : []),
    ],
    columns: pencairanColumns,
    batches: (async function* () {
      yield [...laporan.bulan.map((b) => ({ ...b, label: label(b.bulan) })), { bulan: '', label: 'Total', ...laporan.total }];
    })(),
  };
}
