import { Check } from 'lucide-react';
import type { WaStep } from '@mizan/core';
import { cn } from '../../../components/ui/cn';

/** The 3-step indicator of spec §2; each step's state and note come from waSteps() (core). */
export function StepIndicator({ steps }: { steps: readonly WaStep[] }) {
  return (
    <ol aria-label="Langkah menghubungkan WhatsApp" className="grid grid-cols-3 gap-2 sm:gap-4">
      {steps.map(({ label, state, note }, index) => {
        const done = state === 'done';
        const current = state === 'current';
        return (
          <li
            key={label}
            data-state={state}
            aria-current={current ? 'step' : undefined}
            className="flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:text-left"
          >
            <span
              className={cn(
                'flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done && 'border-brand-700 bg-brand-700 text-white',
                current && 'border-brand-700 bg-white text-brand-800',
                !done && !current && 'border-line bg-white text-muted',
              )}
              aria-hidden="true"
            >
              {done ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            <span className="min-w-0">
              <span className={cn('block text-xs font-semibold sm:text-sm', done ? 'text-brand-800' : 'text-ink')}>{label}</span>
              <span className={cn('block text-xs', current ? 'font-medium text-amber-800' : 'text-muted')}>{note}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
