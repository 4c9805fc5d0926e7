import { formatBulan, formatRupiah, shortMonthName, type Pendapatan } from '@mizan/core';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';

/** Income recognised per month as stacked bars: margin (Murabahah) under profit share (Mudharabah). */
export function PendapatanChart({ laporan }: { laporan: Pendapatan }) {
  const max = Math.max(1, ...laporan.bulan.map((b) => b.pendapatan_diakui));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pendapatan Diakui per Bulan</CardTitle>
      </CardHeader>
      <div className="px-5 py-4">
        <div className="flex h-48 items-end gap-1.5 sm:gap-2" aria-hidden="true">
          {laporan.bulan.map((b) => (
            <div
              key={b.bulan}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
              title={`${formatBulan(b.bulan)}: ${formatRupiah(b.pendapatan_diakui)}`}
            >
              <div className="flex w-full flex-col justify-end" style={{ height: `${(b.pendapatan_diakui / max) * 100}%` }}>
                <div className="w-full rounded-t-md bg-gold-500" style={{ flexGrow: b.bagi_hasil }} />
                <div className="w-full bg-brand-600" style={{ flexGrow: b.margin_diakui }} />
              </div>
              <span className="text-[10px] text-muted sm:text-xs">{shortMonthName(Number(b.bulan.slice(5, 7)))}</span>
            </div>
          ))}
        </div>
        <div className="mt-3 flex flex-wrap gap-4 text-xs text-muted">
          <span className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-600" aria-hidden="true" /> Margin (Murabahah)
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-gold-500" aria-hidden="true" /> Bagi hasil (Mudharabah)
          </span>
        </div>
      </div>
    </Card>
  );
}

const columns = [
  ['margin_diterima', 'Margin Diterima'],
  ['margin_diakui', 'Margin Diakui'],
  ['bagi_hasil', 'Bagi Hasil'],
  ['pendapatan_diakui', 'Pendapatan Diakui'],
  ['margin_dibebaskan', 'Margin Dibebaskan'],
] as const;

/** Every month's figures and the total; the deferred margin is a balance at each month's end. */
export function PendapatanTable({ laporan }: { laporan: Pendapatan }) {
  return (
    <Table caption="Pendapatan per bulan">
      <THead>
        <tr>
          <Th>Bulan</Th>
          {columns.map(([key, label]) => (
            <Th key={key} className="text-right">
              {label}
            </Th>
          ))}
          <Th className="text-right">Margin Ditangguhkan</Th>
        </tr>
      </THead>
      <TBody>
        {laporan.bulan.map((b) => (
          <Tr key={b.bulan}>
            <Td className="whitespace-nowrap">{formatBulan(b.bulan)}</Td>
            {columns.map(([key]) => (
              <Td key={key} className="text-right whitespace-nowrap">
                {formatRupiah(b[key])}
              </Td>
            ))}
            <Td className="text-right whitespace-nowrap">{formatRupiah(b.margin_ditangguhkan)}</Td>
          </Tr>
        ))}
        <Tr className="bg-canvas font-semibold text-ink">
          <Td>Total</Td>
          {columns.map(([key]) => (
            <Td key={key} className="text-right whitespace-nowrap">
              {formatRupiah(laporan.total[key])}
            </Td>
          ))}
          <Td className="text-right text-muted">—</Td>
        </Tr>
      </TBody>
    </Table>
  );
}

/** The months as a list for phones and tablets, where seven columns do not fit. */
export function PendapatanList({ laporan }: { laporan: Pendapatan }) {
  const rows = [
    ...laporan.bulan.map((b) => ({ key: b.bulan, label: formatBulan(b.bulan), ...b })),
    { key: 'total', label: 'Total', ...laporan.total, margin_ditangguhkan: null },
  ];
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs" aria-label="Pendapatan per bulan">
      {rows.map((row) => (
        <li key={row.key} className={row.key === 'total' ? 'bg-canvas px-4 py-3 font-semibold' : 'px-4 py-3'}>
          <div className="flex items-start justify-between gap-3">
            <span className="text-ink">{row.label}</span>
            <span className="shrink-0 text-right text-ink">
              <span className="block">{formatRupiah(row.pendapatan_diakui)}</span>
              <span className="block text-xs font-normal text-muted">diakui</span>
            </span>
          </div>
          <p className="mt-0.5 text-xs font-normal text-muted">
            Margin diterima {formatRupiah(row.margin_diterima)} · diakui {formatRupiah(row.margin_diakui)}; bagi hasil{' '}
            {formatRupiah(row.bagi_hasil)}
            {row.margin_dibebaskan > 0 ? `; dibebaskan ${formatRupiah(row.margin_dibebaskan)}` : ''}
            {row.margin_ditangguhkan !== null ? `; ditangguhkan ${formatRupiah(row.margin_ditangguhkan)}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
