import { useId, useMemo, useState } from 'react';
import { Check, UserRound } from 'lucide-react';
import { formatNik, matchesNasabahSearch } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../components/ui/cn';
import { useNasabahOptions } from '../api/get-nasabah-options';
import type { NasabahOption } from '../types';

export interface NasabahPickerProps {
  label?: string;
  required?: boolean;
  value: NasabahOption | null;
  onChange(nasabah: NasabahOption | null): void;
  error?: string;
}

/**
 * Customer picker (spec §7): the aktif customers (limit 100), searched locally by name or NIK.
 * The chosen customer is shown as a card with a 'Ganti' button.
 */
export function NasabahPicker({ label = 'Nasabah', required, value, onChange, error }: NasabahPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [changing, setChanging] = useState(value === null);
  const options = useNasabahOptions(changing);
  const matches = useMemo(() => (options.data ?? []).filter((n) => matchesNasabahSearch(n, query)), [options.data, query]);
  const errorId = `${id}-error`;

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-ink" id={`${id}-label`}>
          {label}
        </label>
        {required ? (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {value && !changing ? (
        <div className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2.5" data-testid="nasabah-terpilih">
          <UserRound className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-ink">{value.nama}</p>
            <p className="font-mono text-xs text-muted">{value.nik ? formatNik(value.nik) : 'NIK -'}</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setQuery('');
              setChanging(true);
            }}
          >
            Ganti
          </Button>
        </div>
      ) : (
        <div className={cn('rounded-lg border', error ? 'border-red-500' : 'border-line')}>
          <div className="border-b border-line p-2">
            <SearchInput
              id={`${id}-search`}
              placeholder="Cari nama atau NIK..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-controls={`${id}-list`}
            />
          </div>
          <div id={`${id}-list`} role="listbox" aria-labelledby={`${id}-label`} className="max-h-52 overflow-y-auto p-1">
            {options.isPending ? (
              <div className="space-y-2 p-2" aria-busy="true">
                <Skeleton className="h-8 w-full" />
                <Skeleton className="h-8 w-full" />
              </div>
            ) : options.isError ? (
              <p className="p-3 text-sm text-red-700">Gagal memuat data nasabah</p>
            ) : matches.length === 0 ? (
              <p className="p-3 text-sm text-muted">{query ? 'Nasabah tidak ditemukan' : 'Belum ada nasabah aktif'}</p>
            ) : (
              matches.map((n) => {
                const selected = value?.id === n.id;
                return (
                  <button
                    key={n.id}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => {
                      onChange(n);
                      setChanging(false);
                    }}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50',
                      selected && 'bg-brand-50',
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{n.nama}</span>
                      <span className="block font-mono text-xs text-muted">{n.nik ? formatNik(n.nik) : 'NIK -'}</span>
                    </span>
                    {selected ? <Check className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" /> : null}
                  </button>
                );
              })
            )}
          </div>
          {value ? (
            <div className="border-t border-line p-2 text-right">
              <Button variant="ghost" size="sm" onClick={() => setChanging(false)}>
                Batal ganti
              </Button>
            </div>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
