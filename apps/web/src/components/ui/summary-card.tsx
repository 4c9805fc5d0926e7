import type { ReactNode } from 'react';
import { Card } from './card';
import { Skeleton } from './skeleton';
import { cn } from './cn';

type Tone = 'brand' | 'gold' | 'sky' | 'amber';
const iconTones: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-700',
  gold: 'bg-gold-100 text-gold-700',
  sky: 'bg-sky-50 text-sky-700',
  amber: 'bg-amber-50 text-amber-700',
};

export interface SummaryCardProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: Tone;
  loading?: boolean;
  hint?: ReactNode;
  /** Drop the icon and tighten the padding on phones, so three cards fit side by side at 390 px. */
  compact?: boolean;
}

/** One figure with a label and an icon (detail summaries, statistics strips). */
export function SummaryCard({ label, value, icon, tone = 'brand', loading = false, hint, compact = false }: SummaryCardProps) {
  return (
    <Card className={cn('flex items-start gap-3', compact ? 'p-3 sm:p-4' : 'p-4')}>
      {icon ? (
        <span
          className={cn(
            'h-10 w-10 shrink-0 items-center justify-center rounded-xl',
            compact ? 'hidden sm:flex' : 'flex',
            iconTones[tone],
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted sm:text-sm">{label}</p>
        {loading ? (
          <Skeleton className="mt-1.5 h-6 w-24 max-w-full" />
        ) : (
          <p className="mt-0.5 text-base font-bold tracking-tight break-words text-ink sm:text-xl">{value}</p>
        )}
        {hint ? <p className="mt-0.5 text-xs text-muted">{hint}</p> : null}
      </div>
    </Card>
  );
}

/**
 * A row of summary cards that load together: `className` lays out the grid, every card gets `loading` and `compact`;
 * a card with `cell` sits in its own grid cell of that class (to span columns).
 */
export function SummaryCardStrip({
  cards,
  loading = false,
  compact = false,
  className,
  testId,
}: {
  cards: (Omit<SummaryCardProps, 'loading' | 'compact'> & { cell?: string })[];
  loading?: boolean;
  compact?: boolean;
  className: string;
  testId?: string;
}) {
  return (
    <div className={className} data-testid={testId}>
      {cards.map(({ cell, ...card }) => {
        const summary = <SummaryCard key={card.label} {...card} loading={loading} compact={compact} />;
        return cell ? (
          <div key={card.label} className={cell}>
            {summary}
          </div>
        ) : (
          summary
        );
      })}
    </div>
  );
}
