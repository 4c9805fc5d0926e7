import {
  labelOf,
  sortKeyLabels,
  sortText,
  statusPinjamanLabels,
  tipePinjamanLabels,
  type Pinjaman,
  type PinjamanExportQuery,
} from '@mizan/core';
import { filterLines, type ExportColumn } from '../../lib/spreadsheet';
import { pinjamanBatches, type PinjamanContext } from './pinjaman.service';

const columns: readonly ExportColumn<Pinjaman>[] = [
  { header: 'No. Pinjaman', kind: 'teks', value: (p) => p.nomor_pinjaman, width: 16 },
  { header: 'Pinjaman Ke', kind: 'angka', value: (p) => p.urutan_pinjaman },
  { header: 'Nasabah', kind: 'teks', value: (p) => p.nasabah.nama, width: 28 },
  { header: 'NIK', kind: 'teks', value: (p) => p.nasabah.nik, width: 20 },
  { header: 'Tanggal Pinjam', kind: 'tanggal', value: (p) => p.tanggal_pinjam },
  { header: 'Tipe', kind: 'teks', value: (p) => labelOf(tipePinjamanLabels, p.tipe) },
  { header: 'Jumlah', kind: 'rupiah', value: (p) => p.jumlah, width: 18 },
  { header: 'Persentase (%)', kind: 'persen', value: (p) => p.persentase },
  { header: 'Durasi (bulan)', kind: 'angka', value: (p) => p.durasi_angsuran },
  { header: 'Angsuran per Bulan', kind: 'rupiah', value: (p) => p.angsuran_per_bulan, width: 18 },
  { header: 'Total Pembayaran', kind: 'rupiah', value: (p) => p.total_pembayaran, width: 18 },
  { header: 'Sisa Pokok', kind: 'rupiah', value: (p) => p.sisa_pokok, width: 18 },
  { header: 'Status', kind: 'teks', value: (p) => labelOf(statusPinjamanLabels, p.status) },
  { header: 'Kolektibilitas', kind: 'teks', value: (p) => (p.kolektibilitas === null ? null : String(p.kolektibilitas)) },
  { header: 'Hari Tunggakan', kind: 'angka', value: (p) => p.hari_tunggakan },
  { header: 'Tunggakan', kind: 'rupiah', value: (p) => p.tunggakan_total, width: 18 },
  { header: 'Jaminan', kind: 'teks', value: (p) => p.jaminan, width: 24 },
  { header: 'Keterangan', kind: 'teks', value: (p) => p.keterangan, width: 24 },
  { header: 'Dibuat', kind: 'waktu', value: (p) => p.created_at, width: 18 },
];

/** The loan list as a file (issue 26 B). */
export function pinjamanExport(ctx: PinjamanContext, query: PinjamanExportQuery, nasabahNama?: string) {
  return {
    title: 'Data Pinjaman',
    name: 'pinjaman',
    filters: filterLines([
      ['Cari', query.search],
      ['Nasabah', nasabahNama ?? query.nasabah_id],
      ['Status', query.status && labelOf(statusPinjamanLabels, query.status)],
      ['Tipe', query.tipe && labelOf(tipePinjamanLabels, query.tipe)],
      ['Kolektibilitas', query.kolektibilitas],
      ['Urut', sortText(sortKeyLabels.pinjaman, query.sortBy, query.sortOrder)],
    ]),
    columns,
    batches: pinjamanBatches(ctx, query),
  };
}
