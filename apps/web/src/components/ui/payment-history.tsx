import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatDateShort, formatRupiah, jenisPembayaranLabels, labelOf, loanCode, type Pembayaran } from '@mizan/core';
import { StatusBadge } from './badge';
import { Table, TBody, Td, Th, THead, Tr } from './table';
import type { Layout } from './use-media-query';

/** The columns a payment history can show, in the order a screen lists them (spec §2, §7). */
export type PaymentColumn = 'no' | 'pinjaman' | 'tanggal' | 'jenis' | 'jumlah' | 'status';

const headings: Record<PaymentColumn, string> = {
  no: 'No',
  pinjaman: 'Pinjaman',
  tanggal: 'Tanggal',
  jenis: 'Jenis',
  jumlah: 'Jumlah',
  status: 'Status',
};

export interface PaymentHistoryRowsProps {
  payments: Pembayaran[];
  layout: Layout;
  /** The table's caption (read by screen readers). */
  caption: string;
  columns: readonly PaymentColumn[];
  /** The loan of a payment, named for a person (the 'pinjaman' column and the phone card). */
  loanOf?: (payment: Pembayaran) => { id: number | undefined; label: string };
}

/** 'Angsuran ke-3', 'Bagi Hasil'. */
const jenisOf = (p: Pembayaran) => `${labelOf(jenisPembayaranLabels, p.jenis)}${p.angsuran_ke ? ` ke-${p.angsuran_ke}` : ''}`;

/**
 * The rows of a payment history, the same on the customer's and the loan's page: a table on wider
 * screens, cards on a phone; each payment opens its detail, its loan opens the loan, and the status
 * always reads Selesai (spec §3: histories list payments made). The card around it, its title and
 * its loading, failed and empty states belong to the page.
 */
export function PaymentHistoryRows({ payments, layout, caption, columns, loanOf }: PaymentHistoryRowsProps) {
  if (layout === 'phone')
    return (
      <ul className="grid gap-2">
        {payments.map((p, i) => (
          <li key={p.id}>
            <Link to={`/pembayaran/${p.id}`} className="block rounded-xl border border-line bg-white p-3 hover:border-brand-300">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold">
                  {columns.includes('no') ? `${i + 1}. ` : ''}
                  {jenisOf(p)}
                </span>
                <StatusBadge status="selesai" />
              </div>
              {loanOf ? <p className="mt-0.5 truncate text-xs text-muted">{loanOf(p).label}</p> : null}
              <div className="mt-1 flex items-center justify-between text-sm">
                <span className="font-semibold">{formatRupiah(p.jumlah)}</span>
                <span className="text-xs text-muted">{formatDateShort(p.tanggal)}</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    );

  const cell = (column: PaymentColumn, p: Pembayaran, i: number) => {
    switch (column) {
      case 'no':
        return <Td className="w-14 text-muted">{i + 1}</Td>;
      case 'pinjaman': {
        const loan = loanOf?.(p) ?? { id: p.pinjaman_id, label: loanCode({ id: p.pinjaman_id }) };
        return (
          <Td className="whitespace-nowrap">
            {loan.id ? (
              <Link to={`/pinjaman/${loan.id}`} className="text-brand-800 hover:underline">
                {loan.label}
              </Link>
            ) : (
              loan.label
            )}
          </Td>
        );
      }
      case 'tanggal':
        return <Td className="whitespace-nowrap">{formatDateShort(p.tanggal)}</Td>;
      case 'jenis':
        return <Td className="whitespace-nowrap">{jenisOf(p)}</Td>;
      case 'jumlah':
        return (
          <Td className="text-right font-medium whitespace-nowrap">
            <Link to={`/pembayaran/${p.id}`} className="hover:underline">
              {formatRupiah(p.jumlah)}
            </Link>
          </Td>
        );
      case 'status':
        return (
          <Td>
            <StatusBadge status="selesai" />
          </Td>
        );
    }
  };
  return (
    <Table caption={caption}>
      <THead>
        <tr>
          {columns.map((column) => (
            <Th key={column} className={column === 'jumlah' ? 'text-right' : column === 'no' ? 'w-14' : undefined}>
              {headings[column]}
            </Th>
          ))}
        </tr>
      </THead>
      <TBody>
        {payments.map((p, i) => (
          <Tr key={p.id}>
            {columns.map((column) => (
              <Fragment key={column}>{cell(column, p, i)}</Fragment>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
