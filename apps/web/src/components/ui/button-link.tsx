import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonVariant } from './button';

/**
 * A link to another screen drawn as the design system's button (outline or primary), its icon
 * before the text; `narrow` pads it less (two side by side in a narrow column).
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
  tone?: Extract<ButtonVariant, 'outline' | 'primary'>;
  narrow?: boolean;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} aria-label={ariaLabel} className={buttonClasses(tone, narrow ? 'compact' : 'md', className)}>
      {icon}
      {children}
    </Link>
  );
}
