import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatAngka } from '@mizan/core';
import { Button } from '../../../components/ui/button';

/**
 * Pages of a book (Jurnal, Buku Besar): where this page stands and the way to the one before and
 * after; `what` names the rows for a screen reader ("jurnal", "baris buku besar").
 */
export function Pager({
  page,
  totalPages,
  total,
  what,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  what: string;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={`Halaman ${what}`} className="flex flex-wrap items-center justify-between gap-3 py-2">
      <p className="text-sm text-muted">
        Halaman {formatAngka(page)} dari {formatAngka(totalPages)} · {formatAngka(total)} {what}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={`Halaman ${what} sebelumnya`}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Sebelumnya
        </Button>
        <Button
          variant="outline"
          onClick={() => onPage(page + 1)}
          disabled={page >= totalPages}
          aria-label={`Halaman ${what} berikutnya`}
        >
          Berikutnya
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
