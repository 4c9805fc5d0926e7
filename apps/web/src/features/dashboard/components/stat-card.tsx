import type { ReactNode } from 'react';
import { figureChange, formatFigureChange } from '@mizan/core';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../components/ui/cn';

/** What a figure's rise means: good (counts, outstanding), bad (NPF, PAR). */
export type Direction = 'naik-baik' | 'naik-buruk';

export interface Comparison {
  now: number | null;
  /** The value at the end of last month; null when no snapshot of that day exists. */
  before: number | null;
  kind: 'jumlah' | 'rasio';
  direction: Direction;
}

const COMPARED_WITH = 'dibanding akhir bulan lalu';

/**
 * One dashboard figure with its change against the end of last month, computed from the
 * portfolio snapshots (core `figureChange`): never a fixed text (issue 23). Without a snapshot of
 * last month's end there is nothing to compare with, and no label is shown.
 */
export function StatCard({
  title,
  value,
  icon,
  loading,
  detail,
  comparison,
}: {
  title: string;
  value: string;
  icon: ReactNode;
  loading: boolean;
  /** A second line under the value (e.g. NPF net). */
  detail?: string;
  comparison?: Comparison;
}) {
  const change = comparison ? figureChange(comparison.now, comparison.before, comparison.kind) : null;
  const label = formatFigureChange(change);
  const good = change && change.arah !== 'tetap' && (change.arah === 'naik') === (comparison?.direction === 'naik-baik');
  return (
    <Card className="p-5" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted">{title}</p>
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <>
          <p className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{value}</p>
          {detail ? <p className="mt-0.5 text-sm text-muted">{detail}</p> : null}
          {label && change ? (
            <p className="mt-2 text-xs" title={COMPARED_WITH}>
              <span
                className={cn('font-semibold', change.arah === 'tetap' ? 'text-muted' : good ? 'text-brand-700' : 'text-red-700')}
              >
                {label}
              </span>{' '}
              <span className="text-muted">{COMPARED_WITH}</span>
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
