import { jenisPembayaranLabels, labelOf, tipePinjamanLabels } from '@mizan/core';
import { Badge } from '../../../components/ui/badge';

const jenisTones = { angsuran: 'green', bagi_hasil: 'gold', pokok: 'blue', pelunasan: 'amber' } as const;

/** A payment kind as a badge: Angsuran, Bagi Hasil, Pokok, Pelunasan. */
export function JenisBadge({ jenis }: { jenis: string }) {
  return <Badge tone={jenisTones[jenis as keyof typeof jenisTones] ?? 'gray'}>{labelOf(jenisPembayaranLabels, jenis)}</Badge>;
}

/** A loan type as a badge: Pokok (Murabahah), Non-Pokok (Mudharabah). */
export function TipeBadge({ tipe }: { tipe: string }) {
  return <Badge tone={tipe === 'pokok' ? 'blue' : 'gold'}>{labelOf(tipePinjamanLabels, tipe)}</Badge>;
}
