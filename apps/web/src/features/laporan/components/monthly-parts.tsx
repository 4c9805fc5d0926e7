import type { ComponentType, ReactNode } from 'react';
import { shortMonthName } from '@mizan/core';
import { TitledCard } from '../../../components/ui/card';
import { useLayout } from '../../../components/ui/use-media-query';

/** One month's bar: its whole height is `total`, split into `bottom` (brand) under `top` (gold); `title` is its tooltip. */
export interface MonthBar {
  bulan: string;
  total: number;
  bottom: number;
  top: number;
  title: string;
}

/** A report's months as stacked bars in a card, with the legend of the two parts (bottom first). */
export function MonthlyStackedBars({
  title,
  bars,
  legend,
}: {
  title: string;
  bars: MonthBar[];
  legend: [bottom: string, top: string];
}) {
  const max = Math.max(1, ...bars.map((b) => b.total));
  return (
    <TitledCard title={title}>
      <div className="flex h-48 items-end gap-1.5 sm:gap-2" aria-hidden="true">
        {bars.map((b) => (
          <div key={b.bulan} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1" title={b.title}>
            <div className="flex w-full flex-col justify-end" style={{ height: `${(b.total / max) * 100}%` }}>
              <div className="w-full rounded-t-md bg-gold-500" style={{ flexGrow: b.top }} />
              <div className="w-full bg-brand-600" style={{ flexGrow: b.bottom }} />
            </div>
            <span className="text-[10px] text-muted sm:text-xs">{shortMonthName(Number(b.bulan.slice(5, 7)))}</span>
          </div>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-4 text-xs text-muted">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-brand-600" aria-hidden="true" /> {legend[0]}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-gold-500" aria-hidden="true" /> {legend[1]}
        </span>
      </div>
    </TitledCard>
  );
}

/** One row of a monthly list: the month (or 'Total', keyed 'total'), its main figure with a word under it, and a detail line. */
export interface MonthRow {
  key: string;
  label: string;
  value: ReactNode;
  unit: ReactNode;
  detail: ReactNode;
}

/** A report's months as a list for phones and tablets, where the table's columns do not fit; the total row is shaded. */
export function MonthlyList({ label, rows }: { label: string; rows: MonthRow[] }) {
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className={row.key === 'total' ? 'bg-canvas px-4 py-3 font-semibold' : 'px-4 py-3'}>
          <div className="flex items-start justify-between gap-3">
            <span className="text-ink">{row.label}</span>
            <span className="shrink-0 text-right text-ink">
              <span className="block">{row.value}</span>
              <span className="block text-xs font-normal text-muted">{row.unit}</span>
            </span>
          </div>
          {row.detail ? <p className="mt-0.5 text-xs font-normal text-muted">{row.detail}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** A view of one monthly report. */
type ReportView<T> = ComponentType<{ laporan: T }>;

/** A monthly report: its chart, then its table on a desktop or its list where the table's columns do not fit. */
export function MonthlyReport<T>({
  laporan,
  chart: Chart,
  table: TableView,
  list: ListView,
}: {
  laporan: T;
  chart: ReportView<T>;
  table: ReportView<T>;
  list: ReportView<T>;
}) {
  const layout = useLayout();
  return (
    <>
      <Chart laporan={laporan} />
      {layout === 'desktop' ? <TableView laporan={laporan} /> : <ListView laporan={laporan} />}
    </>
  );
}
