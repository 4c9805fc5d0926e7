import { useState } from 'react';
import { SEARCH_MAX_LENGTH } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import { FilterDialog } from '../../../components/ui/filter-dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { RadioGroup } from '../../../components/ui/radio-group';
import type { NasabahStatusFilter } from '../types';

export interface NasabahFilterValues {
  search: string;
  status: NasabahStatusFilter;
}

const statusOptions = [
  { value: 'all', label: 'Semua' },
  { value: 'aktif', label: 'Aktif' },
  { value: 'nonaktif', label: 'Nonaktif' },
] as const;

/**
 * Customer filter (spec §2): a search over name, NIK, phone and address, and the status radio.
 * Nothing is applied until 'Terapkan'; the fields start from the filter in force.
 */
export function NasabahFilterDialog({
  open,
  onOpenChange,
  value,
  onApply,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  value: NasabahFilterValues;
  onApply(value: NasabahFilterValues): void;
}) {
  return (
    <FilterDialogBody key={open ? 'open' : 'closed'} open={open} onOpenChange={onOpenChange} value={value} onApply={onApply} />
  );
}

function FilterDialogBody({
  open,
  onOpenChange,
  value,
  onApply,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  value: NasabahFilterValues;
  onApply(value: NasabahFilterValues): void;
}) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Nasabah"
      onApply={() => onApply({ search: draft.search.trim(), status: draft.status })}
      onClear={() => setDraft({ search: '', status: 'all' })}
    >
      <Field label="Cari" hint="Nama, NIK, telepon atau alamat">
        <SearchInput
          placeholder="Cari nasabah..."
          maxLength={SEARCH_MAX_LENGTH}
          value={draft.search}
          autoFocus
          onChange={(event) => setDraft((d) => ({ ...d, search: event.target.value }))}
        />
      </Field>
      <RadioGroup<NasabahStatusFilter>
        label="Status"
        value={draft.status}
        onValueChange={(status) => setDraft((d) => ({ ...d, status }))}
        options={statusOptions}
      />
    </FilterDialog>
  );
}
