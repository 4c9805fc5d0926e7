import { forwardRef, type ComponentPropsWithoutRef, type ElementType } from 'react';
import { cn } from './cn';

const base =
  'w-full rounded-lg border bg-white px-3 text-sm text-ink placeholder:text-muted/70 shadow-xs transition-colors focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20 disabled:bg-canvas disabled:text-muted';
const stateClass = (invalid?: boolean) => (invalid ? 'border-red-500' : 'border-line');

/** A form control's own props, and `invalid`: a red border, announced as invalid. */
type ControlProps<Tag extends keyof ControlElements> = ComponentPropsWithoutRef<Tag> & { invalid?: boolean };
interface ControlElements {
  input: HTMLInputElement;
  textarea: HTMLTextAreaElement;
  select: HTMLSelectElement;
}

/** A form control of the design system: the element `tag` with the shared look and its own `size` classes. */
function control<Tag extends keyof ControlElements>(tag: Tag, size: string, displayName: string) {
  const Control = forwardRef<ControlElements[Tag], ControlProps<Tag>>(function Control({ className, invalid, ...props }, ref) {
    const Element = tag as ElementType;
    return (
      <Element
        ref={ref}
        aria-invalid={invalid || undefined}
        className={cn(base, size, stateClass(invalid), className)}
        {...props}
      />
    );
  });
  Control.displayName = displayName;
  return Control;
}

export type InputProps = ControlProps<'input'>;

export const Input = control('input', 'h-10', 'Input');
export const Textarea = control('textarea', 'min-h-20 py-2', 'Textarea');
export const Select = control('select', 'h-10 pr-8', 'Select');

/** A whole number (an order, a count of months): the numeric keypad, steps of one. */
export const WholeNumberInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'inputMode' | 'step'>>(
  function WholeNumberInput(props, ref) {
    return <Input ref={ref} type="number" inputMode="numeric" step={1} {...props} />;
  },
);

/** A checkbox that says its new state: `onChange(checked)`. */
export function Checkbox({
  onChange,
  ...props
}: Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'onChange'> & { onChange(checked: boolean): void }) {
  return <input type="checkbox" {...props} onChange={(e) => onChange(e.target.checked)} />;
}

/** A select's options: one per value, in order, each shown by its label. */
export function LabeledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
