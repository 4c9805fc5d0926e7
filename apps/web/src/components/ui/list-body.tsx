import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { QueryError } from './alert';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { LoadMore } from './load-more';

/** What the body reads of the page's infinite list query (TanStack Query's `useInfiniteQuery`). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
}

export interface ListBodyProps {
  query: ListQuery;
  /** Alert title on failure, e.g. 'Gagal memuat data nasabah'. */
  errorTitle: string;
  /** Message when the server gave none. */
  errorFallback: string;
  rowCount: number;
  /** All matching rows, when the server said; Load More shows "Menampilkan … dari …". */
  total?: number;
  onLoadMore(): void;
  /** Text once everything is loaded, e.g. (n) => `Semua data sudah dimuat (${n} nasabah)`. */
  doneText(loaded: number): string;
  skeleton: ReactNode;
  /** Empty-state text, e.g. 'Tidak ada data nasabah', and its action (add, or reset the filter). */
  emptyMessage: string;
  emptyAction?: ReactNode;
  /** The rows (the list view). */
  children: ReactNode;
}

/**
 * The body of a list page (spec §4 Lists): skeleton while the first page loads, an error with
 * 'Coba lagi' when nothing could be shown, the empty state, or the rows with their Load More
 * footer. A failure while rows are shown keeps them (the page announces it with a toast).
 */
export function ListBody({
  query,
  errorTitle,
  errorFallback,
  rowCount,
  total,
  onLoadMore,
  doneText,
  skeleton,
  emptyMessage,
  emptyAction,
  children,
}: ListBodyProps) {
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError && rowCount === 0) {
    return <QueryError title={errorTitle} error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />;
  }
  if (rowCount === 0) {
    return (
      <div className="rounded-xl border border-line bg-white">
        <EmptyState message={emptyMessage} action={emptyAction} />
      </div>
    );
  }
  return (
    <>
      {children}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={onLoadMore}
        loaded={rowCount}
        total={total}
        doneText={doneText}
      />
    </>
  );
}

/** A list page's add button ('Tambah …'): in the page header, and small in the empty list. */
export function AddButton({ onClick, size, children }: { onClick(): void; size?: 'sm'; children: string }) {
  return (
    <Button size={size} onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {children}
    </Button>
  );
}

/** The empty list's action: 'Reset Filter' while a filter may be hiding rows, else adding the first one (`addLabel`). */
export function EmptyListAction({
  filtered,
  onReset,
  addLabel,
  onAdd,
}: {
  filtered: boolean;
  onReset(): void;
  addLabel: string;
  onAdd(): void;
}) {
  return filtered ? (
    <Button size="sm" variant="outline" onClick={onReset}>
      Reset Filter
    </Button>
  ) : (
    <AddButton size="sm" onClick={onAdd}>
      {addLabel}
    </AddButton>
  );
}
