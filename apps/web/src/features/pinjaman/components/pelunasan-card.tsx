import { Link } from 'react-router';
import { alasanKhasmLabels, formatDateLong, formatRupiah, type Pinjaman } from '@mizan/core';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { usePelunasanInfo } from '../api/pelunasan';

/** A loan settled early (issue 27 B): what was paid, what was not collected and why. Nothing otherwise. */
export function PelunasanCard({ pinjaman }: { pinjaman: Pinjaman }) {
  const info = usePelunasanInfo(pinjaman.id, null, pinjaman.status === 'lunas' && pinjaman.tipe === 'pokok');
  const s = info.data?.tercatat;
  if (!s) return null;
  // Amounts stay on one line; words (a reason, a name) wrap on the right.
  const line = (label: string, value: string, words = false) => (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="min-w-0 text-muted">{label}</dt>
      <dd className={words ? 'min-w-0 text-right text-ink' : 'shrink-0 text-ink tabular-nums'}>{value}</dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pelunasan Dipercepat</CardTitle>
      </CardHeader>
      <CardBody>
        <dl className="divide-y divide-line text-sm">
          {line('Tanggal', formatDateLong(s.tanggal), true)}
          {line('Dibayar nasabah', formatRupiah(s.dibayar))}
          {line(
            `Margin waktu yang belum dilalui (${s.bulan_berjalan} bulan berjalan), tidak ditagih`,
            formatRupiah(s.margin_tidak_ditagih),
          )}
          {line('Potongan (khasm)', formatRupiah(s.khasm))}
          {s.alasan_khasm ? line('Alasan potongan', alasanKhasmLabels[s.alasan_khasm], true) : null}
          {line('Dicatat oleh', s.dicatat_oleh ?? '-', true)}
          {s.disetujui_oleh ? line('Disetujui oleh', s.disetujui_oleh, true) : null}
        </dl>
        <Link
          to={`/pembayaran/${s.pembayaran_id}`}
          className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          Lihat pembayaran pelunasan
        </Link>
      </CardBody>
    </Card>
  );
}
