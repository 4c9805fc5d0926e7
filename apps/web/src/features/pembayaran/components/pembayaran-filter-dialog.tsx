import { useState } from 'react';
import { jenisPembayaran, jenisPembayaranLabels, type JenisPembayaran } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import { FilterDialog, type ListFilterDialogProps } from '../../../components/ui/filter-dialog';
import { Select } from '../../../components/ui/input';
import { RadioGroup } from '../../../components/ui/radio-group';
import { useLoanOptions } from '../api/get-loans';
import type { PembayaranFilters } from '../types';
import { loanLabel } from './loan-label';

type Value = Pick<PembayaranFilters, 'jenis' | 'pinjamanId'>;

const jenisOptions: readonly { value: 'all' | JenisPembayaran; label: string }[] = [
  { value: 'all', label: 'Semua' },
  ...jenisPembayaran.map((value) => ({ value, label: jenisPembayaranLabels[value] })),
];

export type PembayaranFilterDialogProps = ListFilterDialogProps<Value>;

/** 'Filter Pembayaran' (spec §2, §9): jenis (all, angsuran, bagi_hasil, pokok, pelunasan) and a loan. */
export function PembayaranFilterDialog(props: PembayaranFilterDialogProps) {
  return <FilterDialogBody key={props.open ? 'open' : 'closed'} {...props} />;
}

function FilterDialogBody({ open, onOpenChange, value, onApply }: PembayaranFilterDialogProps) {
  const [draft, setDraft] = useState<Value>(value);
  const loans = useLoanOptions(open);
  const options = loans.data ?? [];
  const missing = draft.pinjamanId !== null && !options.some((l) => l.id === draft.pinjamanId);
  return (
    <FilterDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Pembayaran"
      onApply={() => onApply(draft)}
      onClear={() => setDraft({ jenis: 'all', pinjamanId: null })}
    >
      <RadioGroup
        label="Jenis Pembayaran"
        value={draft.jenis}
        onValueChange={(jenis) => setDraft({ ...draft, jenis })}
        options={jenisOptions}
      />
      <Field label="Pinjaman" hint={loans.isPending ? 'Memuat daftar pinjaman aktif...' : 'Pinjaman aktif (maksimal 100)'}>
        <Select
          value={draft.pinjamanId ?? 'all'}
          onChange={(event) =>
            setDraft({ ...draft, pinjamanId: event.target.value === 'all' ? null : Number(event.target.value) })
          }
        >
          <option value="all">Semua Pinjaman</option>
          {missing ? <option value={draft.pinjamanId!}>Pinjaman #{draft.pinjamanId}</option> : null}
          {options.map((loan) => (
            <option key={loan.id} value={loan.id}>
              {loanLabel(loan)}
            </option>
          ))}
        </Select>
      </Field>
    </FilterDialog>
  );
}
