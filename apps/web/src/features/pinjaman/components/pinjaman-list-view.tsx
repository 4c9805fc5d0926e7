import { Link } from 'react-router';
import { formatDateShort, formatNik, formatPercent, formatRupiah, loanCode } from '@mizan/core';
import { StatusBadge, TipeBadge } from '../../../components/ui/badge';
import { RowActions, type RowActionsProps } from '../../../components/ui/row-actions';
import {
  CardFigure,
  CardGrid,
  CardHead,
  CardTitleLink,
  ListSkeleton,
  WindowTable,
  type ListIdentity,
} from '../../../components/ui/list-layout';
import { Td } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';
import type { Pinjaman } from '../types';

export interface PinjamanListViewProps {
  rows: Pinjaman[];
  layout: Layout;
  onEdit(pinjaman: Pinjaman): void;
  onDelete(pinjaman: Pinjaman): void;
}

const keyOf = (p: Pinjaman) => p.id;

/** The list's test ids, accessible name and row key, in the table and in the cards. */
const list: ListIdentity<Pinjaman> = { testId: 'pinjaman', label: 'Daftar pinjaman', getKey: keyOf };

/** The row's Detail, Edit and Hapus, each named for this pinjaman. */
function actionsOf(p: Pinjaman, onEdit: (p: Pinjaman) => void, onDelete: (p: Pinjaman) => void): RowActionsProps {
  return {
    subject: `pinjaman ${p.nasabah.nama} ${formatRupiah(p.jumlah)}`,
    detailHref: `/pinjaman/${p.id}`,
    onEdit: () => onEdit(p),
    // A loan written off stays on record (issue 47): no Hapus.
    ...(p.hapus_buku_tanggal === null ? { onDelete: () => onDelete(p) } : {}),
  };
}

/** Desktop (≥ 1024 px): the table of spec §2. */
function PinjamanTable({ rows, onEdit, onDelete }: Omit<PinjamanListViewProps, 'layout'>) {
  return (
    <WindowTable
      {...list}
      rows={rows}
      estimateSize={65}
      columns={[
        'No. Pinjaman',
        'Nasabah',
        'Tanggal Pinjam',
        { header: 'Jumlah', className: 'text-right' },
        { header: 'Persentase', className: 'text-right' },
        'Tipe',
        'Status',
        { header: 'Sisa Pokok', className: 'text-right' },
      ]}
      actions={(p) => <RowActions {...actionsOf(p, onEdit, onDelete)} />}
    >
      {(p) => (
        <>
          <Td className="whitespace-nowrap">
            <Link to={`/pinjaman/${p.id}`} className="font-semibold text-ink hover:text-brand-700 hover:underline">
              {loanCode(p)}
            </Link>
            <p className="text-xs text-muted">Urutan ke-{p.urutan_pinjaman}</p>
          </Td>
          <Td className="max-w-56">
            <p className="truncate font-medium text-ink">{p.nasabah.nama}</p>
            <p className="font-mono text-xs whitespace-nowrap text-muted">{p.nasabah.nik ? formatNik(p.nasabah.nik) : '-'}</p>
          </Td>
          <Td className="whitespace-nowrap">{formatDateShort(p.tanggal_pinjam)}</Td>
          <Td className="text-right font-medium whitespace-nowrap">{formatRupiah(p.jumlah)}</Td>
          <Td className="text-right whitespace-nowrap">{formatPercent(p.persentase)}</Td>
          <Td>
            <TipeBadge tipe={p.tipe} />
          </Td>
          <Td>
            <StatusBadge status={p.status} />
          </Td>
          <Td className="text-right whitespace-nowrap">
            <p className="font-medium">{formatRupiah(p.sisa_pokok)}</p>
            <p className="text-xs text-muted">Terbayar {formatRupiah(p.total_pembayaran)}</p>
          </Td>
        </>
      )}
    </WindowTable>
  );
}

/** Tablet and phone: one card per loan (two columns of cards on a tablet). */
function PinjamanCards({ rows, onEdit, onDelete, columns }: Omit<PinjamanListViewProps, 'layout'> & { columns: 1 | 2 }) {
  return (
    <CardGrid {...list} rows={rows} estimateSize={290} columns={columns} cardClassName="flex h-full flex-col p-4">
      {(p) => (
        <>
          <CardHead
            title={<CardTitleLink to={`/pinjaman/${p.id}`}>{p.nasabah.nama}</CardTitleLink>}
            badge={<StatusBadge status={p.status} />}
          >
            <p className="font-mono text-xs text-muted">{p.nasabah.nik ? formatNik(p.nasabah.nik) : 'NIK -'}</p>
          </CardHead>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted">
            <span>
              {p.nomor_pinjaman.trim() ? <span className="font-medium text-ink">{p.nomor_pinjaman} · </span> : null}
              Urutan ke-{p.urutan_pinjaman} · {formatDateShort(p.tanggal_pinjam)}
            </span>
            <TipeBadge tipe={p.tipe} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <CardFigure label="Jumlah" value={formatRupiah(p.jumlah)} note={formatPercent(p.persentase)} />
            <CardFigure
              label="Sisa Pokok"
              value={formatRupiah(p.sisa_pokok)}
              note={`Terbayar ${formatRupiah(p.total_pembayaran)}`}
            />
          </dl>
          <div className="mt-auto pt-3">
            <RowActions {...actionsOf(p, onEdit, onDelete)} labelled />
          </div>
        </>
      )}
    </CardGrid>
  );
}

/** The loan list in the layout of the current width: table on desktop, cards on tablet and phone (spec §2). */
export function PinjamanListView({ layout, ...props }: PinjamanListViewProps) {
  if (layout === 'desktop') return <PinjamanTable {...props} />;
  return <PinjamanCards {...props} columns={layout === 'tablet' ? 2 : 1} />;
}

/** Placeholder rows while the first page loads. */
export function PinjamanListSkeleton({ layout }: { layout: Layout }) {
  return (
    <ListSkeleton
      layout={layout}
      label="Memuat data pinjaman"
      tabletColumns={2}
      cardLines={['h-5 w-40', 'h-3 w-32', 'h-14 w-full', 'h-9 w-full']}
      rowCells={['h-4 w-20', 'h-4 w-40', 'h-4 w-24', 'hidden h-4 flex-1 sm:block', 'h-5 w-16 rounded-full', 'h-4 w-28']}
    />
  );
}
