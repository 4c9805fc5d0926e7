import type { ReactNode } from 'react';
import { ArrowUpDown, Filter, RotateCcw } from 'lucide-react';
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
  /** Active filters shown as badges. */
  chips?: readonly string[];
  /** Anything else after the buttons (e.g. clearable chips). */
  children?: ReactNode;
}

/** Filter, Sort and Reset Filter of every list page, with the active filters beside them. */
export function ListToolbar({ onFilter, onSort, onReset, resetDisabled, sortHint, chips = [], children }: ListToolbarProps) {
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
          {chips.map((chip) => (
            <Badge key={chip} tone="green">
              {chip}
            </Badge>
          ))}
        </div>
      ) : null}
      {children}
    </div>
  );
}
