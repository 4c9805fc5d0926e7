import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/**
 * One dashboard figure. The specification's fixed change labels (+12 %, +8 %, +15 %) are not
 * shown: they were not true (issue 23); a computed change against the end of last month comes with
 * the portfolio snapshots.
 */
export function StatCard({ title, value, icon, loading }: { title: string; value: string; icon: ReactNode; loading: boolean }) {
  return (
    <Card className="p-5" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted">{title}</p>
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden="true">
          {icon}
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <p className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{value}</p>
      )}
    </Card>
  );
}
