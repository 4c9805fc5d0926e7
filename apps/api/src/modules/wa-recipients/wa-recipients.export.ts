import type { NotificationRecipient, NotificationRecipientExportQuery } from '@mizan/core';
import type { Database } from '../../db/database';
import { filterLines, pagesOf, type ExportColumn } from '../../lib/spreadsheet';
import * as column from '../../lib/export-columns';
import { listRecipients } from './wa-recipients.service';

const statusLabels = { active: 'Aktif', inactive: 'Nonaktif' } as const;

const columns: readonly ExportColumn<NotificationRecipient>[] = [
  { header: 'Nama', kind: 'teks', value: (r) => r.name, width: 28 },
  { header: 'Nomor WhatsApp', kind: 'kode', value: (r) => r.phone_number, width: 18 },
  { header: 'Status', kind: 'teks', value: (r) => statusLabels[r.status] },
  column.time('Dibuat', (r) => r.created_at),
];

/** The WhatsApp notification recipients as a file (issue 26 B). */
export function recipientsExport(db: Database, query: NotificationRecipientExportQuery) {
  return {
    title: 'Penerima Notifikasi',
    name: 'penerima-notifikasi',
    filters: filterLines([
      ['Cari', query.search],
      ['Status', query.status && statusLabels[query.status]],
    ]),
    columns,
    batches: pagesOf(async (page, limit) => {
      const { recipients, pagination } = await listRecipients(db, { ...query, page, limit });
      return { rows: recipients, total: pagination.total_items };
    }),
  };
}
