import { formatBulan, formatRupiah, type Pencairan } from '@mizan/core';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { MonthlyList, MonthlyStackedBars } from './monthly-parts';

/** The value granted per month as stacked bars, Murabahah (pokok) under Mudharabah (non-pokok). */
export function PencairanChart({ laporan }: { laporan: Pencairan }) {
  return (
    <MonthlyStackedBars
      title="Nilai Pencairan per Bulan"
      bars={laporan.bulan.map((b) => ({
        bulan: b.bulan,
        total: b.semua.total,
        bottom: b.pokok.total,
        top: b.non_pokok.total,
        title: `${formatBulan(b.bulan)}: ${b.semua.jumlah} pinjaman, ${formatRupiah(b.semua.total)}`,
      }))}
      legend={['Pokok (Murabahah)', 'Non-Pokok (Mudharabah)']}
    />
  );
}

/** Every month's count and value per type, and the total. */
export function PencairanTable({ laporan }: { laporan: Pencairan }) {
  const cells = (c: { jumlah: number; total: number }) => (
    <>
      <Td className="text-right whitespace-nowrap">{c.jumlah}</Td>
      <Td className="text-right whitespace-nowrap">{formatRupiah(c.total)}</Td>
    </>
  );
  return (
    <Table caption="Pencairan per bulan dan tipe">
      <THead>
        <tr>
          <Th rowSpan={2}>Bulan</Th>
          <Th colSpan={2} className="text-center">
            Pokok
          </Th>
          <Th colSpan={2} className="text-center">
            Non-Pokok
          </Th>
          <Th colSpan={2} className="text-center">
            Semua
          </Th>
        </tr>
        <tr>
          {['Pokok', 'Non-Pokok', 'Semua'].flatMap((group) => [
            <Th key={`${group}-n`} className="text-right" aria-label={`${group}: jumlah`}>
              Jumlah
            </Th>,
            <Th key={`${group}-v`} className="text-right" aria-label={`${group}: nilai`}>
              Nilai
            </Th>,
          ])}
        </tr>
      </THead>
      <TBody>
        {laporan.bulan.map((b) => (
          <Tr key={b.bulan}>
            <Td className="whitespace-nowrap">{formatBulan(b.bulan)}</Td>
            {cells(b.pokok)}
            {cells(b.non_pokok)}
            {cells(b.semua)}
          </Tr>
        ))}
        <Tr className="bg-canvas font-semibold text-ink">
          <Td>Total</Td>
          {cells(laporan.total.pokok)}
          {cells(laporan.total.non_pokok)}
          {cells(laporan.total.semua)}
        </Tr>
      </TBody>
    </Table>
  );
}

/** The months as a list for phones and tablets, where seven columns do not fit. */
export function PencairanList({ laporan }: { laporan: Pencairan }) {
  const line = (label: string, c: { jumlah: number; total: number }) => `${label} ${c.jumlah} · ${formatRupiah(c.total)}`;
  return (
    <MonthlyList
      label="Pencairan per bulan dan tipe"
      rows={[
        ...laporan.bulan.map((b) => ({ key: b.bulan, label: formatBulan(b.bulan), ...b })),
        { key: 'total', label: 'Total', ...laporan.total },
      ].map((row) => ({
        key: row.key,
        label: row.label,
        value: formatRupiah(row.semua.total),
        unit: `${row.semua.jumlah} pinjaman`,
        detail:
          row.semua.jumlah > 0 ? (
            <>
              {line('Pokok', row.pokok)}; {line('Non-Pokok', row.non_pokok)}
            </>
          ) : null,
      }))}
    />
  );
}
