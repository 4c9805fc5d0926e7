import { useState } from 'react';
import {
  formatDateShort,
  formatRupiah,
  jenisMutasiLabels,
  jenisPembayaranLabels,
  labelOf,
  type Mutasi,
  type MutasiParts,
} from '@mizan/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TitledCard } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { usePinjamanMutasi } from '../api/get-pinjaman-mutasi';

/** Events shown before "Tampilkan semua". */
const FIRST = 5;

/** The parts a history line names, in this order (cash is the line's amount). */
const PART_LABELS: readonly [Exclude<keyof MutasiParts, 'kas' | 'lain'>, string][] = [
  ['pokok_akad', 'Pokok akad'],
  ['margin_akad', 'Margin akad'],
  ['pokok', 'Pokok'],
  ['margin', 'Margin'],
  ['bagi_hasil', 'Bagi hasil'],
  ['lebih_bayar', 'Lebih bayar'],
  ['margin_dibebaskan', 'Margin tidak ditagih'],
  ['pokok_dihapus', 'Pokok tidak tertagih'],
  ['hapus_buku_pokok', 'Pokok dihapusbukukan'],
  ['hapus_buku_margin', 'Margin dihapusbukukan'],
  ['pemulihan', 'Pemulihan'],
];

/** "Pembayaran Angsuran ke-2", "Pembalikan Pelunasan", "Akad (pencairan)". */
function titleOf(m: Mutasi) {
  const label = jenisMutasiLabels[m.jenis];
  if (m.pembayaran_jenis === null || (m.jenis !== 'pembayaran' && m.jenis !== 'pembalikan' && m.jenis !== 'pelunasan'))
    return label;
  const payment = labelOf(jenisPembayaranLabels, m.pembayaran_jenis) + (m.angsuran_ke ? ` ke-${m.angsuran_ke}` : '');
  return m.jenis === 'pelunasan' ? label : `${label} ${payment}`;
}

/** Cash in (+) or out (−) of an event, or nothing for an event that moved no cash. */
function cashText(kas: number) {
  if (kas === 0) return null;
  return `${kas > 0 ? '+' : '−'}${formatRupiah(Math.abs(kas))}`;
}

function MutasiLine({ m }: { m: Mutasi }) {
  const parts = PART_LABELS.filter(([name]) => m[name] !== 0);
  const cash = cashText(m.kas);
  return (
    <li className="py-2.5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-ink">
            {titleOf(m)}{' '}
            {m.dibalik_oleh !== null ? (
              <Badge tone="gray" className="ml-1 align-middle">
                Dibalik
              </Badge>
            ) : null}
          </p>
          <p className="text-xs text-muted">{formatDateShort(m.tanggal)}</p>
        </div>
        {cash ? (
          <p className={`shrink-0 text-right font-medium tabular-nums ${m.kas > 0 ? 'text-emerald-800' : 'text-ink'}`}>{cash}</p>
        ) : null}
      </div>
      {parts.length > 0 ? (
        <p className="mt-1 text-xs text-ink tabular-nums">
          {parts.map(([name, label], i) => (
            <span key={name}>
              {i > 0 ? ' · ' : null}
              <span className="whitespace-nowrap">
                {label} {formatRupiah(m[name])}
              </span>
            </span>
          ))}
        </p>
      ) : null}
      <p className="mt-0.5 text-xs text-muted">
        {[m.alasan, m.diturunkan ? 'Diturunkan dari data sebelum mutasi dicatat' : `Dicatat ${m.dicatat_oleh ?? 'sistem'}`]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  );
}

/**
 * The loan's money events (issue 47), newest first: what was disbursed, paid, reversed and adjusted,
 * with the split of each, and what they add up to (the same remaining principal and margin the
 * page shows above).
 */
export function MutasiHistory({ pinjamanId }: { pinjamanId: number }) {
  const query = usePinjamanMutasi(pinjamanId);
  const [all, setAll] = useState(false);
  const events = [...(query.data?.mutasi ?? [])].reverse();
  const shown = all ? events : events.slice(0, FIRST);
  return (
    <TitledCard
      title="Riwayat Mutasi"
      aside={events.length > 0 ? <span className="text-xs text-muted">{events.length} mutasi</span> : null}
    >
      {query.isPending ? (
        <SkeletonLines className="space-y-2" lines={['h-10 w-full', 'h-10 w-full']} />
      ) : query.isError ? (
        <p className="text-sm text-red-700">Gagal memuat riwayat mutasi. Tekan Refresh untuk mencoba lagi.</p>
      ) : events.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">
          Belum ada mutasi tercatat. Mutasi pinjaman yang dicatat sebelum fitur ini dilengkapi otomatis dari riwayat
          pembayarannya.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-line text-sm" aria-label="Riwayat mutasi pinjaman">
            {shown.map((m) => (
              <MutasiLine key={m.id} m={m} />
            ))}
          </ul>
          {events.length > FIRST ? (
            <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => setAll((v) => !v)} aria-expanded={all}>
              {all ? 'Tampilkan mutasi terbaru saja' : `Tampilkan semua mutasi (${events.length})`}
            </Button>
          ) : null}
          <p className="mt-3 border-t border-line pt-3 text-xs text-muted">
            Jumlah seluruh mutasi: sisa pokok <span className="font-medium text-ink">{formatRupiah(query.data!.sisa_pokok)}</span>
            {' · '}sisa margin <span className="font-medium text-ink">{formatRupiah(query.data!.sisa_margin)}</span>
            {query.data!.sisa_pokok_buku !== query.data!.sisa_pokok ||
            query.data!.sisa_margin_buku !== query.data!.sisa_margin ? (
              <>
                {'; di pembukuan: pokok '}
                <span className="font-medium text-ink">{formatRupiah(query.data!.sisa_pokok_buku)}</span>
                {' · margin '}
                <span className="font-medium text-ink">{formatRupiah(query.data!.sisa_margin_buku)}</span>
                {' (dihapusbukukan)'}
              </>
            ) : null}
          </p>
        </>
      )}
    </TitledCard>
  );
}
