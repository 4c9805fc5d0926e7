import { formatBulan, formatRupiah, type Pendapatan } from '@mizan/core';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { MonthlyList, MonthlyStackedBars } from './monthly-parts';

/** Income recognised per month as stacked bars: margin (Murabahah) under profit share (Mudharabah). */
export function PendapatanChart({ laporan }: { laporan: Pendapatan }) {
  return (
    <MonthlyStackedBars
      title="Pendapatan Diakui per Bulan"
      bars={laporan.bulan.map((b) => ({
        bulan: b.bulan,
        total: b.pendapatan_diakui,
        bottom: b.margin_diakui,
        top: b.bagi_hasil + b.pemulihan,
        title: `${formatBulan(b.bulan)}: ${formatRupiah(b.pendapatan_diakui)}`,
      }))}
      legend={[
        'Margin (Murabahah)',
        laporan.total.pemulihan > 0 ? 'Bagi hasil (Mudharabah) dan pemulihan' : 'Bagi hasil (Mudharabah)',
      ]}
    />
  );
}

type IncomeColumn = readonly [
  'margin_diterima' | 'margin_diakui' | 'bagi_hasil' | 'pemulihan' | 'pendapatan_diakui' | 'margin_dibebaskan',
  string,
];

/** The table's columns: recovery (pemulihan) only when a loan written off paid in the period. */
const columnsOf = (laporan: Pendapatan): IncomeColumn[] => [
  ['margin_diterima', 'Margin Diterima'],
  ['margin_diakui', 'Margin Diakui'],
  ['bagi_hasil', 'Bagi Hasil'],
  ...(laporan.total.pemulihan > 0 ? [['pemulihan', 'Pemulihan'] as const] : []),
  ['pendapatan_diakui', 'Pendapatan Diakui'],
  ['margin_dibebaskan', 'Margin Dibebaskan'],
];

/** Every month's figures and the total; the deferred margin is a balance at each month's end. */
export function PendapatanTable({ laporan }: { laporan: Pendapatan }) {
  const columns = columnsOf(laporan);
  return (
    <Table caption="Pendapatan per bulan" className="[&_td]:px-3 [&_th]:px-3">
      <THead>
        <tr>
          <Th>Bulan</Th>
          {/* Headings wrap (two words each) and cells are narrower so that nine columns fit 1280 px without scrolling. */}
          {columns.map(([key, label]) => (
            <Th key={key} className="text-right whitespace-normal">
              {label}
            </Th>
          ))}
          <Th className="text-right whitespace-normal">Margin Ditangguhkan</Th>
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
    <MonthlyList
      label="Pendapatan per bulan"
      rows={rows.map((row) => ({
        key: row.key,
        label: row.label,
        value: formatRupiah(row.pendapatan_diakui),
        unit: 'diakui',
        detail: (
          <>
            Margin diterima {formatRupiah(row.margin_diterima)} · diakui {formatRupiah(row.margin_diakui)}; bagi hasil{' '}
            {formatRupiah(row.bagi_hasil)}
            {row.pemulihan > 0 ? `; pemulihan ${formatRupiah(row.pemulihan)}` : ''}
            {row.margin_dibebaskan > 0 ? `; dibebaskan ${formatRupiah(row.margin_dibebaskan)}` : ''}
            {row.margin_ditangguhkan !== null ? `; ditangguhkan ${formatRupiah(row.margin_ditangguhkan)}` : ''}
          </>
        ),
      }))}
    />
  );
}
