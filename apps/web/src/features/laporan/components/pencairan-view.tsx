import { formatBulan, formatRupiah, shortMonthName, type Pencairan } from '@mizan/core';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';

/** The value granted per month as stacked bars, Murabahah (pokok) under Mudharabah (non-pokok). */
export function PencairanChart({ laporan }: { laporan: Pencairan }) {
  const max = Math.max(1, ...laporan.bulan.map((b) => b.semua.total));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Nilai Pencairan per Bulan</CardTitle>
      </CardHeader>
      <div className="px-5 py-4">
        <div className="flex h-48 items-end gap-1.5 sm:gap-2" aria-hidden="true">
          {laporan.bulan.map((b) => (
            <div
              key={b.bulan}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
              title={`${formatBulan(b.bulan)}: ${b.semua.jumlah} pinjaman, ${formatRupiah(b.semua.total)}`}
            >
              <div className="flex w-full flex-col justify-end" style={{ height: `${(b.semua.total / max) * 100}%` }}>
                <div className="w-full rounded-t-md bg-gold-500" style={{ flexGrow: b.non_pokok.total }} />
                <div className="w-full bg-brand-600" style={{ flexGrow: b.pokok.total }} />
              </div>
              <span className="text-[10px] text-muted sm:text-xs">{shortMonthName(Number(b.bulan.slice(5, 7)))}</span>
            </div>
          ))}
        </div>
        <div className="mt-3 flex flex-wrap gap-4 text-xs text-muted">
          <span className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-600" aria-hidden="true" /> Pokok (Murabahah)
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-gold-500" aria-hidden="true" /> Non-Pokok (Mudharabah)
          </span>
        </div>
      </div>
    </Card>
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
    <ul
      className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs"
      aria-label="Pencairan per bulan dan tipe"
    >
      {[
        ...laporan.bulan.map((b) => ({ key: b.bulan, label: formatBulan(b.bulan), ...b })),
        { key: 'total', label: 'Total', ...laporan.total },
      ].map((row) => (
        <li key={row.key} className={row.key === 'total' ? 'bg-canvas px-4 py-3 font-semibold' : 'px-4 py-3'}>
          <div className="flex items-start justify-between gap-3">
            <span className="text-ink">{row.label}</span>
            <span className="shrink-0 text-right text-ink">
              <span className="block">{formatRupiah(row.semua.total)}</span>
              <span className="block text-xs font-normal text-muted">{row.semua.jumlah} pinjaman</span>
            </span>
          </div>
          {row.semua.jumlah > 0 ? (
            <p className="mt-0.5 text-xs font-normal text-muted">
              {line('Pokok', row.pokok)}; {line('Non-Pokok', row.non_pokok)}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
