import { Link } from 'react-router';
import { alasanKhasmLabels, formatDateLong, formatRupiah, type Pinjaman } from '@mizan/core';
import { TitledCard } from '../../../components/ui/card';
import { FigureLines } from '../../../components/ui/figure-lines';
import { usePelunasanInfo } from '../api/pelunasan';

/** A loan settled early (issue 27 B): what was paid, what was not collected and why. Nothing otherwise. */
export function PelunasanCard({ pinjaman }: { pinjaman: Pinjaman }) {
  const info = usePelunasanInfo(pinjaman.id, null, pinjaman.status === 'lunas' && pinjaman.tipe === 'pokok');
  const s = info.data?.tercatat;
  if (!s) return null;
  return (
    <TitledCard title="Pelunasan Dipercepat">
      <FigureLines
        lines={[
          { label: 'Tanggal', value: formatDateLong(s.tanggal), words: true },
          { label: 'Dibayar nasabah', value: formatRupiah(s.dibayar) },
          {
            label: `Margin waktu yang belum dilalui (${s.bulan_berjalan} bulan berjalan), tidak ditagih`,
            value: formatRupiah(s.margin_tidak_ditagih),
          },
          { label: 'Potongan (khasm)', value: formatRupiah(s.khasm) },
          s.alasan_khasm ? { label: 'Alasan potongan', value: alasanKhasmLabels[s.alasan_khasm], words: true } : null,
          { label: 'Dicatat oleh', value: s.dicatat_oleh ?? '-', words: true },
          s.disetujui_oleh ? { label: 'Disetujui oleh', value: s.disetujui_oleh, words: true } : null,
        ]}
      />
      <Link
        to={`/pembayaran/${s.pembayaran_id}`}
        className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        Lihat pembayaran pelunasan
      </Link>
    </TitledCard>
  );
}
