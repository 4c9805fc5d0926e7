import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { EmptyState } from './empty-state';

export interface ListBodyProps {
  /** The first page is loading: the skeleton shows. */
  pending: boolean;
  /** The list (first page or refresh) failed. */
  failed: boolean;
  error: unknown;
  /** Alert title on failure, e.g. 'Gagal memuat data nasabah'. */
  errorTitle: string;
  /** Message when the server gave none. */
  errorFallback: string;
  onRetry(): void;
  rowCount: number;
  skeleton: ReactNode;
  /** Empty-state text, e.g. 'Tidak ada data nasabah', and its action (add, or reset the filter). */
  emptyMessage: string;
  emptyAction?: ReactNode;
  /** The rows and their Load More footer. */
  children: ReactNode;
}

/**
 * The body of a list page (spec §4 Lists): skeleton while the first page loads, an error with
 * 'Coba lagi' when nothing could be shown, the empty state, or the rows. A failure while rows are
 * shown keeps them (the page announces it with a toast).
 */
export function ListBody({
  pending,
  failed,
  error,
  errorTitle,
  errorFallback,
  onRetry,
  rowCount,
  skeleton,
  emptyMessage,
  emptyAction,
  children,
}: ListBodyProps) {
  if (pending) return <>{skeleton}</>;
  if (failed && rowCount === 0) {
    return (
      <Alert tone="error" title={errorTitle}>
        {errorMessage(error, errorFallback)}{' '}
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          Coba lagi
        </button>
      </Alert>
    );
  }
  if (rowCount === 0) {
    return (
      <div className="rounded-xl border border-line bg-white">
        <EmptyState message={emptyMessage} action={emptyAction} />
      </div>
    );
  }
  return <>{children}</>;
}
