import type { FormEvent, ReactNode } from 'react';
import { Filter } from 'lucide-react';
import { SEARCH_MAX_LENGTH, tipePinjamanLabels, type TipePinjaman } from '@mizan/core';
import { Button } from './button';
import { Dialog } from './dialog';
import { Field } from './field';
import { RadioGroup } from './radio-group';
import { SearchInput } from './search-input';

export interface FilterDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title?: string;
  /** The filter fields; the dialog owns only the frame and the buttons. */
  children: ReactNode;
  /** Apply the fields' values (the caller then returns the list to page 1). */
  onApply(): void;
  /** Clears the fields inside the dialog (nothing is applied until 'Terapkan'). */
  onClear?(): void;
}

/**
 * What a list's own filter dialog takes: whether it is open, and the filter in force, which its
 * fields start from and which 'Terapkan' replaces.
 */
export interface ListFilterDialogProps<T> {
  open: boolean;
  onOpenChange(open: boolean): void;
  value: T;
  onApply(value: T): void;
}

/**
 * Frame of a list filter dialog: a form whose submit (button 'Terapkan' or Enter in a field)
 * applies the filter and closes the dialog.
 */
export function FilterDialog({ open, onOpenChange, title = 'Filter Data', children, onApply, onClear }: FilterDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="md">
      <form onSubmit={submit} className="space-y-5">
        {children}
        <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
          {onClear ? (
            <Button variant="ghost" onClick={onClear}>
              Kosongkan
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          <Button type="submit">
            <Filter className="h-4 w-4" aria-hidden="true" />
            Terapkan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The "Cari" field every list filter starts with (the list's search parameter, at most its length). */
export function FilterSearchField({
  hint,
  placeholder,
  value,
  onChange,
  autoFocus,
}: {
  hint: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
}) {
  return (
    <Field label="Cari" hint={hint}>
      <SearchInput
        placeholder={placeholder}
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

const tipeOptions = [
  { value: 'all', label: 'Semua' },
  { value: 'pokok', label: tipePinjamanLabels.pokok },
  { value: 'non-pokok', label: tipePinjamanLabels['non-pokok'] },
] as const;

/** The loan type of a list filter: Semua, Pokok, Non-Pokok. */
export function TipeFilterField({
  value,
  onChange,
}: {
  value: 'all' | TipePinjaman;
  onChange(value: 'all' | TipePinjaman): void;
}) {
  return <RadioGroup label="Tipe" value={value} onValueChange={onChange} options={tipeOptions} />;
}
