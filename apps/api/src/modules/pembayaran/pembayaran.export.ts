import type { Kysely } from 'kysely';
import {
  formatMonthYear,
  jenisPembayaranLabels,
  labelOf,
  sortKeyLabels,
  sortText,
  type Pembayaran,
  type PembayaranExportQuery,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { filterLines, pagesOf, type ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';
import { listPembayaran } from './pembayaran.service';

const columns: readonly ExportColumn<Pembayaran>[] = [
  { header: 'Tanggal', kind: 'tanggal', value: (p) => p.tanggal },
  column.loanNumber((p) => p.pinjaman.nomor_pinjaman),
  column.customerName((p) => p.pinjaman.nasabah.nama),
  column.nik((p) => p.pinjaman.nasabah.nik),
  column.loanType((p) => p.pinjaman.tipe),
  { header: 'Jenis', kind: 'teks', value: (p) => labelOf(jenisPembayaranLabels, p.jenis) },
  { header: 'Angsuran Ke', kind: 'angka', value: (p) => p.angsuran_ke },
  column.rupiah('Jumlah', (p) => p.jumlah),
  { header: 'Keterangan', kind: 'teks', value: (p) => p.keterangan, width: 28 },
  column.time('Dicatat', (p) => p.created_at),
];

/** The payment list as a file (issue 26 B). */
export function pembayaranExport(db: Kysely<DB>, query: PembayaranExportQuery) {
  const period =
    query.month !== undefined && query.year !== undefined
      ? formatMonthYear(query.month, query.year)
      : (query.year ?? (query.month !== undefined ? `bulan ${query.month}` : undefined));
  return {
    title: 'Data Pembayaran',
    name: 'pembayaran',
    filters: filterLines([
      ['Cari', query.search],
      ['Pinjaman', query.pinjaman_id],
      ['Nasabah', query.nasabah_id],
      ['Jenis', query.jenis && labelOf(jenisPembayaranLabels, query.jenis)],
      ['Periode', period],
      ['Urut', sortText(sortKeyLabels.pembayaran, query.sortBy, query.sortOrder)],
    ]),
    columns,
    batches: pagesOf(async (page, limit) => {
      const { data, pagination } = await listPembayaran(db, { ...query, page, limit });
      return { rows: data, total: pagination.total };
    }),
  };
}
