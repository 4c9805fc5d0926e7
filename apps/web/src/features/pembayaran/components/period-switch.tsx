import { CalendarDays } from 'lucide-react';
import { formatMonthYear, monthNames, yearOptions } from '@mizan/core';
import { Select } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import { resolvePeriod } from '../api/params';
import type { PembayaranFilters, Period } from '../types';

const periodLabels: Record<Period, string> = { 'bulan-ini': 'Bulan Ini', 'bulan-lalu': 'Bulan Lalu', custom: 'Custom' };

/** The period in words: 'Januari 2025', 'Semua bulan 2025', 'Januari (semua tahun)' or 'Semua periode'. */
export function periodText(filters: Pick<PembayaranFilters, 'period' | 'month' | 'year'>, now?: Date): string {
  const { month, year } = resolvePeriod(filters, now);
  if (month !== undefined && year !== undefined) return formatMonthYear(month, year);
  if (year !== undefined) return `Semua bulan ${year}`;
  if (month !== undefined) return `${monthNames[month - 1]} (semua tahun)`;
  return 'Semua periode';
}

export interface PeriodSwitchProps {
  value: Pick<PembayaranFilters, 'period' | 'month' | 'year'>;
  onChange(next: Pick<PembayaranFilters, 'period' | 'month' | 'year'>): void;
}

/**
 * The period quick switch of spec §2: Bulan Ini, Bulan Lalu, Custom. Custom shows a month and a
 * year picker (years: the current year ± 2); it starts from the current month.
 */
export function PeriodSwitch({ value, onChange }: PeriodSwitchProps) {
  const years = yearOptions();
  if (value.year !== null && !years.includes(value.year)) years.push(value.year);
  // A custom period's month and year: "Semua …" (null) or one of their options.
  const parts = [
    {
      field: 'month',
      label: 'Bulan',
      className: 'sm:w-40',
      options: monthNames.map((name, index) => ({ value: index + 1, text: name })),
    },
    { field: 'year', label: 'Tahun', className: 'sm:w-32', options: years.map((year) => ({ value: year, text: String(year) })) },
  ] as const;
  const choose = (period: Period) => {
    if (period === 'custom') {
      if (value.period === 'custom') return;
      // Custom starts from the month that was shown, so switching never jumps the list elsewhere.
      const shown = resolvePeriod(value);
      onChange({ period, month: shown.month ?? null, year: shown.year ?? null });
      return;
    }
    onChange({ period, month: null, year: null });
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-white p-3 shadow-xs sm:flex-row sm:flex-wrap sm:items-center">
      <div className="flex items-center gap-2 text-sm font-medium text-ink">
        <CalendarDays className="h-4 w-4 text-brand-700" aria-hidden="true" />
        <span>Periode</span>
      </div>
      <div role="group" aria-label="Periode" className="grid grid-cols-3 gap-1 rounded-lg bg-canvas p-1 sm:inline-grid">
        {(Object.keys(periodLabels) as Period[]).map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={value.period === period}
            onClick={() => choose(period)}
            className={cn(
              'min-h-9 rounded-md px-3 text-sm font-medium transition-colors',
              value.period === period ? 'bg-white text-brand-800 shadow-sm ring-1 ring-line' : 'text-muted hover:text-ink',
            )}
          >
            {periodLabels[period]}
          </button>
        ))}
      </div>
      {value.period === 'custom' ? (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {parts.map(({ field, label, className, options }) => (
            <Select
              key={field}
              aria-label={label}
              value={value[field] ?? 'all'}
              onChange={(event) =>
                onChange({ ...value, [field]: event.target.value === 'all' ? null : Number(event.target.value) })
              }
              className={className}
            >
              <option value="all">{`Semua ${label}`}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </Select>
          ))}
        </div>
      ) : null}
      <p className="text-sm text-muted sm:ml-auto" aria-live="polite" data-testid="period-text">
        {periodText(value)}
      </p>
    </div>
  );
}
