import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
type Variant = ButtonVariant;
type Size = 'sm' | 'md' | 'compact' | 'lg' | 'icon';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm disabled:bg-brand-700/60',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100 disabled:opacity-60',
  outline: 'border border-line bg-white text-ink hover:bg-canvas disabled:opacity-60',
  ghost: 'text-muted hover:bg-brand-50 hover:text-brand-800 disabled:opacity-60',
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm disabled:bg-red-700/60',
};
const sizes: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  /** The height of `md`, narrower sides (two side by side in a narrow column). */
  compact: 'h-10 px-2.5 text-sm gap-1.5',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'h-10 w-10 justify-center',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

/** The classes of the design system's button: for `Button`, and for a link drawn as one (`ButtonLink`). */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return cn(
    // Icons keep their size in a tight row.
    'inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

/** The one button of the design system. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
