import type { ReactNode } from 'react';
import { Card } from './card';
import { Skeleton } from './skeleton';
import type { Layout } from './use-media-query';
import { useWindowRows } from './use-window-rows';

export interface CardGridProps<T> {
  rows: readonly T[];
  /** `<testId>-list` on the list, `<testId>-row` on each card (useWindowRows). */
  testId: string;
  /** The list's accessible name, e.g. 'Daftar pinjaman'. */
  label: string;
  /** A card's usual height in pixels, before it is measured. */
  estimateSize: number;
  /** Cards per line: two on a tablet, one on a phone. */
  columns: 1 | 2;
  getKey(row: T): number;
  /** Classes of each card (padding, inner layout). */
  cardClassName: string;
  /** What one card shows. */
  children(row: T): ReactNode;
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
