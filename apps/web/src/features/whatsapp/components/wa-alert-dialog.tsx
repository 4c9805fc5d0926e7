import type { ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from '../../../components/ui/button';
import { ResultText } from './result-mark';

export interface WaAlert {
  /** The result line, e.g. '✅ Status berhasil diperbarui'. */
  title: string;
  details?: ReactNode;
}

/**
 * The in-app stand-in for the browser's alert() of spec §8: an accessible alert dialog
 * (role alertdialog, focus on OK, Escape or OK closes it).
 */
export function WaAlertDialog({ alert, onClose }: { alert: WaAlert | undefined; onClose(): void }) {
  return (
    <AlertDialog.Root open={Boolean(alert)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[60] flex max-h-[85dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-5 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-base font-semibold break-words text-ink">
            {alert ? <ResultText text={alert.title} /> : null}
          </AlertDialog.Title>
          {alert?.details ? (
            <AlertDialog.Description asChild>
              <div className="mt-3 min-h-0 overflow-y-auto text-sm text-muted">{alert.details}</div>
            </AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{alert?.title}</AlertDialog.Description>
          )}
          <div className="mt-5 flex justify-end">
            <AlertDialog.Action asChild>
              <Button className="min-w-24">OK</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
