import type { WaSession } from '@mizan/core';
import { Badge } from '../../../components/ui/badge';
import { TitledCard } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';

type Tone = 'green' | 'gray' | 'red' | 'amber';
const statusBadges: Record<string, { tone: Tone; label: string }> = {
  PENDING: { tone: 'amber', label: 'Menunggu Scan' },
  READY: { tone: 'green', label: 'Terhubung' },
  DISCONNECTED: { tone: 'gray', label: 'Terputus' },
  FAILED: { tone: 'red', label: 'Gagal' },
  ERROR: { tone: 'red', label: 'Error' },
};

export function WaStatusBadge({ status }: { status: string | null | undefined }) {
  const known = status ? statusBadges[status] : undefined;
  // The gateway's own code (PENDING, READY…) only as a tooltip, for support calls.
  return (
    <Badge tone={known?.tone ?? 'gray'} {...(status ? { title: `Kode status: ${status}` } : {})}>
      {known?.label ?? 'Belum Terhubung'}
    </Badge>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2 sm:block sm:py-0">
      <dt className="text-xs font-medium text-muted uppercase tracking-wide">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-ink sm:mt-1 sm:text-left">{value}</dd>
    </div>
  );
}

/** Status, account name and number, chats count (spec §2 status card). */
export function SessionStatusCard({ session, loading }: { session: WaSession | undefined; loading: boolean }) {
  const status = session?.status ?? null;
  return (
    <TitledCard
      title="Status Koneksi"
      aside={session?.gateway === 'simulator' ? <Badge tone="blue">Mode Simulator</Badge> : null}
    >
      {loading && !session ? (
        <SkeletonLines className="space-y-3" lines={['h-5 w-32', 'h-5 w-48', 'h-5 w-40']} />
      ) : (
        <dl className="grid divide-y divide-line sm:grid-cols-2 sm:gap-5 sm:divide-y-0 lg:grid-cols-4">
          <Row label="Status" value={<WaStatusBadge status={status} />} />
          <Row label="Nama Akun" value={session?.metadata?.name ?? '-'} />
          <Row label="Nomor WhatsApp" value={session?.metadata?.phone_number ?? session?.phone_number ?? '-'} />
          <Row label="Jumlah Chat" value={session?.metadata ? String(session.metadata.chats_count) : '-'} />
        </dl>
      )}
      {status === 'DISCONNECTED' ? (
        <p className="mt-3 text-sm text-muted">Koneksi terputus sementara; server menyambung ulang secara otomatis.</p>
      ) : null}
    </TitledCard>
  );
}
