import type { ReactNode } from 'react';
import type { RecipientPagination } from '@mizan/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Sebelumnya / Selanjutnya and 'Menampilkan X sampai Y dari Z hasil'; only with more than one page. */
export function RecipientsPagination({
  pagination,
  onPage,
}: {
  pagination: RecipientPagination | undefined;
  onPage(page: number): void;
}) {
  if (!pagination || pagination.total_pages <= 1) return null;
  const { current_page: page, total_pages: pages, total_items: total, items_per_page: perPage } = pagination;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return (
    <PagerNav label="Halaman penerima" page={page} hasNext={page < pages} onPage={onPage}>
      Menampilkan {from} sampai {to} dari {total} hasil
    </PagerNav>
  );
}

/** A list's page changer under the list: what the page shows (`children`), then Sebelumnya / Selanjutnya. */
export function PagerNav({
  label,
  page,
  hasNext,
  onPage,
  children,
}: {
  label: string;
  page: number;
  hasNext: boolean;
  onPage(page: number): void;
  children: ReactNode;
}) {
  return (
    <nav
      aria-label={label}
      className="flex flex-col items-center justify-between gap-3 border-t border-line px-4 py-3 sm:flex-row sm:px-5"
    >
      <p className="text-sm text-muted">{children}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Sebelumnya
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext}>
          Selanjutnya
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
