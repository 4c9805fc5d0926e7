import { lazy, Suspense, useState } from 'react';
import { Download } from 'lucide-react';
import type { ExportFormat } from '@mizan/core';
import { Button } from './button';

export interface ExportButtonProps {
  /** What is exported, in the button's accessible name: 'data nasabah' → "Ekspor data nasabah". */
  what: string;
  /** Downloads the file; rejects with the error to show. */
  onExport(format: ExportFormat): Promise<void>;
  /** The filters in force, as the list's toolbar shows them; none → every row. */
  filters?: readonly string[];
}

// The dialog's code (and the dialog library's) is fetched when the button is pointed at, touched
// or focused, not with the list: a cold load on a slow phone line fetches only what shows the
// list (issue 28 C).
const loadDialog = () => import('./export-dialog');
const ExportDialog = lazy(async () => ({ default: (await loadDialog()).ExportDialog }));
const prefetch = () => void loadDialog();

/**
 * "Ekspor" of a list or report: a dialog to choose Excel or CSV; the file holds every row with the
 * filters and sort in force (the server writes them in its title rows), not only those loaded.
 */
export function ExportButton(props: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        aria-label={`Ekspor ${props.what}`}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Ekspor
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ExportDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
