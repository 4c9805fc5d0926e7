import { Calculator, ReceiptText, Wallet } from 'lucide-react';
import { formatRupiah } from '@mizan/core';
import { SummaryCardStrip } from '../../../components/ui/summary-card';
import type { PembayaranStats } from '../types';

/** The statistics strip of spec §2: Total Pembayaran (count), Total Nilai and Rata-rata. */
export function PembayaranStatsStrip({ stats, loading }: { stats: PembayaranStats | undefined; loading: boolean }) {
  return (
    <SummaryCardStrip
      className="grid gap-3 sm:grid-cols-3"
      testId="pembayaran-stats"
      loading={loading}
      cards={[
        {
          label: 'Total Pembayaran',
          value: (stats?.total_pembayaran ?? 0).toLocaleString('id-ID'),
          icon: <ReceiptText className="h-5 w-5" />,
        },
        {
          label: 'Total Nilai',
          value: formatRupiah(stats?.total_nilai_pembayaran ?? 0),
          icon: <Wallet className="h-5 w-5" />,
          tone: 'gold',
        },
        {
          label: 'Rata-rata',
          value: formatRupiah(stats?.avg_pembayaran ?? 0),
          icon: <Calculator className="h-5 w-5" />,
          tone: 'sky',
        },
      ]}
    />
  );
}
