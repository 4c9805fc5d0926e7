import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CheckCircle2, Info, X, XCircle, AlertTriangle } from 'lucide-react';
import { cn } from './cn';

export type ToastType = 'info' | 'success' | 'error' | 'warning';

/** A toast as spec §3 describes it: id, message, type (default info). */
export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  action?: ToastAction;
}

/** A button in the toast ("Cetak Kwitansi" after a payment); the toast stays twice as long. */
export interface ToastAction {
  label: string;
  /** Accessible name when the label alone does not say what it acts on. */
  ariaLabel?: string;
  onClick(): void;
}

/** Toasts auto-dismiss after 5000 ms (spec §9). */
export const TOAST_DURATION_MS = 5000;

interface ToastContextValue {
  showToast(message: string, type?: ToastType, action?: ToastAction): void;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const showToast = useCallback((message: string, type: ToastType = 'info', action?: ToastAction) => {
    const id = nextId.current++;
    setToasts((all) => [...all.slice(-4), { id, message, type, action }]);
  }, []);
  const value = useMemo(() => ({ showToast, dismiss }), [showToast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:items-end">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const styles: Record<ToastType, { box: string; Icon: typeof Info }> = {
  info: { box: 'border-sky-200 text-sky-950', Icon: Info },
  success: { box: 'border-brand-200 text-brand-900', Icon: CheckCircle2 },
  error: { box: 'border-red-200 text-red-900', Icon: XCircle },
  warning: { box: 'border-amber-200 text-amber-900', Icon: AlertTriangle },
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.action ? 2 * TOAST_DURATION_MS : TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, toast.action, onDismiss]);
  const { box, Icon } = styles[toast.type];
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-3 pr-2 text-sm shadow-lg',
        box,
      )}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 break-words">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          onClick={() => {
            toast.action!.onClick();
            onDismiss(toast.id);
          }}
          aria-label={toast.action.ariaLabel}
          className="-my-0.5 shrink-0 rounded-md border border-current/30 px-2 py-0.5 text-xs font-semibold hover:bg-black/5"
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded p-0.5 text-muted hover:text-ink"
        aria-label="Tutup notifikasi"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The toast facility; throws when used outside ToastProvider (spec §8). */
export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}
