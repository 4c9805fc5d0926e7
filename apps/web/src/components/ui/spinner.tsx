import { cn } from './cn';

export function Spinner({ className, label = 'Memuat...' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted', className)}>
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-screen spinner shown while the authentication state loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="scale-150" />
    </div>
  );
}
