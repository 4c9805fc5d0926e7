import { Link } from 'react-router';
import {
  formatRupiah,
  formatTimeJakarta,
  jenisPembayaranLabels,
  labelOf,
  loanCode,
  tipePinjamanLabels,
  type RekapHarian,
} from '@mizan/core';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { rightAligned, Table, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';

const rupiah = (value: number) => formatRupiah(value);

/** A share of the day's total as a bar behind a row's figures (the chart of the day). */
function ShareBar({ value, total }: { value: number; total: number }) {
  const percent = total > 0 ? Math.round((value / total) * 100) : 0;
  return (
    <div className="mt-1 h-1.5 w-full rounded-full bg-canvas" aria-hidden="true">
      <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Totals per kind and per staff member, each with its share of the day. */
export function RekapSummaries({ rekap }: { rekap: RekapHarian }) {
  const total = rekap.pembayaran.total;
  const block = (
    title: string,
    rows: { key: string; label: string; jumlah_transaksi: number; total: number }[],
    empty: string,
  ) => (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      {rows.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line">
          {rows.map((row) => (
            <li key={row.key} className="px-5 py-3">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium text-ink">{row.label}</span>
                <span className="shrink-0 text-right">
                  <span className="font-semibold text-ink">{rupiah(row.total)}</span>
                  <span className="ml-2 text-xs text-muted">{row.jumlah_transaksi} transaksi</span>
                </span>
              </div>
              <ShareBar value={row.total} total={total} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {block(
        'Per Jenis Pembayaran',
        rekap.per_jenis.map((r) => ({ key: r.jenis, label: labelOf(jenisPembayaranLabels, r.jenis), ...r })),
        'Belum ada pembayaran.',
      )}
      {block(
        'Per Petugas',
        rekap.per_petugas.map((r) => ({ key: String(r.user_id), label: r.nama, ...r })),
        'Belum ada pembayaran.',
      )}
    </div>
  );
}

/** Each payment of the day: a table on desktop, cards on tablets and phones. */
export function RekapPayments({ rekap, layout }: { rekap: RekapHarian; layout: Layout }) {
  const rows = rekap.rincian_pembayaran;
  if (rows.length === 0) return <EmptyState message="Tidak ada pembayaran pada tanggal ini" />;
  if (layout === 'desktop')
    return (
      <Table caption="Rincian pembayaran hari ini">
        <TableHead columns={['Jam', 'No. Kwitansi', 'Nasabah', 'Pinjaman', 'Jenis', rightAligned('Jumlah'), 'Petugas']} />
        <TBody>
          {rows.map((p) => (
            <Tr key={p.id}>
              <Td className="whitespace-nowrap text-muted">{formatTimeJakarta(p.dicatat_pada)}</Td>
              <Td className="whitespace-nowrap">
                <Link to={`/pembayaran/${p.id}`} className="font-medium text-brand-700 hover:underline">
                  {p.nomor_kwitansi ?? `#${p.id}`}
                </Link>
              </Td>
              <Td className="font-medium text-ink">{p.nasabah.nama}</Td>
              <Td className="whitespace-nowrap">{loanCode(p.pinjaman)}</Td>
              <Td className="whitespace-nowrap">
                {labelOf(jenisPembayaranLabels, p.jenis)}
                {p.angsuran_ke ? ` ke-${p.angsuran_ke}` : ''}
              </Td>
              <Td className="text-right font-semibold whitespace-nowrap text-ink">{rupiah(p.jumlah)}</Td>
              <Td className="text-muted">{p.dicatat_oleh ?? '-'}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    );
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Rincian pembayaran hari ini">
      {rows.map((p) => (
        <li key={p.id}>
          <Link
            to={`/pembayaran/${p.id}`}
            className="block rounded-xl border border-line bg-white p-4 shadow-xs hover:border-brand-300"
            aria-label={`Pembayaran ${p.nasabah.nama} ${rupiah(p.jumlah)}`}
          >
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate font-semibold text-ink">{p.nasabah.nama}</span>
                <span className="block text-xs text-muted">
                  {p.nomor_kwitansi ?? `#${p.id}`} · {formatTimeJakarta(p.dicatat_pada)}
                </span>
              </span>
              <span className="shrink-0 font-semibold text-ink">{rupiah(p.jumlah)}</span>
            </div>
            <div className="mt-2 flex flex-wrap gap-x-3 text-xs text-muted">
              <span>
                {labelOf(jenisPembayaranLabels, p.jenis)}
                {p.angsuran_ke ? ` ke-${p.angsuran_ke}` : ''}
              </span>
              <span>{loanCode(p.pinjaman)}</span>
              <span>Petugas: {p.dicatat_oleh ?? '-'}</span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The loans granted that day. */
export function RekapNewLoans({ rekap }: { rekap: RekapHarian }) {
  if (rekap.rincian_pinjaman_baru.length === 0)
    return <p className="text-sm text-muted">Tidak ada pinjaman baru pada tanggal ini.</p>;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs" aria-label="Pinjaman baru hari ini">
      {rekap.rincian_pinjaman_baru.map((p) => (
        <li key={p.id}>
          <Link to={`/pinjaman/${p.id}`} className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-brand-50/40">
            <span className="min-w-0">
              <span className="block truncate font-medium text-ink">{p.nasabah.nama}</span>
              <span className="block text-xs text-muted">
                {loanCode(p)} · {labelOf(tipePinjamanLabels, p.tipe)} · {p.persentase}%
                {p.durasi_angsuran ? ` · ${p.durasi_angsuran} bulan` : ''} · {p.dicatat_oleh ?? '-'}
              </span>
            </span>
            <span className="shrink-0 font-semibold text-ink">{rupiah(p.jumlah)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
