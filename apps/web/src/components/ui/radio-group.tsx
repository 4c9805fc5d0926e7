import { useId, type ReactNode } from 'react';
import * as RadixRadio from '@radix-ui/react-radio-group';
import { cn } from './cn';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface RadioGroupProps<T extends string> {
  label: ReactNode;
  value: T;
  onValueChange(value: T): void;
  options: readonly RadioOption<T>[];
  /** Lay the options out in a row (default) or a column. */
  orientation?: 'horizontal' | 'vertical';
  name?: string;
  className?: string;
}

/**
 * A labelled group of radio buttons (Radix: arrow keys move between options, one tab stop).
 * Each option is a pill that is easy to hit on a phone.
 */
export function RadioGroup<T extends string>({
  label,
  value,
  onValueChange,
  options,
  orientation = 'horizontal',
  name,
  className,
}: RadioGroupProps<T>) {
  const labelId = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <p id={labelId} className="text-sm font-medium text-ink">
        {label}
      </p>
      <RadixRadio.Root
        aria-labelledby={labelId}
        value={value}
        name={name}
        orientation={orientation}
        onValueChange={(next) => onValueChange(next as T)}
        className={cn('flex gap-2', orientation === 'vertical' ? 'flex-col' : 'flex-wrap')}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
              value === option.value
                ? 'border-brand-500 bg-brand-50 text-brand-900'
                : 'border-line bg-white text-ink hover:bg-canvas',
            )}
          >
            <RadixRadio.Item
              value={option.value}
              className="flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-brand-600 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <RadixRadio.Indicator className="h-2 w-2 rounded-full bg-brand-700" />
            </RadixRadio.Item>
            <span>{option.label}</span>
          </label>
        ))}
      </RadixRadio.Root>
    </div>
  );
}
