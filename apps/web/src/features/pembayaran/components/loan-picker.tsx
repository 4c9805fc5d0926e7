import { useId, useMemo, useState } from 'react';
import { Check, Landmark } from 'lucide-react';
import { formatNik, formatRupiah, matchesPinjamanSearch, tipePinjamanLabels } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../components/ui/cn';
import type { Pembayaran, Pinjaman } from '../types';
import { loanCode } from './loan-label';

/** A chosen loan: a full loan, or the short form nested in a payment (edit form, before the loan is loaded). */
export type LoanChoice = Pinjaman | Pembayaran['pinjaman'];

export const isFullLoan = (loan: LoanChoice): loan is Pinjaman => 'jumlah' in loan;

export interface LoanPickerProps {
  value: LoanChoice | null;
  onChange(loan: Pinjaman): void;
  /** The aktif loans (limit 100). */
  options: Pinjaman[] | undefined;
  loading: boolean;
  failed: boolean;
  error?: string;
  disabled?: boolean;
}

/**
 * Loan picker of the payment form (spec §9): the aktif loans, searched locally by the customer's
 * name, the nomor_pinjaman or the amount. The chosen loan is shown as a card with a 'Ganti' button.
 */
export function LoanPicker({ value, onChange, options, loading, failed, error, disabled }: LoanPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [changing, setChanging] = useState(false);
  const matches = useMemo(() => (options ?? []).filter((loan) => matchesPinjamanSearch(loan, query)), [options, query]);
  const errorId = `${id}-error`;
  const open = changing || value === null;

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={`${id}-search`} id={`${id}-label`} className="block text-sm font-medium text-ink">
          Pinjaman
        </label>
        <span className="text-sm text-red-600" aria-hidden="true">
          *
        </span>
      </div>
      {!open && value ? (
        <div className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2.5" data-testid="pinjaman-terpilih">
          <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-semibold text-ink">{value.nasabah.nama}</p>
            <p className="text-xs text-muted">
              {loanCode(value)} · {tipePinjamanLabels[value.tipe]}
              {value.nasabah.nik ? ` · NIK ${formatNik(value.nasabah.nik)}` : ''}
            </p>
            {isFullLoan(value) ? (
              <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
                <dt className="text-muted">Jumlah pinjaman</dt>
                <dd className="text-right font-medium text-ink tabular-nums">{formatRupiah(value.jumlah)}</dd>
                <dt className="text-muted">Sisa pokok</dt>
                <dd className="text-right font-medium text-ink tabular-nums">{formatRupiah(value.sisa_pokok)}</dd>
                {value.angsuran_per_bulan !== null ? (
                  <>
                    <dt className="text-muted">Angsuran per bulan</dt>
                    <dd className="text-right font-medium text-ink tabular-nums">{formatRupiah(value.angsuran_per_bulan)}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
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
              placeholder="Cari nama nasabah, nomor pinjaman atau jumlah..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-controls={`${id}-list`}
              aria-invalid={error ? true : undefined}
              disabled={disabled}
            />
          </div>
          <div id={`${id}-list`} role="listbox" aria-labelledby={`${id}-label`} className="max-h-56 overflow-y-auto p-1">
            {loading ? (
              <div className="space-y-2 p-2" aria-busy="true">
                <Skeleton className="h-9 w-full" />
                <Skeleton className="h-9 w-full" />
              </div>
            ) : failed ? (
              <p className="p-3 text-sm text-red-700">Gagal memuat data pinjaman</p>
            ) : matches.length === 0 ? (
              <p className="p-3 text-sm text-muted">{query ? 'Pinjaman tidak ditemukan' : 'Belum ada pinjaman aktif'}</p>
            ) : (
              matches.map((loan) => {
                const selected = value?.id === loan.id;
                return (
                  <button
                    key={loan.id}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    disabled={disabled}
                    onClick={() => {
                      onChange(loan);
                      setChanging(false);
                    }}
                    className={cn(
                      'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50',
                      selected && 'bg-brand-50',
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{loan.nasabah.nama}</span>
                      <span className="block truncate text-xs text-muted">
                        {loanCode(loan)} · {tipePinjamanLabels[loan.tipe]}
                      </span>
                    </span>
                    <span className="flex shrink-0 items-center gap-2">
                      <span className="font-medium text-ink tabular-nums">{formatRupiah(loan.jumlah)}</span>
                      {selected ? <Check className="h-4 w-4 text-brand-700" aria-hidden="true" /> : null}
                    </span>
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
