import { Link } from 'react-router';
import { formatDateShort, formatRupiah, type BukuBesar } from '@mizan/core';
import { EmptyState } from '../../../components/ui/empty-state';
import { rightAligned, Table, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';

const amount = (value: number) => (value === 0 ? '' : formatRupiah(value));

/** What a line was for, leading to its loan when it has one. */
function Keterangan({ line }: { line: BukuBesar['baris'][number] }) {
  if (line.pinjaman_id === null) return <>{line.keterangan}</>;
  return (
    <Link to={`/pinjaman/${line.pinjaman_id}`} className="text-ink underline-offset-2 hover:text-brand-800 hover:underline">
      {line.keterangan}
    </Link>
  );
}

/**
 * One page of an account's ledger: the balance it starts from (the opening balance on page 1, the
 * balance brought forward after), each line with the running balance; a table on desktop, a list on
 * tablets and phones.
 */
export function BukuBesarRows({ ledger, layout }: { ledger: BukuBesar; layout: Layout }) {
  if (ledger.pagination.total === 0) return <EmptyState message="Tidak ada transaksi pada akun ini dalam periode ini" />;
  const start = ledger.pagination.page === 1 ? 'Saldo awal' : 'Saldo dari halaman sebelumnya';
  const caption = `Buku besar ${ledger.akun.kode} ${ledger.akun.nama}`;
  if (layout === 'desktop')
    return (
      <Table caption={caption}>
        <TableHead
          columns={['Tanggal', 'No. Jurnal', 'Keterangan', rightAligned('Debit'), rightAligned('Kredit'), rightAligned('Saldo')]}
        />
        <TBody>
          <Tr className="bg-canvas">
            <Td />
            <Td />
            <Td className="font-medium text-ink">{start}</Td>
            <Td />
            <Td />
            <Td className="text-right font-semibold whitespace-nowrap tabular-nums text-ink">
              {formatRupiah(ledger.saldo_awal_halaman)}
            </Td>
          </Tr>
          {ledger.baris.map((b) => (
            <Tr key={b.id}>
              <Td className="whitespace-nowrap text-muted tabular-nums">{formatDateShort(b.tanggal)}</Td>
              <Td className="whitespace-nowrap text-muted tabular-nums">{b.nomor}</Td>
              <Td className="text-ink">
                <Keterangan line={b} />
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums text-ink">{amount(b.debit)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums text-ink">{amount(b.kredit)}</Td>
              <Td className="text-right font-medium whitespace-nowrap tabular-nums text-ink">{formatRupiah(b.saldo)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    );
  return (
    <div className="rounded-xl border border-line bg-white shadow-xs">
      <p className="flex justify-between gap-3 border-b border-line bg-canvas px-4 py-3 text-sm">
        <span className="font-medium text-ink">{start}</span>
        <span className="font-semibold tabular-nums text-ink">{formatRupiah(ledger.saldo_awal_halaman)}</span>
      </p>
      <ul className="divide-y divide-line" aria-label={caption}>
        {ledger.baris.map((b) => (
          <li key={b.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <span className="min-w-0">
              <span className="block text-ink">
                <Keterangan line={b} />
              </span>
              <span className="block text-xs text-muted tabular-nums">
                {formatDateShort(b.tanggal)} · {b.nomor}
              </span>
            </span>
            <span className="shrink-0 text-right tabular-nums">
              <span className="block font-medium text-ink">
                {b.debit > 0 ? formatRupiah(b.debit) : formatRupiah(b.kredit)}
                <span className="ml-1 text-xs font-normal text-muted">{b.debit > 0 ? 'D' : 'K'}</span>
              </span>
              <span className="block text-xs text-muted">Saldo {formatRupiah(b.saldo)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
