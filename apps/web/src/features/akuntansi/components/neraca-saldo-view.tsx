import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { formatRupiah, kelompokAkunLabels, type NeracaSaldo } from '@mizan/core';
import { EmptyState } from '../../../components/ui/empty-state';
import { rightAligned, Table, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';

/** Whether the two totals are equal, said as it is (a difference is named with its amount). */
export function BalanceState({ neraca }: { neraca: NeracaSaldo }) {
  if (neraca.seimbang)
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-brand-800" role="status">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
        Seimbang: jumlah debit sama dengan jumlah kredit.
      </p>
    );
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
      <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
      Tidak seimbang: selisih {formatRupiah(Math.abs(neraca.total_debit - neraca.total_kredit))}.
    </p>
  );
}

/** Each account with its balance on the debit or the credit side: a table on desktop, a list on tablets and phones. */
export function NeracaSaldoRows({ neraca, layout }: { neraca: NeracaSaldo; layout: Layout }) {
  if (neraca.baris.length === 0) return <EmptyState message="Belum ada jurnal sampai tanggal ini" />;
  const amount = (value: number) => (value === 0 ? '' : formatRupiah(value));
  if (layout === 'desktop')
    return (
      <Table caption={`Neraca saldo per ${neraca.tanggal}`}>
        <TableHead columns={['Kode', 'Akun', 'Kelompok', rightAligned('Debit'), rightAligned('Kredit')]} />
        <TBody>
          {neraca.baris.map((b) => (
            <Tr key={b.akun_id}>
              <Td className="whitespace-nowrap text-muted tabular-nums">{b.kode}</Td>
              <Td className="font-medium text-ink">{b.nama}</Td>
              <Td className="text-muted">{kelompokAkunLabels[b.kelompok]}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums text-ink">{amount(b.debit)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums text-ink">{amount(b.kredit)}</Td>
            </Tr>
          ))}
          <Tr className="border-t-2 border-line bg-canvas">
            <Td />
            <Td className="font-semibold text-ink">Jumlah</Td>
            <Td />
            <Td className="text-right font-semibold whitespace-nowrap tabular-nums text-ink">
              {formatRupiah(neraca.total_debit)}
            </Td>
            <Td className="text-right font-semibold whitespace-nowrap tabular-nums text-ink">
              {formatRupiah(neraca.total_kredit)}
            </Td>
          </Tr>
        </TBody>
      </Table>
    );
  return (
    <div className="rounded-xl border border-line bg-white shadow-xs">
      <ul className="divide-y divide-line" aria-label={`Neraca saldo per ${neraca.tanggal}`}>
        {neraca.baris.map((b) => (
          <li key={b.akun_id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-ink">{b.nama}</span>
              <span className="block text-xs text-muted">
                {b.kode} · {kelompokAkunLabels[b.kelompok]}
              </span>
            </span>
            <span className="shrink-0 text-right tabular-nums">
              <span className="block font-semibold text-ink">{formatRupiah(b.debit || b.kredit)}</span>
              <span className="block text-xs text-muted">{b.debit > 0 ? 'Debit' : 'Kredit'}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-3 border-t-2 border-line bg-canvas px-4 py-3 text-sm">
        <div>
          <dt className="text-xs text-muted">Jumlah Debit</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatRupiah(neraca.total_debit)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-muted">Jumlah Kredit</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatRupiah(neraca.total_kredit)}</dd>
        </div>
      </dl>
    </div>
  );
}
