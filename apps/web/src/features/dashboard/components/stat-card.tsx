import type { ReactNode } from 'react';
import { TrendingUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** One dashboard figure; `change` is the spec's fixed label (+12%, +8%, +15%), not computed. */
export function StatCard({
  title,
  value,
  change,
  icon,
  loading,
}: {
  title: string;
  value: string;
  change: string;
  icon: ReactNode;
  loading: boolean;
}) {
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
      <p className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-brand-700">
        <TrendingUp className="h-3.5 w-3.5" aria-hidden="true" />
        {change}
      </p>
    </Card>
  );
}
