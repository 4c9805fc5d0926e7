import { cn } from './cn';
import { Link } from 'react-router';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

export interface RowActionsProps {
  /** What the row is, as a screen reader hears it: "nasabah Siti Aminah". Every action's name ends with it. */
  subject: string;
  detailHref: string;
  onEdit(): void;
  /** Absent for a record that may not be deleted (a loan written off): no Hapus then. */
  onDelete?: () => void;
  /** Text beside the icons (phone cards); otherwise icons only (table rows). */
  labelled?: boolean;
}

/**
 * A list row's Detail, Edit and Hapus. The visible text may be short ("Edit") or absent, but each
 * accessible name says what it acts on ("Edit nasabah Siti Aminah"), so that the buttons of one
 * row can be told from another row's and from the page's own.
 */
export function RowActions({ subject, detailHref, onEdit, onDelete, labelled = false }: RowActionsProps) {
  const size = labelled ? 'sm' : 'icon';
  return (
    <div
      className={labelled ? cn('grid gap-2', onDelete ? 'grid-cols-3' : 'grid-cols-2') : 'flex items-center justify-end gap-1'}
    >
      <Link
        to={detailHref}
        aria-label={`Lihat detail ${subject}`}
        className={
          labelled
            ? 'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100'
            : 'inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-brand-800'
        }
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
        {labelled ? 'Detail' : null}
      </Link>
      <Button variant={labelled ? 'outline' : 'ghost'} size={size} onClick={onEdit} aria-label={`Edit ${subject}`}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        {labelled ? 'Edit' : null}
      </Button>
      {onDelete ? (
        <Button
          variant={labelled ? 'outline' : 'ghost'}
          size={size}
          onClick={onDelete}
          aria-label={`Hapus ${subject}`}
          className={labelled ? 'text-red-700 hover:bg-red-50' : 'hover:bg-red-50 hover:text-red-700'}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {labelled ? 'Hapus' : null}
        </Button>
      ) : null}
    </div>
  );
}
