import {
  formatDateLong,
  formatBulan,
  jenisPembayaranLabels,
  kolektibilitasLabels,
  type Kolektibilitas,
  type KolektibilitasLaporan,
  labelOf,
  messages,
  tipePinjamanLabels,
  metodePengakuanMarginLabels,
  type Pendapatan,
  type Pencairan,
  type Penagihan,
  type PenagihanNihil,
  type RekapHarian,
  type RekapPembayaran,
  type RekapPinjaman,
} from '@mizan/core';
import { extraTable, type ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';

const paymentColumns: readonly ExportColumn<RekapPembayaran>[] = [
  column.time('Dicatat', (p) => p.dicatat_pada),
  { header: 'No. Kwitansi', kind: 'kode', value: (p) => p.nomor_kwitansi, width: 18 },
  column.customerName((p) => p.nasabah.nama),
  column.loanNumber((p) => p.pinjaman.nomor_pinjaman),
  column.loanType((p) => p.pinjaman.tipe),
  { header: 'Jenis', kind: 'teks', value: (p) => labelOf(jenisPembayaranLabels, p.jenis) },
  { header: 'Angsuran Ke', kind: 'angka', value: (p) => p.angsuran_ke },
  column.rupiah('Jumlah', (p) => p.jumlah),
  { header: 'Petugas', kind: 'teks', value: (p) => p.dicatat_oleh, width: 22 },
];

type Summary = { label: string; jumlah_transaksi: number; total: number };
const summaryColumns = (first: string): readonly ExportColumn<Summary>[] => [
  { header: first, kind: 'teks', value: (r) => r.label, width: 24 },
  { header: 'Transaksi', kind: 'angka', value: (r) => r.jumlah_transaksi },
  column.rupiah('Total', (r) => r.total),
];

const loanColumns: readonly ExportColumn<RekapPinjaman>[] = [
  column.loanNumber((p) => p.nomor_pinjaman),
  column.customerName((p) => p.nasabah.nama),
  column.loanType((p) => p.tipe),
  column.rupiah('Jumlah', (p) => p.jumlah),
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
  column.rupiah('Pokok (nilai)', (r) => r.pokok.total, 20),
  { header: 'Non-Pokok (jumlah)', kind: 'angka', value: (r) => r.non_pokok.jumlah, width: 20 },
  column.rupiah('Non-Pokok (nilai)', (r) => r.non_pokok.total, 20),
  { header: 'Semua (jumlah)', kind: 'angka', value: (r) => r.semua.jumlah },
  column.rupiah('Semua (nilai)', (r) => r.semua.total, 20),
];

/** Pencairan as a file: a row per month and the total. */
export function pencairanExport(laporan: Pencairan) {
  const label = formatBulan;
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

type KelasRow = {
  label: string;
  jumlah_pinjaman: number | null;
  outstanding: number | null;
  ppap: number | null;
  persen: number | null;
};
const kelasColumns: readonly ExportColumn<KelasRow>[] = [
  { header: 'Golongan', kind: 'teks', value: (r) => r.label, width: 30 },
  { header: 'Jumlah Pinjaman', kind: 'angka', value: (r) => r.jumlah_pinjaman, width: 16 },
  column.rupiah('Outstanding', (r) => r.outstanding, 20),
  { header: 'Porsi (%)', kind: 'persen', value: (r) => r.persen },
  column.rupiah('PPAP', (r) => r.ppap),
];

/** The Kolektibilitas report as a file: a row per class, the total, and the ratios. */
export function kolektibilitasExport(laporan: KolektibilitasLaporan) {
  const posisi = laporan.posisi;
  const share = (part: number) =>
    posisi && posisi.outstanding > 0 ? Math.round((part / posisi.outstanding) * 10_000) / 100 : null;
  const rows: KelasRow[] = posisi
    ? [
        ...posisi.per_kelas.map((k) => ({
          label: `${k.kelas} ${kolektibilitasLabels[k.kelas as Kolektibilitas]}`,
          jumlah_pinjaman: k.jumlah_pinjaman,
          outstanding: k.outstanding,
          ppap: k.ppap,
          persen: share(k.outstanding),
        })),
        {
          label: 'Total',
          jumlah_pinjaman: posisi.jumlah_pinjaman,
          outstanding: posisi.outstanding,
          ppap: posisi.ppap_total,
          persen: share(posisi.outstanding),
        },
        {
          label: 'NPF gross (golongan 3–5)',
          jumlah_pinjaman: null,
          outstanding: posisi.outstanding_bermasalah,
          ppap: null,
          persen: posisi.npf_gross,
        },
        { label: 'NPF net', jumlah_pinjaman: null, outstanding: null, ppap: null, persen: posisi.npf_net },
        { label: 'PAR 30', jumlah_pinjaman: null, outstanding: posisi.outstanding_par30, ppap: null, persen: posisi.par30 },
      ]
    : [];
  const when =
    laporan.sumber === 'hari_ini' && posisi
      ? `Per ${formatDateLong(posisi.tanggal)} (hari ini)`
      : `Akhir bulan ${formatBulan(laporan.bulan)}`;
  return {
    title: 'Laporan Kolektibilitas',
    name: `kolektibilitas-${posisi?.tanggal ?? laporan.bulan}`,
    dated: true,
    filters: [when, ...(posisi ? [] : ['Belum ada snapshot untuk akhir bulan ini'])],
    columns: kelasColumns,
    batches: (async function* () {
      yield rows;
    })(),
  };
}

type WilayahRow = Penagihan['per_wilayah'][number] & { label?: string };
const wilayahColumns: readonly ExportColumn<WilayahRow>[] = [
  { header: 'Kota', kind: 'teks', value: (r) => r.label ?? r.kota ?? messages.laporan.tanpaKota, width: 20 },
  {
    header: 'Kecamatan',
    kind: 'teks',
    value: (r) => (r.label ? null : (r.kecamatan ?? messages.laporan.tanpaKecamatan)),
    width: 20,
  },
  { header: 'Pinjaman', kind: 'angka', value: (r) => r.jumlah_pinjaman },
  column.rupiah('Target', (r) => r.target),
  column.rupiah('Realisasi', (r) => r.realisasi),
  { header: 'Persentase (%)', kind: 'persen', value: (r) => r.persentase },
  column.rupiah('Di Muka & Pelunasan', (r) => r.di_muka, 20),
];

const nihilColumns: readonly ExportColumn<PenagihanNihil>[] = [
  column.customerName((r) => r.nasabah.nama),
  column.phone((r) => r.nasabah.telepon),
  { header: 'Kota', kind: 'teks', value: (r) => r.kota, width: 16 },
  { header: 'Kecamatan', kind: 'teks', value: (r) => r.kecamatan, width: 16 },
  column.loanNumber((r) => r.nomor_pinjaman),
  column.loanType((r) => r.tipe),
  column.rupiah('Target Bulan Ini', (r) => r.target),
  { header: 'Kolektibilitas', kind: 'angka', value: (r) => r.kolektibilitas },
];

/** Penagihan Bulanan as a file: per place with the total, then the loans that paid nothing. */
export function penagihanExport(laporan: Penagihan, filters: { tipe?: string; kota?: string; kecamatan?: string }) {
  return {
    title: 'Penagihan Bulanan',
    name: `penagihan-${laporan.bulan}`,
    dated: true,
    filters: [
      `Bulan: ${formatBulan(laporan.bulan)} (sampai ${formatDateLong(laporan.sampai)})`,
      ...(filters.tipe ? [`Tipe: ${labelOf(tipePinjamanLabels, filters.tipe)}`] : []),
      ...(filters.kota ? [`Kota: ${filters.kota}`] : []),
      ...(filters.kecamatan ? [`Kecamatan: ${filters.kecamatan}`] : []),
    ],
    columns: wilayahColumns,
    batches: (async function* () {
      yield [...laporan.per_wilayah, { ...laporan.total, kota: null, kecamatan: null, label: 'Total' }];
    })(),
    more: [extraTable('Tanpa Pembayaran', nihilColumns, laporan.tanpa_pembayaran)],
  };
}

type PendapatanRow = Omit<Pendapatan['bulan'][number], 'margin_ditangguhkan' | 'bulan'> & {
  label: string;
  margin_ditangguhkan: number | null;
};
const pendapatanColumns: readonly ExportColumn<PendapatanRow>[] = [
  { header: 'Bulan', kind: 'teks', value: (r) => r.label, width: 18 },
  column.rupiah('Margin Diterima', (r) => r.margin_diterima, 20),
  column.rupiah('Margin Diakui', (r) => r.margin_diakui, 20),
  column.rupiah('Bagi Hasil', (r) => r.bagi_hasil, 20),
  column.rupiah('Pemulihan', (r) => r.pemulihan, 20),
  column.rupiah('Pendapatan Diakui', (r) => r.pendapatan_diakui, 20),
  column.rupiah('Margin Dibebaskan', (r) => r.margin_dibebaskan, 20),
  column.rupiah('Margin Ditangguhkan (akhir bulan)', (r) => r.margin_ditangguhkan, 24),
];

/** Pendapatan as a file: a row per month and the total (the deferred margin is a balance: no total). */
export function pendapatanExport(laporan: Pendapatan) {
  return {
    title: 'Laporan Pendapatan',
    name: `pendapatan-${laporan.bulan[0]!.bulan}-sd-${laporan.sampai}`,
    dated: true,
    filters: [
      `Periode: ${formatBulan(laporan.bulan[0]!.bulan)} – ${formatBulan(laporan.sampai)}`,
      `Metode pengakuan margin: ${metodePengakuanMarginLabels[laporan.metode]}`,
    ],
    columns: pendapatanColumns,
    batches: (async function* () {
      yield [
        ...laporan.bulan.map((b) => ({ ...b, label: formatBulan(b.bulan) })),
        { label: 'Total', ...laporan.total, margin_ditangguhkan: null },
      ];
    })(),
  };
}
