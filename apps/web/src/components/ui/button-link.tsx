import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

const tones = {
  outline: ['border border-line bg-white', 'text-ink hover:bg-canvas'],
  primary: ['bg-brand-700', 'text-white hover:bg-brand-800'],
} as const;

/**
 * A link to another screen drawn as a button (the outline or the primary one), its icon before
 * the text; `narrow` pads it less (two side by side in a narrow column).
 */
export function ButtonLink({
  to,
  icon,
  tone = 'outline',
  narrow = false,
  className,
  'aria-label': ariaLabel,
  children,
}: {
  to: string;
  icon: ReactNode;
  tone?: keyof typeof tones;
  narrow?: boolean;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const [before, after] = tones[tone];
  return (
    <Link
      to={to}
      aria-label={ariaLabel}
      className={cn(
        'inline-flex h-10 items-center justify-center gap-2 rounded-lg',
        before,
        narrow ? 'px-3' : 'px-4',
        'text-sm font-medium',
        after,
        className,
      )}
    >
      {icon}
      {children}
    </Link>
  );
}
