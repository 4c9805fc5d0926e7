import { useCallback, useState, type ReactNode } from 'react';
import { WaAlertDialog, type WaAlert } from '../components/wa-alert-dialog';

/**
 * Result messages one after the other, each acknowledged with OK. Render `dialog` once.
 * `showing` lets a screen hold back a modal of its own until the alert is acknowledged, as the
 * browser's blocking alert() did (two modals opened at once would hide each other).
 */
export function useWaAlert() {
  const [queue, setQueue] = useState<WaAlert[]>([]);
  const alert = useCallback((title: string, details?: ReactNode) => setQueue((all) => [...all, { title, details }]), []);
  const dialog = <WaAlertDialog alert={queue[0]} onClose={() => setQueue((all) => all.slice(1))} />;
  return { alert, dialog, showing: queue.length > 0 };
}
