import { useId, type ReactElement, cloneElement, type ReactNode } from 'react';
import { cn } from './cn';

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** The control; it receives id, aria-describedby and invalid. */
  children: ReactElement<Record<string, unknown>>;
}

/** Label, control and error message, wired together for screen readers. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {cloneElement(children, { id, 'aria-describedby': describedBy, invalid: Boolean(error) })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A control's label with the required mark, which sits outside the label so the control's accessible name is exactly its label. */
export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-baseline gap-0.5">
      <label htmlFor={htmlFor} id={id} className="block text-sm font-medium text-ink">
        {children}
      </label>
      {required ? (
        <span className="text-sm text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

/** A control's error message (nothing without one); `id` is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-xs font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A control wrapped in its own label, the label's text above it: a report's or a section's filter. */
export function LabelAbove({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={cn('grid gap-1 text-sm font-medium text-ink', className)}>
      {label}
      {children}
    </label>
  );
}
