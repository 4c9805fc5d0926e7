import { useQuery } from '@tanstack/react-query';
import { CheckCheck, Clock, Gauge, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { SummaryCardStrip } from '../../../components/ui/summary-card';
import { messageSummaryQuery } from '../api/messages-api';
import { waSessionQuery } from '../api/wa-session-api';

const count = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString('id-ID'));

/**
 * Today's messages (Jakarta day): sent, waiting now, failed or uncertain, and what is left of the
 * day's cap of messages to customers (reminders and by hand); on the WhatsApp settings page and the
 * message log. A failure to load shows dashes, never a made-up zero.
 */
export function MessageCounters({ withLink = false }: { withLink?: boolean }) {
  const summary = useQuery(messageSummaryQuery);
  const session = useQuery({ ...waSessionQuery(), refetchOnMount: false });
  const data = summary.data;
  // Known to be not connected (not merely not loaded yet) with messages waiting.
  const waiting = session.isSuccess && session.data.status !== 'READY' && (data?.menunggu ?? 0) > 0;
  return (
    <section aria-labelledby="pesan-hari-ini" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pesan-hari-ini" className="text-base font-semibold text-ink">
          Pesan Hari Ini
        </h2>
        {withLink ? (
          <Link to="/wa-riwayat-pesan" className="text-sm font-medium text-brand-700 underline">
            Lihat riwayat pesan
          </Link>
        ) : null}
      </div>
      <SummaryCardStrip
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
        loading={summary.isPending}
        compact
        cards={[
          { label: 'Terkirim', value: count(data?.terkirim), icon: <CheckCheck className="h-5 w-5" /> },
          { tone: 'sky', label: 'Menunggu', value: count(data?.menunggu), icon: <Clock className="h-5 w-5" /> },
          { tone: 'amber', label: 'Gagal', value: count(data?.gagal), icon: <TriangleAlert className="h-5 w-5" /> },
          {
            tone: 'gold',
            label: 'Sisa batas ke nasabah',
            value: count(data?.sisa_batas),
            hint: data ? `dari ${count(data.batas)} hari ini` : undefined,
            icon: <Gauge className="h-5 w-5" />,
          },
        ]}
      />
      {waiting ? (
        <Alert tone="warning" title={`${count(data?.menunggu)} pesan menunggu WhatsApp terhubung`}>
          Tidak ada yang hilang: pesan dikirim otomatis setelah WhatsApp terhubung kembali.
        </Alert>
      ) : null}
    </section>
  );
}
