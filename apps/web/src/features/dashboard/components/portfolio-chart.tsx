import {
  formatDateShort,
  formatPercent,
  formatRupiah,
  kolektibilitasLabels,
  kolektibilitasShortLabels,
  kolektibilitasValues,
  shortMonthName,
  ratioPercent,
  type Kolektibilitas,
  type PortfolioPosition,
} from '@mizan/core';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { KolektibilitasBadge } from '../../../components/ui/badge';

/** A ratio, or '-' where there is nothing to divide (an empty portfolio): never a false 0 %. */
const percentOrDash = (value: number | null) => (value === null ? '-' : formatPercent(value));

/** One colour per class, from calm to alarming (the badges' tones, stronger for the bars). */
const barColors: Record<Kolektibilitas, string> = {
  1: 'bg-brand-600',
  2: 'bg-sky-500',
  3: 'bg-amber-500',
  4: 'bg-orange-600',
  5: 'bg-red-700',
};

/**
 * The portfolio per kolektibilitas class: outstanding at each of the last 12 month-ends as stacked
 * bars (from the snapshots), and the classes now as a table. The figures are also in a table for
 * screen readers.
 */
export function PortfolioChart({
  now,
  history,
  loading,
}: {
  now: PortfolioPosition | undefined;
  history: PortfolioPosition[] | undefined;
  loading: boolean;
}) {
  const max = Math.max(1, ...(history ?? []).map((p) => p.outstanding));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Kolektibilitas Portofolio</CardTitle>
      </CardHeader>
      <div className="grid gap-6 px-5 py-4 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <p className="mb-3 text-sm text-muted">Outstanding per golongan, 12 akhir bulan terakhir</p>
          {loading || !history ? (
            <Skeleton className="h-48" />
          ) : history.length === 0 ? (
            <p className="flex h-48 items-center justify-center rounded-lg bg-slate-50 px-4 text-center text-sm text-muted">
              Riwayat akhir bulan belum tersedia. Angka akhir bulan dicatat otomatis setiap hari.
            </p>
          ) : (
            <>
              <div className="flex h-48 items-end gap-1.5 sm:gap-2" aria-hidden="true">
                {history.map((p) => (
                  <div
                    key={p.tanggal}
                    className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
                    title={`${formatDateShort(p.tanggal)}: ${formatRupiah(p.outstanding)}, NPF ${percentOrDash(p.npf_gross)}`}
                  >
                    <div
                      className="flex w-full flex-col-reverse overflow-hidden rounded-t-md"
                      style={{ height: `${(p.outstanding / max) * 100}%` }}
                    >
                      {p.per_kelas.map((c) =>
                        c.outstanding > 0 ? (
                          <div
                            key={c.kelas}
                            className={barColors[c.kelas as Kolektibilitas]}
                            style={{ height: `${(c.outstanding / Math.max(1, p.outstanding)) * 100}%`, minHeight: '2px' }}
                          />
                        ) : null,
                      )}
                    </div>
                    <span className="text-[10px] text-muted sm:text-xs">{shortMonthName(Number(p.tanggal.slice(5, 7)))}</span>
                  </div>
                ))}
              </div>
              <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
                {kolektibilitasValues.map((k) => (
                  <li key={k} className="flex items-center gap-1.5">
                    <span className={`inline-block h-2.5 w-2.5 rounded-sm ${barColors[k]}`} />
                    {k} {kolektibilitasShortLabels[k]}
                  </li>
                ))}
              </ul>
              <div className="sr-only">
                <table>
                  <caption>Outstanding per kolektibilitas di akhir bulan</caption>
                  <thead>
                    <tr>
                      <th>Akhir bulan</th>
                      {kolektibilitasValues.map((k) => (
                        <th key={k}>{kolektibilitasLabels[k]}</th>
                      ))}
                      <th>NPF</th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.map((p) => (
                      <tr key={p.tanggal}>
                        <td>{formatDateShort(p.tanggal)}</td>
                        {p.per_kelas.map((c) => (
                          <td key={c.kelas}>{formatRupiah(c.outstanding)}</td>
                        ))}
                        <td>{percentOrDash(p.npf_gross)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
        <div className="min-w-0 lg:col-span-2">
          <p className="mb-3 text-sm text-muted">Saat ini</p>
          {loading || !now ? (
            <Skeleton className="h-48" />
          ) : (
            <table className="w-full text-xs sm:text-sm">
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="pb-2 font-medium">Golongan</th>
                  <th className="pb-2 text-right font-medium">Pinjaman</th>
                  <th className="pb-2 text-right font-medium">Outstanding</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {now.per_kelas.map((c) => (
                  <tr key={c.kelas}>
                    <td className="py-2 pr-2">
                      <KolektibilitasBadge kelas={c.kelas as Kolektibilitas} />
                    </td>
                    <td className="py-2 text-right tabular-nums">{c.jumlah_pinjaman.toLocaleString('id-ID')}</td>
                    <td className="whitespace-nowrap py-2 pl-2 text-right tabular-nums">
                      {formatRupiah(c.outstanding)}
                      <span className="block text-xs text-muted">
                        {percentOrDash(ratioPercent(c.outstanding, now.outstanding))}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </Card>
  );
}
