import { forwardRef } from 'react';
import { formatAmountInput, parseAmountInput } from '@mizan/core';
import { Input, type InputProps } from './input';

export interface AmountInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'inputMode'> {
  /** Whole rupiah, or null when empty. */
  value: number | null | undefined;
  onValueChange(value: number | null): void;
}

/**
 * A rupiah amount field (spec §5): keeps digits only and shows them as 'Rp 12.000.000' while
 * typing; the value handed out is the whole number of rupiah, or null when empty.
 */
export const AmountInput = forwardRef<HTMLInputElement, AmountInputProps>(function AmountInput(
  { value, onValueChange, placeholder = 'Rp 0', ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      value={formatAmountInput(value ?? null)}
      onChange={(event) => onValueChange(parseAmountInput(event.target.value))}
      {...props}
    />
  );
});
