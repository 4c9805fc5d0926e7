import { ChevronsDown } from 'lucide-react';
import { formatAngka } from '@mizan/core';
import { Button } from './button';

export interface LoadMoreProps {
  /** Whether another page may exist. */
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  /** Rows shown so far. */
  loaded: number;
  /** All matching rows, when the server said (meta.pagination.total). */
  total?: number;
  /** Text once everything is loaded, e.g. (n) => `Semua data sudah dimuat (${n} nasabah)`. */
  doneText(loaded: number): string;
  label?: string;
}

/**
 * Footer of a cumulative list (spec §2, §4): a 'Load More' button that appends the next page, and
 * the 'all loaded' sentence once there is nothing more. Renders nothing for an empty list.
 */
export function LoadMore({ hasMore, loading, onLoadMore, loaded, total, doneText, label = 'Load More' }: LoadMoreProps) {
  if (loaded === 0) return null;
  return (
    <div className="flex flex-col items-center gap-2 py-5 text-center" data-testid="load-more">
      {hasMore ? (
        <>
          {total !== undefined ? (
            <p className="text-xs text-muted">
              Menampilkan {formatAngka(loaded)} dari {formatAngka(total)}
            </p>
          ) : null}
          <Button variant="outline" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
            <ChevronsDown className="h-4 w-4" aria-hidden="true" />
            {loading ? 'Memuat...' : label}
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted" role="status">
          {doneText(loaded)}
        </p>
      )}
    </div>
  );
}
