import type { Kysely } from 'kysely';
import { labelOf, sortKeyLabels, sortText, tipePinjamanLabels, type Tunggakan, type TunggakanExportQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { filterLines, pagesOf, type ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';
import { listTunggakan } from './tunggakan.service';

const columns: readonly ExportColumn<Tunggakan>[] = [
  column.customerName((r) => r.nasabah.nama),
  column.nik((r) => r.nasabah.nik),
  column.phone((r) => r.nasabah.telepon),
  { header: 'Kota', kind: 'teks', value: (r) => r.nasabah.kota, width: 16 },
  { header: 'Kecamatan', kind: 'teks', value: (r) => r.nasabah.kecamatan, width: 16 },
  column.loanNumber((r) => r.nomor_pinjaman),
  column.loanType((r) => r.tipe),
  { header: 'Kolektibilitas', kind: 'angka', value: (r) => r.kolektibilitas },
  { header: 'Hari Tunggakan', kind: 'angka', value: (r) => r.hari_tunggakan },
  { header: 'Angsuran Tertunggak', kind: 'angka', value: (r) => r.angsuran_tertunggak },
  column.rupiah('Tunggakan Pokok', (r) => r.tunggakan_pokok),
  column.rupiah('Tunggakan Margin', (r) => r.tunggakan_margin),
  column.rupiah('Tunggakan Bagi Hasil', (r) => r.tunggakan_bagi_hasil, 20),
  column.rupiah('Total Tunggakan', (r) => r.tunggakan_total),
  { header: 'Jatuh Tempo Tertua', kind: 'tanggal', value: (r) => r.jatuh_tempo_tertua },
  column.rupiah('Sisa Pokok', (r) => r.sisa_pokok),
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
