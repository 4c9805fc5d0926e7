import {
  formatDateShort,
  labelOf,
  notifikasiEventLabels,
  waMessageJenisLabels,
  waMessageStatusLabels,
  type WaMessage,
  type WaMessageExportQuery,
} from '@mizan/core';
import type { Database } from '../../db/database';
import { filterLines, type ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';
import { messageBatches } from './wa-messages.service';

const columns: readonly ExportColumn<WaMessage>[] = [
  column.time('Waktu', (m) => m.created_at),
  { header: 'Jenis', kind: 'teks', value: (m) => labelOf(waMessageJenisLabels, m.jenis) },
  { header: 'Acara', kind: 'teks', value: (m) => (m.acara ? labelOf(notifikasiEventLabels, m.acara) : null), width: 20 },
  { header: 'Nama', kind: 'teks', value: (m) => m.nama, width: 24 },
  { header: 'Nomor', kind: 'kode', value: (m) => m.phone_number, width: 18 },
  { header: 'Status', kind: 'teks', value: (m) => labelOf(waMessageStatusLabels, m.status) },
  { header: 'Percobaan', kind: 'angka', value: (m) => m.attempts },
  { header: 'Pesan', kind: 'teks', value: (m) => m.text, width: 60 },
  { header: 'Keterangan', kind: 'teks', value: (m) => m.error, width: 28 },
];

/** The WhatsApp message log as a file (issue 26 B), newest first like the screen. */
export function waMessagesExport(db: Database, query: WaMessageExportQuery) {
  return {
    title: 'Riwayat Pesan WhatsApp',
    name: 'riwayat-pesan',
    filters: filterLines([
      ['Cari', query.search],
      ['Jenis', query.jenis && labelOf(waMessageJenisLabels, query.jenis)],
      ['Status', query.status && labelOf(waMessageStatusLabels, query.status)],
      ['Dari', query.dari && formatDateShort(query.dari)],
      ['Sampai', query.sampai && formatDateShort(query.sampai)],
    ]),
    columns,
    batches: messageBatches(db, query),
  };
}
