import { useState, type ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title?: ReactNode;
  /** The question, e.g. 'Apakah Anda yakin ingin menghapus nasabah ini?' */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm(): void;
}

/** Confirmation before a destructive action (spec §5 Confirmations). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title = 'Konfirmasi Hapus',
  message,
  confirmLabel = 'Hapus',
  cancelLabel = 'Batal',
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{message}</AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending ? 'Memproses...' : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The open state of a confirmation whose action runs a request: `ask()` opens it, `close()` closes it,
 * and `props` (ConfirmDialog's `open`, `onOpenChange`, `pending`) keep it open while the request runs.
 */
export function useConfirmation(pending: boolean) {
  const [open, setOpen] = useState(false);
  return {
    ask: () => setOpen(true),
    close: () => setOpen(false),
    props: { open, onOpenChange: (next: boolean) => !pending && setOpen(next), pending },
  };
}
