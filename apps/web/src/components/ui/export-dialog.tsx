import { FileSpreadsheet, FileText } from 'lucide-react';
import { Dialog } from './dialog';
import { Spinner } from './spinner';
import { useToast } from './toast';
import { useRunningAction } from './use-running-action';
import type { ExportFormat } from '@mizan/core';
import type { ExportButtonProps } from './export-button';

const choices = [
  { format: 'xlsx', label: 'Excel (.xlsx)', hint: 'Untuk dibuka dan diolah di Excel atau Google Sheets', icon: FileSpreadsheet },
  { format: 'csv', label: 'CSV (.csv)', hint: 'Teks dipisah koma, untuk program lain', icon: FileText },
] as const;

/** The choice of Excel or CSV behind "Ekspor" (export-button.tsx), loaded when first wanted. */
export function ExportDialog({ what, onExport, filters = [], onClose }: ExportButtonProps & { onClose(): void }) {
  const { showToast } = useToast();
  const { running, run } = useRunningAction<ExportFormat>();
  const download = (format: ExportFormat) =>
    run(
      format,
      async () => {
        await onExport(format);
        onClose();
        showToast('File ekspor berhasil diunduh', 'success');
      },
      'Gagal mengekspor data',
    );
  return (
    <Dialog
      open
      onOpenChange={(next) => running === null && !next && onClose()}
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
            onClick={() => void download(format)}
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
  );
}
