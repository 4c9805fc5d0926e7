import type { ReactNode } from 'react';
import { AlertCircle, AlertTriangle, Info } from 'lucide-react';
import { cn } from './cn';
import { errorMessage } from '../../lib/api-client';

type Tone = 'error' | 'warning' | 'info';
const tones: Record<Tone, { box: string; Icon: typeof Info }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-900', Icon: AlertCircle },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: AlertTriangle },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
};

/** An inline banner (e.g. 'Login Gagal'). Errors are announced to screen readers. */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-3 text-sm', box, className)}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/** An Alert of `message` (a failure, a warning) under `title`, shown only while there is one. */
export function MessageAlert({ message, ...alert }: { message: ReactNode; tone: Tone; title: string; className?: string }) {
  return message ? <Alert {...alert}>{message}</Alert> : null;
}

/** The name of a retry button that says what it retries: 'Gagal memuat X' → 'Coba lagi memuat X'. */
export const retryLabelOf = (title: string) =>
  /^Gagal /.test(title) ? title.replace(/^Gagal /, 'Coba lagi ') : `Coba lagi: ${title}`;

/**
 * A request that failed: `title`, then the server's message (else `fallback`), and with `onRetry`
 * a 'Coba lagi' button named after what it retries. Never figures: a failure must not look like data.
 */
export function QueryError({
  title,
  error,
  className,
  onRetry,
  fallback = 'Terjadi kesalahan. Silakan coba lagi.',
}: {
  title: string;
  error: unknown;
  className?: string;
  onRetry?: () => void;
  fallback?: string;
}) {
  return (
    <Alert tone="error" title={title} className={className}>
      {errorMessage(error, fallback)}
      {onRetry ? (
        <>
          {' '}
          <button type="button" className="font-semibold underline" aria-label={retryLabelOf(title)} onClick={onRetry}>
            Coba lagi
          </button>
        </>
      ) : null}
    </Alert>
  );
}
