import { formatRupiah, monthNames, shortMonthName } from '@mizan/core';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { MonthlyPayments } from '../api/dashboard-api';

/**
 * Payments collected per month (last 12 months) as simple bars: light enough for the first
 * screen after sign-in; the numbers are also in a table for screen readers.
 */
export function MonthlyPaymentsChart({ data, loading }: { data: MonthlyPayments[] | undefined; loading: boolean }) {
  const max = Math.max(1, ...(data ?? []).map((m) => m.total));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pembayaran 12 Bulan Terakhir</CardTitle>
      </CardHeader>
      <div className="px-5 py-4">
        {loading || !data ? (
          <Skeleton className="h-48" />
        ) : (
          <>
            <div className="flex h-48 items-end gap-1.5 sm:gap-2" aria-hidden="true">
              {data.map((m) => (
                <div
                  key={`${m.year}-${m.month}`}
                  className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
                  title={`${shortMonthName(m.month)} ${m.year}: ${m.count} pembayaran, ${formatRupiah(m.total)}`}
                >
                  <div
                    className="w-full rounded-t-md bg-brand-600/85"
                    style={{ height: `${Math.max(m.total > 0 ? 3 : 0, (m.total / max) * 100)}%` }}
                  />
                  <span className="text-[10px] text-muted sm:text-xs">{shortMonthName(m.month)}</span>
                </div>
              ))}
            </div>
            {/* A table ignores `width: 1px`, so the clipping is done by a block around it: a bare
                sr-only table is laid out at its content width and widens a phone's page. */}
            <div className="sr-only">
              <table>
                <caption>Jumlah dan nilai pembayaran per bulan</caption>
                <thead>
                  <tr>
                    <th>Bulan</th>
                    <th>Jumlah pembayaran</th>
                    <th>Nilai</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((m) => (
                    <tr key={`${m.year}-${m.month}`}>
                      <td>{`${monthNames[m.month - 1]} ${m.year}`}</td>
                      <td>{m.count}</td>
                      <td>{formatRupiah(m.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-3 text-sm text-muted">
              Total 12 bulan:{' '}
              <span className="font-semibold text-ink">{formatRupiah(data.reduce((s, m) => s + m.total, 0))}</span> dari{' '}
              {data.reduce((s, m) => s + m.count, 0)} pembayaran
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
