import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  FilterDialog,
  FilterSearchField,
  TipeFilterField,
  type ListFilterDialogProps,
} from '../../../components/ui/filter-dialog';
import { RadioGroup } from '../../../components/ui/radio-group';
import type { PinjamanFilters } from '../types';
import { NasabahPicker } from './nasabah-picker';

export type PinjamanFilterValues = Pick<PinjamanFilters, 'search' | 'status' | 'tipe' | 'nasabahId' | 'nasabahNama'>;

const statusOptions = [
  { value: 'all', label: 'Semua' },
  { value: 'aktif', label: 'Aktif' },
  { value: 'lunas', label: 'Lunas' },
  { value: 'macet', label: 'Macet' },
  { value: 'pending', label: 'Pending' },
  { value: 'ditolak', label: 'Ditolak' },
  { value: 'hapus_buku', label: 'Dihapusbukukan' },
] as const;

export const emptyPinjamanFilter: PinjamanFilterValues = {
  search: '',
  status: 'all',
  tipe: 'all',
  nasabahId: null,
  nasabahNama: null,
};

/**
 * Loan filter (spec §2, §9): search (customer name or NIK, nomor pinjaman), status, tipe and one
 * customer. Nothing is applied until 'Terapkan'; the fields start from the filter in force.
 */
export function PinjamanFilterDialog(props: ListFilterDialogProps<PinjamanFilterValues>) {
  return <Body key={props.open ? 'open' : 'closed'} {...props} />;
}

function Body({ open, onOpenChange, value, onApply }: ListFilterDialogProps<PinjamanFilterValues>) {
  const [draft, setDraft] = useState(value);
  const chosen =
    draft.nasabahId !== null ? { id: draft.nasabahId, nama: draft.nasabahNama ?? `#${draft.nasabahId}`, nik: null } : null;
  return (
    <FilterDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Pinjaman"
      onApply={() => onApply({ ...draft, search: draft.search.trim() })}
      onClear={() => setDraft(emptyPinjamanFilter)}
    >
      <FilterSearchField
        hint="Nama atau NIK nasabah, atau nomor pinjaman"
        placeholder="Cari pinjaman..."
        value={draft.search}
        onChange={(search) => setDraft((d) => ({ ...d, search }))}
      />
      <RadioGroup
        label="Status"
        value={draft.status}
        onValueChange={(status) => setDraft((d) => ({ ...d, status }))}
        options={statusOptions}
      />
      <TipeFilterField value={draft.tipe} onChange={(tipe) => setDraft((d) => ({ ...d, tipe }))} />
      <div className="space-y-2">
        <NasabahPicker
          key={draft.nasabahId ?? 'none'}
          label="Nasabah"
          value={chosen}
          onChange={(n) => setDraft((d) => ({ ...d, nasabahId: n?.id ?? null, nasabahNama: n?.nama ?? null }))}
        />
        {draft.nasabahId !== null ? (
          <Button variant="ghost" size="sm" onClick={() => setDraft((d) => ({ ...d, nasabahId: null, nasabahNama: null }))}>
            Semua nasabah
          </Button>
        ) : null}
      </div>
    </FilterDialog>
  );
}
