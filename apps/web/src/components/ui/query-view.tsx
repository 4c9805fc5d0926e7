import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from './alert';
import { Skeleton } from './skeleton';

/** A page's one query: a tall skeleton while it loads, its error under `errorTitle`, else `children` with the data. */
export function QueryView<T>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  children(data: T): ReactNode;
}) {
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.isError) return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
