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
import * as column from '../../lib/export-columns';
import { pinjamanBatches, type PinjamanContext } from './pinjaman.service';

const columns: readonly ExportColumn<Pinjaman>[] = [
  column.loanNumber((p) => p.nomor_pinjaman),
  { header: 'Pinjaman Ke', kind: 'angka', value: (p) => p.urutan_pinjaman },
  column.customerName((p) => p.nasabah.nama),
  column.nik((p) => p.nasabah.nik),
  { header: 'Tanggal Pinjam', kind: 'tanggal', value: (p) => p.tanggal_pinjam },
  column.loanType((p) => p.tipe),
  column.rupiah('Jumlah', (p) => p.jumlah),
  { header: 'Persentase (%)', kind: 'persen', value: (p) => p.persentase },
  { header: 'Durasi (bulan)', kind: 'angka', value: (p) => p.durasi_angsuran },
  column.rupiah('Angsuran per Bulan', (p) => p.angsuran_per_bulan),
  column.rupiah('Total Pembayaran', (p) => p.total_pembayaran),
  column.rupiah('Sisa Pokok', (p) => p.sisa_pokok),
  { header: 'Status', kind: 'teks', value: (p) => labelOf(statusPinjamanLabels, p.status) },
  { header: 'Kolektibilitas', kind: 'angka', value: (p) => p.kolektibilitas },
  { header: 'Hari Tunggakan', kind: 'angka', value: (p) => p.hari_tunggakan },
  column.rupiah('Tunggakan', (p) => p.tunggakan_total),
  { header: 'Jaminan', kind: 'teks', value: (p) => p.jaminan, width: 24 },
  { header: 'Keterangan', kind: 'teks', value: (p) => p.keterangan, width: 24 },
  column.time('Dibuat', (p) => p.created_at),
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
