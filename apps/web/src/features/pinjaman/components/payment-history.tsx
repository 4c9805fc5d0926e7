import { TitledCard } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { PaymentHistoryRows, type PaymentColumn } from '../../../components/ui/payment-history';
import type { Layout } from '../../../components/ui/use-media-query';
import type { LoanPayment } from '../types';

/** Spec §2: Tanggal, Jenis, Jumlah, Status. */
const LOAN_COLUMNS: readonly PaymentColumn[] = ['tanggal', 'jenis', 'jumlah', 'status'];

/** Payment history of the loan (spec §2): Tanggal, Jenis, Jumlah, Status (always shown as selesai). */
export function PaymentHistory({
  payments,
  loading,
  failed,
  layout,
}: {
  payments: LoanPayment[];
  loading: boolean;
  failed: boolean;
  layout: Layout;
}) {
  return (
    <TitledCard
      title="Riwayat Pembayaran"
      aside={payments.length > 0 ? <span className="text-xs text-muted">{payments.length} pembayaran</span> : null}
      bodyClassName={payments.length > 0 ? 'p-3' : undefined}
    >
      {loading ? (
        <SkeletonLines className="space-y-2" lines={['h-8 w-full', 'h-8 w-full']} />
      ) : failed ? (
        <p className="text-sm text-red-700">Gagal memuat riwayat pembayaran</p>
      ) : payments.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">Belum ada data pembayaran</p>
      ) : (
        <PaymentHistoryRows payments={payments} layout={layout} caption="Riwayat pembayaran" columns={LOAN_COLUMNS} />
      )}
    </TitledCard>
  );
}
