import { Link } from 'react-router';
import { formatDateShort, formatNik, formatRupiah, loanCode, type Kolektibilitas } from '@mizan/core';
import { KolektibilitasBadge, TipeBadge } from '../../../components/ui/badge';
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
import type { Tunggakan } from '../types';
import { ContactActions } from './contact-actions';

export interface TunggakanListViewProps {
  rows: Tunggakan[];
  layout: Layout;
  /** "Ingatkan": opens the reminder of the row's loan. */
  onRemind(row: Tunggakan): void;
}

const keyOf = (row: Tunggakan) => row.pinjaman_id;

/** The list's test ids, accessible name and row key, in the table and in the cards. */
const list: ListIdentity<Tunggakan> = { testId: 'tunggakan', label: 'Daftar tunggakan', getKey: keyOf };
const place = (row: Tunggakan) => [row.nasabah.kecamatan, row.nasabah.kota].filter(Boolean).join(', ') || '-';
/** "3 angsuran" for a Murabahah, "2 bulan bagi hasil" for a Mudharabah. */
const overdueCount = (row: Tunggakan) =>
  row.tipe === 'pokok' ? `${row.angsuran_tertunggak} angsuran` : `${row.angsuran_tertunggak} bulan bagi hasil`;

/** Desktop (≥ 1024 px): one table row per loan in arrears. */
function TunggakanTable({ rows, onRemind }: { rows: Tunggakan[]; onRemind(row: Tunggakan): void }) {
  return (
    <WindowTable
      {...list}
      rows={rows}
      estimateSize={65}
      columns={[
        'Nasabah',
        'Pinjaman',
        'Kolektibilitas',
        { header: 'Hari', className: 'text-right' },
        { header: 'Tunggakan', className: 'text-right' },
        { header: 'Sisa Pokok', className: 'hidden text-right xl:table-cell' },
      ]}
      actions={(row) => <ContactActions row={row} onRemind={onRemind} />}
    >
      {(row) => (
        <>
          <Td className="max-w-60">
            <p className="truncate font-medium text-ink">{row.nasabah.nama}</p>
            <p className="truncate text-xs text-muted">
              {row.nasabah.telepon ?? 'Telepon -'} · {place(row)}
            </p>
          </Td>
          <Td className="whitespace-nowrap">
            <Link to={`/pinjaman/${row.pinjaman_id}`} className="font-semibold text-ink hover:text-brand-700 hover:underline">
              {loanCode({ id: row.pinjaman_id, nomor_pinjaman: row.nomor_pinjaman })}
            </Link>
            <div className="mt-0.5">
              <TipeBadge tipe={row.tipe} />
            </div>
          </Td>
          <Td>
            <KolektibilitasBadge kelas={row.kolektibilitas as Kolektibilitas} />
          </Td>
          <Td className="text-right whitespace-nowrap">
            <p className="font-semibold text-ink">{row.hari_tunggakan.toLocaleString('id-ID')} hari</p>
            <p className="text-xs text-muted">sejak {formatDateShort(row.jatuh_tempo_tertua)}</p>
          </Td>
          <Td className="text-right whitespace-nowrap">
            <p className="font-semibold text-red-800">{formatRupiah(row.tunggakan_total)}</p>
            <p className="text-xs text-muted">{overdueCount(row)}</p>
          </Td>
          <Td className="hidden text-right font-medium whitespace-nowrap xl:table-cell">{formatRupiah(row.sisa_pokok)}</Td>
        </>
      )}
    </WindowTable>
  );
}

/** Tablet and phone: one card per loan in arrears, with labelled call, chat, reminder and loan actions. */
function TunggakanCards({ rows, columns, onRemind }: { rows: Tunggakan[]; columns: 1 | 2; onRemind(row: Tunggakan): void }) {
  return (
    <CardGrid {...list} rows={rows} estimateSize={290} columns={columns} cardClassName="flex h-full flex-col p-4">
      {(row) => (
        <>
          <CardHead
            title={<CardTitleLink to={`/pinjaman/${row.pinjaman_id}`}>{row.nasabah.nama}</CardTitleLink>}
            badge={<KolektibilitasBadge kelas={row.kolektibilitas as Kolektibilitas} />}
          >
            <p className="text-xs break-words text-muted">
              {row.nasabah.nik ? <span className="font-mono">{formatNik(row.nasabah.nik)} · </span> : null}
              {place(row)}
            </p>
          </CardHead>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted">
            <span className="font-medium text-ink">{loanCode({ id: row.pinjaman_id, nomor_pinjaman: row.nomor_pinjaman })}</span>
            <TipeBadge tipe={row.tipe} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <CardFigure tone="red" label="Tunggakan" value={formatRupiah(row.tunggakan_total)} note={overdueCount(row)} />
            <CardFigure
              label="Terlambat"
              value={`${row.hari_tunggakan.toLocaleString('id-ID')} hari`}
              note={`sejak ${formatDateShort(row.jatuh_tempo_tertua)}`}
            />
          </dl>
          <div className="mt-auto pt-3">
            <ContactActions row={row} labelled onRemind={onRemind} />
          </div>
        </>
      )}
    </CardGrid>
  );
}

/** The loans in arrears in the layout of the current width: table on desktop, cards on tablet and phone. */
export function TunggakanListView({ layout, rows, onRemind }: TunggakanListViewProps) {
  if (layout === 'desktop') return <TunggakanTable rows={rows} onRemind={onRemind} />;
  return <TunggakanCards rows={rows} columns={layout === 'tablet' ? 2 : 1} onRemind={onRemind} />;
}

/** Placeholder rows while the first page loads. */
export function TunggakanListSkeleton({ layout }: { layout: Layout }) {
  return (
    <ListSkeleton
      layout={layout}
      label="Memuat data tunggakan"
      tabletColumns={2}
      cardLines={['h-5 w-40', 'h-3 w-32', 'h-14 w-full', 'h-9 w-full']}
      rowCells={['h-4 w-40', 'h-4 w-24', 'h-5 w-24 rounded-full', 'hidden h-4 flex-1 sm:block', 'h-4 w-28']}
    />
  );
}
