import type { ReactNode } from 'react';
import {
  jenisPembayaranLabels,
  kolektibilitasLabels,
  kolektibilitasShortLabels,
  labelOf,
  tipePinjamanLabels,
  type Kolektibilitas,
} from '@mizan/core';
import { cn } from './cn';

type Tone = 'green' | 'gray' | 'red' | 'amber' | 'blue' | 'gold';
const tones: Record<Tone, string> = {
  green: 'bg-brand-50 text-brand-800 ring-brand-200',
  gray: 'bg-slate-100 text-slate-700 ring-slate-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  blue: 'bg-sky-50 text-sky-800 ring-sky-200',
  gold: 'bg-gold-100 text-gold-700 ring-gold-300',
};

export function Badge({
  tone = 'gray',
  children,
  className,
  title,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

const statusTones: Record<string, { tone: Tone; label: string }> = {
  aktif: { tone: 'green', label: 'Aktif' },
  active: { tone: 'green', label: 'Aktif' },
  nonaktif: { tone: 'gray', label: 'Nonaktif' },
  inactive: { tone: 'gray', label: 'Tidak Aktif' },
  pending: { tone: 'amber', label: 'Pending' },
  draft: { tone: 'gray', label: 'Draft' },
  approved: { tone: 'blue', label: 'Disetujui' },
  rejected: { tone: 'red', label: 'Ditolak' },
  lunas: { tone: 'blue', label: 'Lunas' },
  ditolak: { tone: 'red', label: 'Ditolak' },
  macet: { tone: 'red', label: 'Macet' },
  hapus_buku: { tone: 'gray', label: 'Dihapusbukukan' },
  sebagian: { tone: 'amber', label: 'Sebagian' },
  belum: { tone: 'gray', label: 'Belum Bayar' },
  terlambat: { tone: 'red', label: 'Terlambat' },
  selesai: { tone: 'green', label: 'Selesai' },
};

/** Status badge that knows every status of the spec (§4). */
export function StatusBadge({ status }: { status: string }) {
  const known = statusTones[status] ?? { tone: 'gray' as Tone, label: status };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}

const jenisTones: Record<string, Tone> = { angsuran: 'green', bagi_hasil: 'gold', pokok: 'blue', pelunasan: 'amber' };

/** A payment kind as a badge: Angsuran, Bagi Hasil (gold, as Mudharabah), Pokok (blue, as Murabahah), Pelunasan. */
export function JenisBadge({ jenis }: { jenis: string }) {
  return <Badge tone={jenisTones[jenis] ?? 'gray'}>{labelOf(jenisPembayaranLabels, jenis)}</Badge>;
}

/** A loan type as a badge, the same on every screen: Pokok (Murabahah) blue, Non-Pokok (Mudharabah) gold. */
export function TipeBadge({ tipe }: { tipe: string }) {
  return <Badge tone={tipe === 'pokok' ? 'blue' : 'gold'}>{labelOf(tipePinjamanLabels, tipe)}</Badge>;
}

/** Tones of the five classes, from current (green) to the worst (red). */
export const kolektibilitasTones: Record<Kolektibilitas, Tone> = { 1: 'green', 2: 'blue', 3: 'amber', 4: 'red', 5: 'red' };

/** A loan's (or customer's) kolektibilitas as a badge: "Kol. 2 · DPK", the full name as its title. */
export function KolektibilitasBadge({ kelas }: { kelas: Kolektibilitas }) {
  return (
    <Badge tone={kolektibilitasTones[kelas]} title={`Kolektibilitas ${kelas} — ${kolektibilitasLabels[kelas]}`}>
      Kol. {kelas} · {kolektibilitasShortLabels[kelas]}
    </Badge>
  );
}
