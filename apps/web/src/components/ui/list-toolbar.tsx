import type { ReactNode } from 'react';
import { ArrowUpDown, Filter, RotateCcw, X } from 'lucide-react';
import { Badge } from './badge';
import { Button } from './button';

export interface ListToolbarProps {
  onFilter(): void;
  onSort(): void;
  onReset(): void;
  /** True when nothing is filtered or sorted away from the defaults. */
  resetDisabled: boolean;
  /** Short note next to Sort, e.g. the current key and direction. */
  sortHint?: ReactNode;
  /** Active filters shown as badges; one with `clear` gets its own remove button. */
  chips?: readonly (string | FilterChip)[];
}

/** An active filter the user can remove on its own. */
export interface FilterChip {
  label: string;
  clear(): void;
}

/** Filter, Sort and Reset Filter of every list page, with the active filters beside them. */
export function ListToolbar({ onFilter, onSort, onReset, resetDisabled, sortHint, chips = [] }: ListToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="grid grid-cols-3 gap-2 sm:flex">
        <Button variant="outline" size="sm" onClick={onFilter}>
          <Filter className="h-4 w-4" aria-hidden="true" />
          Filter
        </Button>
        <Button variant="outline" size="sm" onClick={onSort}>
          <ArrowUpDown className="h-4 w-4" aria-hidden="true" />
          Sort
          {sortHint ? <span className="text-xs text-muted">({sortHint})</span> : null}
        </Button>
        <Button variant="ghost" size="sm" onClick={onReset} disabled={resetDisabled}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Reset Filter
        </Button>
      </div>
      {chips.length > 0 ? (
        <div className="flex flex-wrap gap-1.5" aria-label="Filter aktif">
          {chips.map((chip) =>
            typeof chip === 'string' ? (
              <Badge key={chip} tone="green">
                {chip}
              </Badge>
            ) : (
              <span
                key={chip.label}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-xs font-medium text-brand-900"
              >
                <span className="truncate">{chip.label}</span>
                <button
                  type="button"
                  onClick={chip.clear}
                  className="rounded-full p-0.5 hover:bg-brand-100"
                  aria-label={`Hapus filter ${chip.label}`}
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </span>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
