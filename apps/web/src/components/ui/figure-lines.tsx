import { cn } from './cn';

/** One labelled figure: an amount stays on one line; `words` (a name, a reason) wrap on the right. */
export interface FigureLine {
  label: string;
  value: string;
  strong?: boolean;
  words?: boolean;
}

/**
 * A column of labelled figures (a settlement quote, a rescheduling plan, what a request proposes):
 * label left, value right, nothing wider than the screen at 390 px. Falsy entries are skipped.
 */
export function FigureLines({
  lines,
  divided = true,
  className,
}: {
  lines: (FigureLine | null | false)[];
  divided?: boolean;
  className?: string;
}) {
  return (
    <dl className={cn('text-sm', divided ? 'divide-y divide-line' : 'grid gap-1', className)}>
      {lines
        .filter((l): l is FigureLine => Boolean(l))
        .map(({ label, value, strong = false, words = false }) => (
          <div key={label} className={cn('flex items-baseline justify-between gap-3', divided && 'py-1.5')}>
            <dt className={cn('min-w-0', strong ? 'font-semibold text-ink' : 'text-muted')}>{label}</dt>
            <dd
              className={cn(
                words ? 'min-w-0 text-right' : 'shrink-0 whitespace-nowrap tabular-nums',
                strong ? 'font-semibold text-ink' : 'text-ink',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
