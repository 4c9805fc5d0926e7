import { useState } from 'react';
import { FilterDialog, FilterSearchField, type ListFilterDialogProps } from '../../../components/ui/filter-dialog';
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
export function NasabahFilterDialog(props: ListFilterDialogProps<NasabahFilterValues>) {
  return <FilterDialogBody key={props.open ? 'open' : 'closed'} {...props} />;
}

function FilterDialogBody({ open, onOpenChange, value, onApply }: ListFilterDialogProps<NasabahFilterValues>) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Nasabah"
      onApply={() => onApply({ search: draft.search.trim(), status: draft.status })}
      onClear={() => setDraft({ search: '', status: 'all' })}
    >
      <FilterSearchField
        hint="Nama, NIK, telepon atau alamat"
        placeholder="Cari nasabah..."
        value={draft.search}
        autoFocus
        onChange={(search) => setDraft((d) => ({ ...d, search }))}
      />
      <RadioGroup<NasabahStatusFilter>
        label="Status"
        value={draft.status}
        onValueChange={(status) => setDraft((d) => ({ ...d, status }))}
        options={statusOptions}
      />
    </FilterDialog>
  );
}
