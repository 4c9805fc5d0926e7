import { X } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

/** 'Hapus Filter' in a WhatsApp list's toolbar: clears its search and filters. */
export function ClearFiltersButton({ onClick, className }: { onClick(): void; className?: string }) {
  return (
    <Button variant="ghost" className={className} onClick={onClick}>
      <X className="h-4 w-4" aria-hidden="true" />
      Hapus Filter
    </Button>
  );
}

/** A WhatsApp list's load error, in its card under the toolbar (`fallback` when the error says nothing). */
export function ListCardError({ title, error, fallback }: { title: string; error: unknown; fallback: string }) {
  return (
    <div className="p-4 lg:px-5">
      <Alert tone="error" title={title}>
        {errorMessage(error, fallback)}
      </Alert>
    </div>
  );
}
