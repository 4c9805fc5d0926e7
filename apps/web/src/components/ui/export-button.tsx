import { useState } from 'react';
import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from './button';
import { Dialog } from './dialog';
import { Spinner } from './spinner';
import { useToast } from './toast';
import { errorMessage } from '../../lib/api-client';

/** The file formats the API writes (issue 26 B). */
export type ExportFormat = 'xlsx' | 'csv';

export interface ExportButtonProps {
  /** What is exported, in the button's accessible name: 'data nasabah' → "Ekspor data nasabah". */
  what: string;
  /** Downloads the file; rejects with the error to show. */
  onExport(format: ExportFormat): Promise<void>;
  /** The filters in force, as the list's toolbar shows them; none → every row. */
  filters?: readonly string[];
}

const choices = [
  { format: 'xlsx', label: 'Excel (.xlsx)', hint: 'Untuk dibuka dan diolah di Excel atau Google Sheets', icon: FileSpreadsheet },
  { format: 'csv', label: 'CSV (.csv)', hint: 'Teks dipisah koma, untuk program lain', icon: FileText },
] as const;

/**
 * "Ekspor" of a list or report: a dialog to choose Excel or CSV; the file holds every row with the
 * filters and sort in force (the server writes them in its title rows), not only those loaded.
 */
export function ExportButton({ what, onExport, filters = [] }: ExportButtonProps) {
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setRunning(format);
    try {
      await onExport(format);
      setOpen(false);
      showToast('File ekspor berhasil diunduh', 'success');
    } catch (error) {
      showToast(errorMessage(error, 'Gagal mengekspor data'), 'error');
    } finally {
      setRunning(null);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={`Ekspor ${what}`}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Ekspor
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => running === null && setOpen(next)}
        title={`Ekspor ${what}`}
        description={
          filters.length > 0 ? `Sesuai filter: ${filters.join(', ')}.` : 'Semua data, dengan urutan yang sedang dipakai.'
        }
        size="sm"
      >
        <div className="grid gap-2">
          {choices.map(({ format, label, hint, icon: Icon }) => (
            <button
              key={format}
              type="button"
              onClick={() => void run(format)}
              disabled={running !== null}
              aria-label={`Unduh ${what} sebagai ${label}`}
              className="flex items-center gap-3 rounded-xl border border-line px-4 py-3 text-left hover:border-brand-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {running === format ? (
                <Spinner className="h-5 w-5 shrink-0 text-brand-700" />
              ) : (
                <Icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              )}
              <span className="min-w-0">
                <span className="block font-medium text-ink">{running === format ? 'Menyiapkan file...' : label}</span>
                <span className="block text-xs text-muted">{hint}</span>
              </span>
            </button>
          ))}
        </div>
      </Dialog>
    </>
  );
}
