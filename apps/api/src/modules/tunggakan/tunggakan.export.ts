import type { Kysely } from 'kysely';
import { labelOf, sortKeyLabels, sortText, tipePinjamanLabels, type Tunggakan, type TunggakanExportQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { filterLines, pagesOf, type ExportColumn } from '../../lib/spreadsheet';
import { listTunggakan } from './tunggakan.service';

const columns: readonly ExportColumn<Tunggakan>[] = [
  { header: 'Nasabah', kind: 'teks', value: (r) => r.nasabah.nama, width: 28 },
  { header: 'NIK', kind: 'teks', value: (r) => r.nasabah.nik, width: 20 },
  { header: 'Telepon', kind: 'teks', value: (r) => r.nasabah.telepon, width: 16 },
  { header: 'Kota', kind: 'teks', value: (r) => r.nasabah.kota, width: 16 },
  { header: 'Kecamatan', kind: 'teks', value: (r) => r.nasabah.kecamatan, width: 16 },
  { header: 'No. Pinjaman', kind: 'teks', value: (r) => r.nomor_pinjaman, width: 16 },
  { header: 'Tipe', kind: 'teks', value: (r) => labelOf(tipePinjamanLabels, r.tipe) },
  { header: 'Kolektibilitas', kind: 'teks', value: (r) => String(r.kolektibilitas) },
  { header: 'Hari Tunggakan', kind: 'angka', value: (r) => r.hari_tunggakan },
  { header: 'Angsuran Tertunggak', kind: 'angka', value: (r) => r.angsuran_tertunggak },
  { header: 'Tunggakan Pokok', kind: 'rupiah', value: (r) => r.tunggakan_pokok, width: 18 },
  { header: 'Tunggakan Margin', kind: 'rupiah', value: (r) => r.tunggakan_margin, width: 18 },
  { header: 'Tunggakan Bagi Hasil', kind: 'rupiah', value: (r) => r.tunggakan_bagi_hasil, width: 20 },
  { header: 'Total Tunggakan', kind: 'rupiah', value: (r) => r.tunggakan_total, width: 18 },
  { header: 'Jatuh Tempo Tertua', kind: 'tanggal', value: (r) => r.jatuh_tempo_tertua },
  { header: 'Sisa Pokok', kind: 'rupiah', value: (r) => r.sisa_pokok, width: 18 },
  { header: 'Per Tanggal', kind: 'tanggal', value: (r) => r.ledger_tanggal },
];

/** The loans in arrears as a file (issue 26 B), with the Tunggakan screen's filters. */
export function tunggakanExport(db: Kysely<DB>, query: TunggakanExportQuery) {
  return {
    title: 'Daftar Tunggakan',
    name: 'tunggakan',
    filters: filterLines([
      ['Cari', query.search],
      ['Kolektibilitas', query.kolektibilitas],
      ['Tipe', query.tipe && labelOf(tipePinjamanLabels, query.tipe)],
      ['Kota', query.kota],
      ['Kecamatan', query.kecamatan],
      ['Minimal hari', query.min_hari],
      ['Urut', sortText(sortKeyLabels.tunggakan, query.sortBy, query.sortOrder)],
    ]),
    columns,
    batches: pagesOf(async (page, limit) => {
      const { data, pagination } = await listTunggakan(db, { ...query, page, limit });
      return { rows: data, total: pagination.total };
    }),
  };
}
