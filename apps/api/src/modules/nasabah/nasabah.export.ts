import type { Kysely } from 'kysely';
import { sortKeyLabels, sortText, type Nasabah, type NasabahExportQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { filterLines, type ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';
import { nasabahBatches } from './nasabah.service';

const statusLabels = { aktif: 'Aktif', nonaktif: 'Nonaktif' } as const;

const columns: readonly ExportColumn<Nasabah>[] = [
  { header: 'Nama', kind: 'teks', value: (n) => n.nama, width: 28 },
  column.nik((n) => n.nik),
  column.phone((n) => n.telepon),
  { header: 'Alamat', kind: 'teks', value: (n) => n.alamat, width: 36 },
  { header: 'Kecamatan', kind: 'teks', value: (n) => n.kecamatan, width: 18 },
  { header: 'Kota', kind: 'teks', value: (n) => n.kota, width: 18 },
  { header: 'Tanggal Nasabah', kind: 'tanggal', value: (n) => n.tanggal_nasabah },
  { header: 'Status', kind: 'teks', value: (n) => statusLabels[n.status] },
  { header: 'Terima Pengingat', kind: 'teks', value: (n) => (n.terima_pengingat ? 'Ya' : 'Tidak') },
  column.rupiah('Total Pinjaman', (n) => n.total_pinjaman),
  { header: 'Data Belum Lengkap', kind: 'teks', value: (n) => n.data_completeness.join(', '), width: 24 },
  column.time('Dibuat', (n) => n.created_at),
];

/** The customer list as a file (issue 26 B): the list's filters and sort, every row. */
export function nasabahExport(db: Kysely<DB>, query: NasabahExportQuery) {
  return {
    title: 'Data Nasabah',
    name: 'nasabah',
    filters: filterLines([
      ['Cari', query.search],
      ['Status', query.status && statusLabels[query.status]],
      ['Urut', sortText(sortKeyLabels.nasabah, query.sortBy, query.sortOrder)],
    ]),
    columns,
    batches: nasabahBatches(db, query),
  };
}
