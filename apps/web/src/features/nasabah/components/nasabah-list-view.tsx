import { Link } from 'react-router';
import { MapPin, Phone } from 'lucide-react';
import { formatNik, formatRupiah, isNasabahIncomplete } from '@mizan/core';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { RowActions, type RowActionsProps } from '../../../components/ui/row-actions';
import { CardGrid, CardHead, ListSkeleton, WindowTable, type ListIdentity } from '../../../components/ui/list-layout';
import { Td } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';
import { useWindowRows } from '../../../components/ui/use-window-rows';
import type { Nasabah } from '../types';

export interface NasabahListViewProps {
  rows: Nasabah[];
  layout: Layout;
  onEdit(nasabah: Nasabah): void;
  onDelete(nasabah: Nasabah): void;
}

/** 'Data Tidak Lengkap' when a required field is missing (generated fields alone do not count). */
export function IncompleteBadge({ nasabah }: { nasabah: Nasabah }) {
  if (!isNasabahIncomplete(nasabah.data_completeness)) return null;
  return <Badge tone="amber">Data Tidak Lengkap</Badge>;
}

const dash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

function placeOf(n: Nasabah) {
  return [n.kecamatan, n.kota].filter((p) => p && p.trim() !== '').join(', ');
}

/** The row's Detail, Edit and Hapus, each named for this nasabah. */
function actionsOf(n: Nasabah, onEdit: (n: Nasabah) => void, onDelete: (n: Nasabah) => void): RowActionsProps {
  return {
    subject: `nasabah ${n.nama || `#${n.id}`}`,
    detailHref: `/nasabah/${n.id}`,
    onEdit: () => onEdit(n),
    onDelete: () => onDelete(n),
  };
}

const keyOf = (n: Nasabah) => n.id;

/** The list's test ids, accessible name and row key, in the table and in the cards. */
const list: ListIdentity<Nasabah> = { testId: 'nasabah', label: 'Daftar nasabah', getKey: keyOf };

function NameLink({ nasabah }: { nasabah: Nasabah }) {
  return (
    <Link to={`/nasabah/${nasabah.id}`} className="font-semibold text-ink hover:text-brand-700 hover:underline">
      {nasabah.nama || '(tanpa nama)'}
    </Link>
  );
}

/** Desktop (≥ 1024 px): the table of spec §2 with columns Nama, NIK, Telepon, Alamat, Status, Total Pinjaman, Aksi. */
function NasabahTable({ rows, onEdit, onDelete }: Omit<NasabahListViewProps, 'layout'>) {
  return (
    <WindowTable
      {...list}
      rows={rows}
      estimateSize={73}
      columns={['Nama', 'NIK', 'Telepon', 'Alamat', 'Status', { header: 'Total Pinjaman', className: 'text-right' }]}
      actions={(n) => <RowActions {...actionsOf(n, onEdit, onDelete)} />}
    >
      {(n) => (
        <>
          <Td className="max-w-56">
            <div className="flex flex-col items-start gap-1">
              <NameLink nasabah={n} />
              <IncompleteBadge nasabah={n} />
            </div>
          </Td>
          <Td className="text-[13px] tracking-wide whitespace-nowrap tabular-nums text-ink/90">{dash(n.nik)}</Td>
          <Td className="whitespace-nowrap">{dash(n.telepon)}</Td>
          <Td className="max-w-72">
            <p className="line-clamp-2">{dash(n.alamat)}</p>
            {placeOf(n) ? <p className="text-xs text-muted">{placeOf(n)}</p> : null}
          </Td>
          <Td>
            <StatusBadge status={n.status} />
          </Td>
          <Td className="text-right font-medium whitespace-nowrap">{formatRupiah(n.total_pinjaman)}</Td>
        </>
      )}
    </WindowTable>
  );
}

/** Tablet (768–1023 px): one row per customer on a three-column grid. */
function NasabahRowGrid({ rows, onEdit, onDelete }: Omit<NasabahListViewProps, 'layout'>) {
  const { items, listProps, itemProps } = useWindowRows(rows, {
    testId: 'nasabah',
    estimateSize: 97,
    getKey: keyOf,
  });
  return (
    <ul
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-white shadow-xs"
      aria-label="Daftar nasabah"
      {...listProps}
    >
      {items.map(({ row: n, ...at }) => (
        <li
          key={n.id}
          {...itemProps(at)}
          className="grid grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)_auto] items-center gap-4 px-4 py-3"
        >
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <NameLink nasabah={n} />
              <IncompleteBadge nasabah={n} />
            </div>
            <p className="text-xs tracking-wide text-muted tabular-nums">{n.nik ? formatNik(n.nik) : '-'}</p>
            <p className="flex items-center gap-1 text-xs text-muted">
              <Phone className="h-3 w-3" aria-hidden="true" />
              {dash(n.telepon)}
            </p>
          </div>
          <div className="min-w-0 text-sm">
            <p className="line-clamp-2 text-ink">{dash(n.alamat)}</p>
            {placeOf(n) ? <p className="truncate text-xs text-muted">{placeOf(n)}</p> : null}
          </div>
          <div className="flex flex-col items-end gap-1.5">
            <div className="flex items-center gap-2">
              <StatusBadge status={n.status} />
              <span className="text-sm font-semibold whitespace-nowrap">{formatRupiah(n.total_pinjaman)}</span>
            </div>
            <RowActions {...actionsOf(n, onEdit, onDelete)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Phone (< 768 px): one card per customer, NIK grouped 4-4-4-4 (spec §9). */
function NasabahCards({ rows, onEdit, onDelete }: Omit<NasabahListViewProps, 'layout'>) {
  return (
    <CardGrid {...list} rows={rows} estimateSize={260} columns={1} cardClassName="p-4">
      {(n) => (
        <>
          <CardHead title={<NameLink nasabah={n} />} badge={<StatusBadge status={n.status} />}>
            <p className="mt-0.5 text-xs tracking-wide text-muted tabular-nums">{n.nik ? formatNik(n.nik) : 'NIK -'}</p>
          </CardHead>
          <IncompleteBadge nasabah={n} />
          <dl className="mt-3 grid gap-1.5 text-sm">
            <div className="flex items-center gap-2 text-ink/90">
              <dt className="sr-only">Telepon</dt>
              <Phone className="h-3.5 w-3.5 shrink-0 text-muted" aria-hidden="true" />
              <dd>{dash(n.telepon)}</dd>
            </div>
            <div className="flex items-start gap-2 text-ink/90">
              <dt className="sr-only">Alamat</dt>
              <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0 text-muted" aria-hidden="true" />
              <dd className="min-w-0">
                {dash(n.alamat)}
                {placeOf(n) ? <span className="block text-xs text-muted">{placeOf(n)}</span> : null}
              </dd>
            </div>
            <div className="mt-1 flex items-center justify-between rounded-lg bg-canvas px-3 py-2">
              <dt className="text-xs text-muted">Total Pinjaman</dt>
              <dd className="font-semibold">{formatRupiah(n.total_pinjaman)}</dd>
            </div>
          </dl>
          <div className="mt-3">
            <RowActions {...actionsOf(n, onEdit, onDelete)} labelled />
          </div>
        </>
      )}
    </CardGrid>
  );
}

/** The customer list in the layout of the current width (spec §2). */
export function NasabahListView({ layout, ...props }: NasabahListViewProps) {
  if (layout === 'desktop') return <NasabahTable {...props} />;
  if (layout === 'tablet') return <NasabahRowGrid {...props} />;
  return <NasabahCards {...props} />;
}

/** Placeholder rows while the first page loads. */
export function NasabahListSkeleton({ layout }: { layout: Layout }) {
  return (
    <ListSkeleton
      layout={layout}
      label="Memuat data nasabah"
      tabletColumns={1}
      cardLines={['h-5 w-40', 'h-3 w-32', 'h-4 w-full', 'h-9 w-full']}
      rowCells={['h-4 w-40', 'h-4 w-32', 'hidden h-4 flex-1 sm:block', 'h-5 w-16 rounded-full', 'h-4 w-24']}
    />
  );
}
