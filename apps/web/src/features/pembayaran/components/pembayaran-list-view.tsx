import { Link } from 'react-router';
import { CalendarDays } from 'lucide-react';
import { formatDateLong, formatNik, formatRupiah, loanCode } from '@mizan/core';
import { JenisBadge } from '../../../components/ui/badge';
import { RowActions, type RowActionsProps } from '../../../components/ui/row-actions';
import { CardGrid, ListSkeleton, WindowTable, type ListIdentity } from '../../../components/ui/list-layout';
import { Td } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';
import type { Pembayaran } from '../types';

export interface PembayaranListViewProps {
  rows: Pembayaran[];
  layout: Layout;
  onEdit(pembayaran: Pembayaran): void;
  onDelete(pembayaran: Pembayaran): void;
}

const dash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

/** Accessible name of a payment in action labels: 'Budi Santoso 31 Januari 2024'. */
const nameOf = (p: Pembayaran) => `${p.pinjaman.nasabah.nama} ${formatDateLong(p.tanggal)}`;

/** The row's Detail, Edit and Hapus, each named for this pembayaran. */
function actionsOf(p: Pembayaran, onEdit: (p: Pembayaran) => void, onDelete: (p: Pembayaran) => void): RowActionsProps {
  return {
    subject: `pembayaran ${nameOf(p)}`,
    detailHref: `/pembayaran/${p.id}`,
    onEdit: () => onEdit(p),
    onDelete: () => onDelete(p),
  };
}

const keyOf = (p: Pembayaran) => p.id;

/** The list's test ids, accessible name and row key, in the table and in the cards. */
const list: ListIdentity<Pembayaran> = { testId: 'pembayaran', label: 'Daftar pembayaran', getKey: keyOf };

function Customer({ pembayaran }: { pembayaran: Pembayaran }) {
  const { nasabah } = pembayaran.pinjaman;
  return (
    <div className="min-w-0">
      <Link to={`/pembayaran/${pembayaran.id}`} className="font-semibold text-ink hover:text-brand-700 hover:underline">
        {nasabah.nama || '(tanpa nama)'}
      </Link>
      <p className="text-xs tracking-wide text-muted tabular-nums">{nasabah.nik ? formatNik(nasabah.nik) : '-'}</p>
    </div>
  );
}

/** Desktop (≥ 1024 px): Nasabah, Tanggal, Jumlah, Jenis, Keterangan, Angsuran Ke, Aksi (spec §2). */
function PembayaranTable({ rows, onEdit, onDelete }: Omit<PembayaranListViewProps, 'layout'>) {
  return (
    <WindowTable
      {...list}
      rows={rows}
      estimateSize={65}
      columns={[
        'Nasabah',
        'Tanggal',
        { header: 'Jumlah', className: 'text-right' },
        'Jenis',
        'Keterangan',
        { header: 'Angsuran Ke', className: 'text-center' },
      ]}
      actions={(p) => <RowActions {...actionsOf(p, onEdit, onDelete)} />}
    >
      {(p) => (
        <>
          <Td className="max-w-60">
            <Customer pembayaran={p} />
          </Td>
          <Td className="whitespace-nowrap">{formatDateLong(p.tanggal)}</Td>
          <Td className="text-right font-semibold whitespace-nowrap tabular-nums">{formatRupiah(p.jumlah)}</Td>
          <Td>
            <JenisBadge jenis={p.jenis} />
          </Td>
          <Td className="max-w-64 text-muted">
            <p className="line-clamp-2">{dash(p.keterangan)}</p>
          </Td>
          <Td className="text-center tabular-nums">{p.angsuran_ke ?? '-'}</Td>
        </>
      )}
    </WindowTable>
  );
}

/** Tablet and phone: one card per payment (two columns on a tablet). */
function PembayaranCards({ rows, onEdit, onDelete, layout }: PembayaranListViewProps) {
  const columns = layout === 'tablet' ? 2 : 1;
  return (
    <CardGrid {...list} rows={rows} estimateSize={190} columns={columns} cardClassName="flex h-full flex-col gap-3 p-4">
      {(p) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <Customer pembayaran={p} />
            <JenisBadge jenis={p.jenis} />
          </div>
          <div className="flex items-end justify-between gap-3">
            <div className="min-w-0 space-y-0.5 text-sm">
              <p className="flex items-center gap-1.5 text-muted">
                <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" />
                {formatDateLong(p.tanggal)}
              </p>
              <p className="truncate text-xs text-muted">
                {loanCode(p.pinjaman)}
                {p.angsuran_ke !== null ? ` · Angsuran ke-${p.angsuran_ke}` : ''}
              </p>
            </div>
            <p className="text-lg font-bold whitespace-nowrap text-ink tabular-nums">{formatRupiah(p.jumlah)}</p>
          </div>
          {p.keterangan ? <p className="line-clamp-2 rounded-lg bg-canvas px-3 py-2 text-sm text-muted">{p.keterangan}</p> : null}
          <div className="mt-auto">
            <RowActions {...actionsOf(p, onEdit, onDelete)} labelled />
          </div>
        </>
      )}
    </CardGrid>
  );
}

/** The payment list in the one layout that is shown: table on desktop, cards below. */
export function PembayaranListView(props: PembayaranListViewProps) {
  return props.layout === 'desktop' ? <PembayaranTable {...props} /> : <PembayaranCards {...props} />;
}

/** Placeholder rows while the first page loads. */
export function PembayaranListSkeleton({ layout }: { layout: Layout }) {
  return (
    <ListSkeleton
      layout={layout}
      label="Memuat data pembayaran"
      tabletColumns={2}
      cardLines={['h-5 w-40', 'h-3 w-32', 'h-9 w-full']}
      rowCells={['h-4 w-24', 'h-4 w-40', 'h-4 w-28', 'hidden h-4 flex-1 sm:block', 'h-5 w-20 rounded-full', 'h-4 w-24']}
    />
  );
}
