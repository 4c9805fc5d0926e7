import { useState } from 'react';
import { kolektibilitasShortLabels, kolektibilitasValues } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import {
  FilterDialog,
  FilterSearchField,
  TipeFilterField,
  type ListFilterDialogProps,
} from '../../../components/ui/filter-dialog';
import { Input, WholeNumberInput } from '../../../components/ui/input';
import { RadioGroup } from '../../../components/ui/radio-group';
import { defaultTunggakanFilters, type KolektibilitasFilter, type TunggakanFilters } from '../types';

export type TunggakanFilterValues = Pick<
  TunggakanFilters,
  'search' | 'kolektibilitas' | 'tipe' | 'kota' | 'kecamatan' | 'minHari'
>;

const kolektibilitasOptions: readonly { value: KolektibilitasFilter; label: string }[] = [
  { value: 'all', label: 'Semua' },
  ...kolektibilitasValues.map((k) => ({
    value: String(k) as KolektibilitasFilter,
    label: `${k} · ${kolektibilitasShortLabels[k]}`,
  })),
];

const empty: TunggakanFilterValues = {
  search: defaultTunggakanFilters.search,
  kolektibilitas: defaultTunggakanFilters.kolektibilitas,
  tipe: defaultTunggakanFilters.tipe,
  kota: defaultTunggakanFilters.kota,
  kecamatan: defaultTunggakanFilters.kecamatan,
  minHari: defaultTunggakanFilters.minHari,
};

type Props = ListFilterDialogProps<TunggakanFilterValues>;

/**
 * Filter of the loans in arrears: search (customer name or NIK, nomor pinjaman), class, tipe, kota
 * and kecamatan (the whole name), and a minimum of days past due. Nothing is applied until
 * 'Terapkan'; the fields start from the filter in force.
 */
export function TunggakanFilterDialog(props: Props) {
  return <Body key={props.open ? 'open' : 'closed'} {...props} />;
}

function Body({ open, onOpenChange, value, onApply }: Props) {
  const [draft, setDraft] = useState(value);
  const [minHari, setMinHari] = useState(value.minHari === null ? '' : String(value.minHari));
  return (
    <FilterDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Filter Tunggakan"
      onApply={() =>
        onApply({
          ...draft,
          search: draft.search.trim(),
          kota: draft.kota.trim(),
          kecamatan: draft.kecamatan.trim(),
          minHari: minHari.trim() === '' ? null : Number(minHari),
        })
      }
      onClear={() => {
        setDraft(empty);
        setMinHari('');
      }}
    >
      <FilterSearchField
        hint="Nama atau NIK nasabah, atau nomor pinjaman"
        placeholder="Cari tunggakan..."
        value={draft.search}
        onChange={(search) => setDraft((d) => ({ ...d, search }))}
      />
      <RadioGroup
        label="Kolektibilitas"
        value={draft.kolektibilitas}
        onValueChange={(kolektibilitas) => setDraft((d) => ({ ...d, kolektibilitas }))}
        options={kolektibilitasOptions}
      />
      <TipeFilterField value={draft.tipe} onChange={(tipe) => setDraft((d) => ({ ...d, tipe }))} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Kota" hint="Nama lengkap, mis. Bogor">
          <Input maxLength={100} value={draft.kota} onChange={(event) => setDraft((d) => ({ ...d, kota: event.target.value }))} />
        </Field>
        <Field label="Kecamatan" hint="Nama lengkap, mis. Cibinong">
          <Input
            maxLength={100}
            value={draft.kecamatan}
            onChange={(event) => setDraft((d) => ({ ...d, kecamatan: event.target.value }))}
          />
        </Field>
      </div>
      {/* A whole number 1–36500: the browser refuses anything else before 'Terapkan' applies it. */}
      <Field label="Minimal hari terlambat" hint="Kosongkan untuk semua tunggakan">
        <WholeNumberInput
          min={1}
          max={36_500}
          value={minHari}
          onChange={(event) => setMinHari(event.target.value)}
          placeholder="mis. 30"
        />
      </Field>
    </FilterDialog>
  );
}
