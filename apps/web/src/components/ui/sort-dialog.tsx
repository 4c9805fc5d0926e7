import { ArrowDown, ArrowUp, Check } from 'lucide-react';
import { Dialog } from './dialog';
import { cn } from './cn';

export type SortOrder = 'asc' | 'desc';

export interface SortState<K extends string> {
  sortBy: K;
  sortOrder: SortOrder;
}

/** Spec §9: picking a new key starts at DESC; picking the current key toggles its direction. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.sortBy !== key) return { sortBy: key, sortOrder: 'desc' };
  return { sortBy: key, sortOrder: current.sortOrder === 'desc' ? 'asc' : 'desc' };
}

export interface SortOption<K extends string> {
  value: K;
  label: string;
}

export interface SortDialogProps<K extends string> {
  open: boolean;
  onOpenChange(open: boolean): void;
  title?: string;
  options: readonly SortOption<K>[];
  value: SortState<K>;
  /** Called with the next state (see {@link nextSort}); the dialog then closes. */
  onChange(next: SortState<K>): void;
}

const orderLabel: Record<SortOrder, string> = { asc: 'Naik (A–Z, kecil–besar)', desc: 'Turun (Z–A, besar–kecil)' };

/**
 * The list sort dialog: one button per key. The current key shows its direction; choosing it again
 * reverses it, choosing another key sorts by that key, descending first.
 */
export function SortDialog<K extends string>({
  open,
  onOpenChange,
  title = 'Urutkan Data',
  options,
  value,
  onChange,
}: SortDialogProps<K>) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Pilih kolom; pilih lagi untuk membalik arah."
      size="sm"
    >
      <ul className="grid gap-1.5" aria-label="Kolom pengurutan">
        {options.map((option) => {
          const active = value.sortBy === option.value;
          const Arrow = value.sortOrder === 'asc' ? ArrowUp : ArrowDown;
          return (
            <li key={option.value}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => {
                  onChange(nextSort(value, option.value));
                  onOpenChange(false);
                }}
                className={cn(
                  'flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left text-sm transition-colors',
                  active
                    ? 'border-brand-500 bg-brand-50 font-medium text-brand-900'
                    : 'border-line bg-white text-ink hover:bg-canvas',
                )}
              >
                <span className="flex items-center gap-2">
                  {active ? (
                    <Check className="h-4 w-4 text-brand-700" aria-hidden="true" />
                  ) : (
                    <span className="w-4" aria-hidden="true" />
                  )}
                  {option.label}
                </span>
                {active ? (
                  <span className="flex items-center gap-1 text-xs text-brand-800">
                    <Arrow className="h-3.5 w-3.5" aria-hidden="true" />
                    {orderLabel[value.sortOrder]}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
