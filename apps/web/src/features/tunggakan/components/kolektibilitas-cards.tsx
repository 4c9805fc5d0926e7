import { formatRupiah, kolektibilitasShortLabels, kolektibilitasValues, type Kolektibilitas } from '@mizan/core';
import { cn } from '../../../components/ui/cn';
import { Skeleton } from '../../../components/ui/skeleton';
import type { KolektibilitasFilter, TunggakanSummary } from '../types';

const accents: Record<Kolektibilitas, string> = {
  1: 'border-l-brand-500',
  2: 'border-l-sky-500',
  3: 'border-l-amber-500',
  4: 'border-l-red-400',
  5: 'border-l-red-700',
};

/**
 * The five classes of the loans in arrears: how many loans and how much is overdue in each. A card
 * is a toggle: choosing it filters the list to its class, choosing it again shows every class.
 */
export function KolektibilitasCards({
  summary,
  loading,
  value,
  onChange,
}: {
  summary: TunggakanSummary | undefined;
  loading: boolean;
  value: KolektibilitasFilter;
  onChange(value: KolektibilitasFilter): void;
}) {
  return (
    <section aria-label="Tunggakan per kolektibilitas" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {kolektibilitasValues.map((kelas) => {
        const figures = summary?.kelas.find((k) => k.kolektibilitas === kelas);
        const chosen = value === String(kelas);
        return (
          <button
            key={kelas}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChange(chosen ? 'all' : (String(kelas) as KolektibilitasFilter))}
            className={cn(
              'rounded-xl border border-l-4 border-line bg-white p-3 text-left shadow-xs transition-colors hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4',
              accents[kelas],
              chosen && 'bg-brand-50 ring-2 ring-brand-600',
              kelas === 5 && 'col-span-2 sm:col-span-1',
            )}
          >
            <span className="block text-xs font-medium text-muted sm:text-sm">
              Kol. {kelas} · {kolektibilitasShortLabels[kelas]}
            </span>
            {loading || !figures ? (
              <Skeleton className="mt-1.5 h-6 w-20" />
            ) : (
              <>
                <span className="mt-0.5 block text-lg font-bold text-ink sm:text-xl">
                  {figures.jumlah_pinjaman.toLocaleString('id-ID')}{' '}
                  <span className="text-sm font-medium text-muted">pinjaman</span>
                </span>
                <span className="block text-xs break-words text-muted">{formatRupiah(figures.tunggakan_total)}</span>
              </>
            )}
          </button>
        );
      })}
    </section>
  );
}
