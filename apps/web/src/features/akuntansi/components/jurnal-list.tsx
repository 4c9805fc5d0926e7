import { Link } from 'react-router';
import { formatDateShort, formatRupiah, type JurnalEntry } from '@mizan/core';
import { EmptyState } from '../../../components/ui/empty-state';
import type { Layout } from '../../../components/ui/use-media-query';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** Where a journal leads: its loan, its payment, the journal it reverses. */
function JournalLinks({ jurnal }: { jurnal: JurnalEntry }) {
  const links = [
    jurnal.pinjaman_id !== null ? (
      <Link key="pinjaman" to={`/pinjaman/${jurnal.pinjaman_id}`} className={linkClass}>
        Pinjaman {jurnal.nomor_pinjaman ?? `#${jurnal.pinjaman_id}`}
      </Link>
    ) : null,
    jurnal.pembayaran_id !== null ? (
      <Link
        key="pembayaran"
        to={`/pembayaran/${jurnal.pembayaran_id}`}
        className={linkClass}
        aria-label={`Pembayaran jurnal ${jurnal.nomor}`}
      >
        Pembayaran
      </Link>
    ) : null,
    jurnal.membalik_id !== null ? (
      <span key="membalik" className="text-muted">
        Membalik JU-{String(jurnal.membalik_id).padStart(6, '0')}
      </span>
    ) : null,
  ].filter(Boolean);
  if (links.length === 0) return null;
  return <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">{links}</p>;
}

const amount = (value: number) => (value === 0 ? '' : formatRupiah(value));

/** A journal's lines: account, debit, credit in columns; on a phone each line with its amount and side. */
function JournalLines({ jurnal, layout }: { jurnal: JurnalEntry; layout: Layout }) {
  if (layout === 'phone')
    return (
      <ul className="divide-y divide-line border-t border-line" aria-label={`Baris jurnal ${jurnal.nomor}`}>
        {jurnal.baris.map((b, index) => (
          <li key={index} className="flex items-start justify-between gap-3 py-2 text-sm">
            <span className={b.kredit > 0 ? 'min-w-0 pl-4' : 'min-w-0'}>
              <span className="block text-ink">{b.nama}</span>
              <span className="block text-xs text-muted tabular-nums">{b.kode}</span>
            </span>
            <span className="shrink-0 text-right tabular-nums">
              <span className="block font-medium text-ink">{formatRupiah(b.debit || b.kredit)}</span>
              <span className="block text-xs text-muted">{b.debit > 0 ? 'Debit' : 'Kredit'}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <table className="w-full border-t border-line text-sm">
      <caption className="sr-only">Baris jurnal {jurnal.nomor}</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="py-2 text-left font-medium">
            Akun
          </th>
          <th scope="col" className="w-40 py-2 text-right font-medium">
            Debit
          </th>
          <th scope="col" className="w-40 py-2 text-right font-medium">
            Kredit
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {jurnal.baris.map((b, index) => (
          <tr key={index}>
            <td className={b.kredit > 0 ? 'py-2 pl-8' : 'py-2'}>
              <span className="mr-2 text-muted tabular-nums">{b.kode}</span>
              <span className="text-ink">{b.nama}</span>
            </td>
            <td className="py-2 text-right whitespace-nowrap tabular-nums text-ink">{amount(b.debit)}</td>
            <td className="py-2 text-right whitespace-nowrap tabular-nums text-ink">{amount(b.kredit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The journals of a page, newest first: each one's date, number and what it was for, where it leads, and its lines. */
export function JurnalList({ journals, layout }: { journals: readonly JurnalEntry[]; layout: Layout }) {
  if (journals.length === 0) return <EmptyState message="Tidak ada jurnal yang sesuai dengan filter ini" />;
  return (
    <ul className="space-y-3" aria-label="Daftar jurnal">
      {journals.map((j) => (
        <li key={j.id} className="rounded-xl border border-line bg-white px-4 pt-3 pb-1 shadow-xs">
          <article aria-label={`Jurnal ${j.nomor}`} className="space-y-2">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-semibold text-ink tabular-nums">{j.nomor}</span>
              <span className="text-sm text-muted tabular-nums">{formatDateShort(j.tanggal)}</span>
              <span className="min-w-0 text-sm font-medium text-ink">{j.keterangan}</span>
            </div>
            <JournalLinks jurnal={j} />
            <JournalLines jurnal={j} layout={layout} />
          </article>
        </li>
      ))}
    </ul>
  );
}
