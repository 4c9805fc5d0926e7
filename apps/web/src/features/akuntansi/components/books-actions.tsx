import { FileDown } from 'lucide-react';
import type { ExportFormat } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { ExportButton } from '../../../components/ui/export-button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useRunningAction } from '../../../components/ui/use-running-action';
import type { Query } from '../../../lib/api-client';
import { downloadBooksPdf, exportBooks } from '../api/books';

/**
 * A book's files in its page header: "Ekspor" (Excel or CSV) and "Unduh PDF" (A4 with the
 * institution's header), both for the filters on screen. `what` names it for a screen reader
 * ("jurnal" → "Ekspor jurnal", "Unduh PDF jurnal"); `exportName` and `pdfName` are its API paths.
 */
export function BooksActions({
  what,
  exportName,
  pdfName,
  query,
  filters,
}: {
  what: string;
  exportName: string;
  pdfName: string;
  query: Query;
  filters?: readonly string[];
}) {
  const { showToast } = useToast();
  const { running, run } = useRunningAction<'pdf'>();
  const pdf = () =>
    run(
      'pdf',
      async () => {
        await downloadBooksPdf(pdfName, query);
        showToast('PDF berhasil diunduh', 'success');
      },
      'Gagal mengunduh PDF',
    );
  // One row on tablets and desktops: the header's title wraps rather than the two buttons stacking.
  return (
    <div className="flex flex-wrap gap-2 md:flex-nowrap">
      <ExportButton what={what} filters={filters} onExport={(format: ExportFormat) => exportBooks(exportName, query, format)} />
      <Button variant="outline" onClick={() => void pdf()} disabled={running !== null} aria-label={`Unduh PDF ${what}`}>
        {running ? <Spinner className="h-4 w-4" /> : <FileDown className="h-4 w-4" aria-hidden="true" />}
        Unduh PDF
      </Button>
    </div>
  );
}
