import { formatDateLong, formatRupiah, type Pinjaman } from '@mizan/core';
import { TitledCard } from '../../../components/ui/card';
import { usePenjadwalanInfo } from '../api/penjadwalan';

/** A rescheduled loan's history (issue 27 D): when, over how many months, the obligation, who approved. */
export function PenjadwalanCard({ pinjaman }: { pinjaman: Pinjaman }) {
  // Only a loan that was rescheduled has a history to show: no request for any other.
  const info = usePenjadwalanInfo(pinjaman.id, { durasi: 1, tenggang: 0 }, pinjaman.dijadwalkan_ulang);
  const history = info.data?.riwayat ?? [];
  if (history.length === 0) return null;
  return (
    <TitledCard title="Riwayat Penjadwalan">
      <ul className="divide-y divide-line text-sm">
        {history.map((h) => (
          <li key={h.id} className="py-2">
            <p className="text-ink">
              {formatDateLong(h.tanggal)}: {formatRupiah(h.sisa_kewajiban)} dalam {h.durasi} bulan
              {h.tenggang ? `, tenggang ${h.tenggang} bulan` : ''}
            </p>
            <p className="text-xs text-muted">
              Jadwal lama {h.jadwal_lama.length} angsuran → jadwal baru {h.jadwal_baru.length} angsuran · disetujui{' '}
              {h.disetujui_oleh ?? '-'}
            </p>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
