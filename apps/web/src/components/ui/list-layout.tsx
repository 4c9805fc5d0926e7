import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from './card';
import { cn } from './cn';
import { Skeleton } from './skeleton';
import { SpacerRow, Table, TableHead, TBody, Td, Th, Tr, type TableColumn } from './table';
import type { Layout } from './use-media-query';
import { useWindowRows } from './use-window-rows';

/** What names a list the same in each of its layouts (table or cards). */
export interface ListIdentity<T> {
  /** `<testId>-list` on the list, `<testId>-row` on each row or card (useWindowRows). */
  testId: string;
  /** The list's accessible name, e.g. 'Daftar pinjaman'. */
  label: string;
  getKey(row: T): number;
}

export interface CardGridProps<T> extends ListIdentity<T> {
  rows: readonly T[];
  /** A card's usual height in pixels, before it is measured. */
  estimateSize: number;
  /** Cards per line: two on a tablet, one on a phone. */
  columns: 1 | 2;
  /** Classes of each card (padding, inner layout). */
  cardClassName: string;
  /** What one card shows. */
  children(row: T): ReactNode;
}

export interface WindowTableProps<T> extends ListIdentity<T> {
  rows: readonly T[];
  /** A row's usual height in pixels, before it is measured. */
  estimateSize: number;
  /** The header cells, left to right, before the last column, 'Aksi'. */
  columns: readonly TableColumn[];
  /** The cells (`Td`) of one row, before its actions. */
  children(row: T): ReactNode;
  /** The row's actions, in the last column ('Aksi'). */
  actions(row: T): ReactNode;
}

/** The desktop form of a list page: a table, one row per item with its actions last, windowed past 100 rows (spacers keep the height). */
export function WindowTable<T>({ rows, testId, label, estimateSize, getKey, columns, children, actions }: WindowTableProps<T>) {
  const { items, before, after, tableProps, tableRowProps } = useWindowRows(rows, { testId, estimateSize, getKey });
  return (
    <Table caption={label} {...tableProps}>
      <TableHead columns={columns}>
        <Th className="text-right">Aksi</Th>
      </TableHead>
      <TBody>
        {before > 0 ? <SpacerRow height={before} columns={columns.length + 1} /> : null}
        {items.map(({ row, ...at }) => (
          <Tr key={getKey(row)} {...tableRowProps(at)}>
            {children(row)}
            <Td className="py-1.5">{actions(row)}</Td>
          </Tr>
        ))}
        {after > 0 ? <SpacerRow height={after} columns={columns.length + 1} /> : null}
      </TBody>
    </Table>
  );
}

/** The tablet and phone form of a list page: one card per row, windowed past 100 rows. */
export function CardGrid<T>({ rows, testId, label, estimateSize, columns, getKey, cardClassName, children }: CardGridProps<T>) {
  const { items, listProps, itemProps } = useWindowRows(rows, { testId, estimateSize, gap: 12, columns, getKey });
  return (
    <ul className={columns === 2 ? 'grid grid-cols-2 gap-3' : 'grid grid-cols-1 gap-3'} aria-label={label} {...listProps}>
      {items.map(({ row, ...at }) => (
        <li key={getKey(row)} {...itemProps(at)}>
          <Card className={cardClassName}>{children(row)}</Card>
        </li>
      ))}
    </ul>
  );
}

/** The top of a list card: what it is (`title`, then `children`, the lines under it) and its status (`badge`) beside it. */
export function CardHead({ title, badge, children }: { title: ReactNode; badge: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        {title}
        {children}
      </div>
      {badge}
    </div>
  );
}

/** A card's title as the link to its record's detail page (long names wrap). */
export function CardTitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="block font-semibold break-words text-ink hover:text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

const figureTones = {
  plain: { box: 'bg-canvas', label: 'text-muted', value: '', note: 'text-muted' },
  red: { box: 'bg-red-50', label: 'text-red-800', value: 'text-red-900', note: 'text-red-800' },
};

/** One figure of a list card (in its `dl`): what it is, the figure, and a note under it; `red` for what is overdue. */
export function CardFigure({
  label,
  value,
  note,
  tone = 'plain',
}: {
  label: string;
  value: ReactNode;
  note: ReactNode;
  tone?: keyof typeof figureTones;
}) {
  const classes = figureTones[tone];
  return (
    <div className={`rounded-lg ${classes.box} px-3 py-2`}>
      <dt className={`text-xs ${classes.label}`}>{label}</dt>
      <dd className={cn('font-semibold', classes.value)}>{value}</dd>
      <dd className={`text-xs ${classes.note}`}>{note}</dd>
    </div>
  );
}

export interface ListSkeletonProps {
  layout: Layout;
  /** The accessible name while loading, e.g. 'Memuat data pinjaman'. */
  label: string;
  /** Cards per line on a tablet (the phone always shows one). */
  tabletColumns: 1 | 2;
  /** Classes of the placeholder bars of one card, top to bottom. */
  cardLines: readonly string[];
  /** Classes of the placeholder cells of one table row, left to right. */
  rowCells: readonly string[];
}

/** Placeholder cards (tablet, phone) or table rows (desktop) while a list's first page loads. */
export function ListSkeleton({ layout, label, tabletColumns, cardLines, rowCells }: ListSkeletonProps) {
  if (layout !== 'desktop') {
    const columns = layout === 'tablet' ? tabletColumns : 1;
    return (
      <div className={columns === 2 ? 'grid grid-cols-2 gap-3' : 'grid grid-cols-1 gap-3'} aria-busy="true" aria-label={label}>
        {[0, 1, 2, 3].map((card) => (
          <Card key={card} className="space-y-3 p-4">
            {cardLines.map((line, index) => (
              <Skeleton key={index} className={line} />
            ))}
          </Card>
        ))}
      </div>
    );
  }
  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-white" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-4">
          {rowCells.map((cell, index) => (
            <Skeleton key={index} className={cell} />
          ))}
        </div>
      ))}
    </div>
  );
}
