import type { ComponentProps, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { SummaryCardStrip } from '../../../components/ui/summary-card';

/**
 * A report under its filters: the error when it failed, else its two headline figures (placeholders while
 * loading), then `children` with the report (a skeleton until it arrives) and `after` (notes that need no data).
 */
export function ReportBody<T>({
  query,
  errorTitle,
  cards,
  children,
  after,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  cards: ComponentProps<typeof SummaryCardStrip>['cards'];
  children(data: T): ReactNode;
  after?: ReactNode;
}) {
  if (query.isError) return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <SummaryCardStrip className="grid grid-cols-2 gap-3" loading={query.isPending} compact cards={cards} />
      {query.data ? children(query.data) : <Skeleton className="h-64" />}
      {after}
    </>
  );
}
