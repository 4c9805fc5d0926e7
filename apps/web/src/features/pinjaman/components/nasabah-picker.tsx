import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { formatNik, matchesNasabahSearch } from '@mizan/core';
import { EntityPicker } from '../../../components/ui/entity-picker';
import { useNasabahOptions } from '../api/get-nasabah-options';
import type { NasabahOption } from '../types';

export interface NasabahPickerProps {
  label?: string;
  required?: boolean;
  value: NasabahOption | null;
  onChange(nasabah: NasabahOption | null): void;
  error?: string;
}

const nikText = (nik: string | null) => (nik ? formatNik(nik) : 'NIK -');

/**
 * Customer picker (spec §7): the aktif customers (limit 100, loaded only while the list is open),
 * searched locally by name or NIK. The chosen customer is shown as a card with a 'Ganti' button.
 */
export function NasabahPicker({ label = 'Nasabah', required, value, onChange, error }: NasabahPickerProps) {
  const [open, setOpen] = useState(value === null);
  const options = useNasabahOptions(open);
  return (
    <EntityPicker<NasabahOption, NasabahOption>
      label={label}
      required={required}
      value={value}
      onChange={onChange}
      options={options.data}
      loading={options.isPending}
      failed={options.isError}
      matches={matchesNasabahSearch}
      onOpenChange={setOpen}
      searchPlaceholder="Cari nama atau NIK..."
      texts={{ failed: 'Gagal memuat data nasabah', notFound: 'Nasabah tidak ditemukan', empty: 'Belum ada nasabah aktif' }}
      icon={<UserRound className="h-5 w-5" />}
      valueTestId="nasabah-terpilih"
      renderValue={(nasabah) => (
        <>
          <p className="truncate font-semibold text-ink">{nasabah.nama}</p>
          <p className="font-mono text-xs text-muted">{nikText(nasabah.nik)}</p>
        </>
      )}
      renderOption={(nasabah) => ({
        main: (
          <>
            <span className="block truncate font-medium text-ink">{nasabah.nama}</span>
            <span className="block font-mono text-xs text-muted">{nikText(nasabah.nik)}</span>
          </>
        ),
      })}
      error={error}
    />
  );
}
