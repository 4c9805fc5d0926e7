import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BellRing,
  Banknote,
  FileUp,
  CalendarDays,
  CreditCard,
  IdCard,
  MapPin,
  Phone,
  Receipt,
  Wallet,
  Activity,
} from 'lucide-react';
import {
  formatDateLong,
  formatDateShort,
  formatNik,
  formatRupiah,
  labelOf,
  loanCode,
  nasabahFieldLabels,
  nasabahGeneratedFieldsOf,
  nasabahMissingFields,
  summarizeNasabah,
  tipePinjamanLabels,
} from '@mizan/core';
import { Alert } from '../../../components/ui/alert';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { SummaryCardStrip } from '../../../components/ui/summary-card';
import { rightAligned, Table, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import { PaymentHistoryRows, type PaymentColumn } from '../../../components/ui/payment-history';
import type { Layout } from '../../../components/ui/use-media-query';
import type { Nasabah, NasabahLoan, NasabahPayment } from '../types';

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span
        className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-muted">{label}</dt>
        <dd className="mt-0.5 text-sm break-words text-ink">{children}</dd>
      </div>
    </div>
  );
}

const orDash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

/** Name, NIK in groups of four, phone, status, address with kecamatan and kota, registration date. */
export function NasabahInfoCard({ nasabah }: { nasabah: Nasabah }) {
  const place = [nasabah.kecamatan, nasabah.kota].filter((p) => p && p.trim() !== '').join(', ');
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="min-w-0">
          <CardTitle className="text-lg">{nasabah.nama || '(tanpa nama)'}</CardTitle>
          <p className="text-xs text-muted">Nasabah #{nasabah.id}</p>
        </div>
        <StatusBadge status={nasabah.status} />
      </CardHeader>
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-2">
          <InfoItem icon={<IdCard className="h-4 w-4" />} label="NIK">
            <span className="tracking-wider tabular-nums">{nasabah.nik ? formatNik(nasabah.nik) : '-'}</span>
          </InfoItem>
          <InfoItem icon={<Phone className="h-4 w-4" />} label="Telepon">
            {orDash(nasabah.telepon)}
          </InfoItem>
          <InfoItem icon={<MapPin className="h-4 w-4" />} label="Alamat">
            {orDash(nasabah.alamat)}
            {place ? <span className="block text-muted">{place}</span> : null}
          </InfoItem>
          <InfoItem icon={<CalendarDays className="h-4 w-4" />} label="Tanggal Registrasi">
            {formatDateLong(nasabah.tanggal_nasabah)}
          </InfoItem>
          <InfoItem icon={<BellRing className="h-4 w-4" />} label="Pengingat WhatsApp">
            {nasabah.terima_pengingat ? 'Dikirim' : 'Tidak dikirim (nasabah menolak)'}
          </InfoItem>
          {nasabah.diimpor ? (
            <InfoItem icon={<FileUp className="h-4 w-4" />} label="Asal Data">
              Diimpor dari sistem lama
            </InfoItem>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}

/** The warning of spec §2 listing what is missing; a note for fields the system filled in itself. */
export function NasabahCompletenessNotice({ nasabah }: { nasabah: Nasabah }) {
  const missing = nasabahMissingFields(nasabah.data_completeness);
  const generated = nasabahGeneratedFieldsOf(nasabah.data_completeness);
  if (missing.length === 0 && generated.length === 0) return null;
  return (
    <div className="space-y-2">
      {missing.length > 0 ? (
        <Alert tone="warning" title="Data Tidak Lengkap">
          Data berikut belum diisi: <strong>{missing.map((f) => nasabahFieldLabels[f]).join(', ')}</strong>. Lengkapi melalui
          tombol Edit.
        </Alert>
      ) : null}
      {generated.length > 0 ? (
        <Alert tone="info">Diisi otomatis oleh sistem: {generated.map((f) => nasabahFieldLabels[f]).join(', ')}.</Alert>
      ) : null}
    </div>
  );
}

/** The four summary cards of spec §2, computed by core `summarizeNasabah` from the fetched history (spec §9). */
export function NasabahSummaryCards({
  loans,
  payments,
  loading,
}: {
  loans: NasabahLoan[];
  payments: NasabahPayment[];
  loading: boolean;
}) {
  const totals = summarizeNasabah(loans, payments);
  return (
    <SummaryCardStrip
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      testId="nasabah-summary"
      loading={loading}
      compact
      cards={[
        { label: 'Total Pinjaman', value: formatRupiah(totals.totalPinjaman), icon: <Wallet className="h-5 w-5" /> },
        {
          label: 'Total Pembayaran',
          value: formatRupiah(totals.totalPembayaran),
          icon: <Receipt className="h-5 w-5" />,
          tone: 'sky',
        },
        {
          label: 'Sisa Pinjaman',
          value: formatRupiah(totals.sisaPinjaman),
          icon: <Banknote className="h-5 w-5" />,
          tone: 'gold',
        },
        {
          label: 'Pinjaman Aktif',
          value: totals.pinjamanAktif.toLocaleString('id-ID'),
          icon: <Activity className="h-5 w-5" />,
          tone: 'amber',
        },
      ]}
    />
  );
}

/**
 * A customer's history of `what` ('Pinjaman': "History Pinjaman") under its title and count: a
 * skeleton while loading, "Belum ada data pinjaman" when it has no rows.
 */
function HistoryCard({
  what,
  icon,
  count,
  loading,
  children,
}: {
  what: string;
  icon: ReactNode;
  count: number;
  loading: boolean;
  children: ReactNode;
}) {
  const title = `History ${what}`;
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex items-center gap-2">
        <span className="text-brand-700" aria-hidden="true">
          {icon}
        </span>
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {count > 0 ? <Badge tone="gray">{count}</Badge> : null}
      </div>
      {loading ? (
        <SkeletonLines
          className="space-y-2 rounded-xl border border-line bg-white p-4"
          lines={['h-4 w-full', 'h-4 w-5/6', 'h-4 w-2/3']}
        />
      ) : count === 0 ? (
        <EmptyHistory text={`Belum ada data ${what.toLowerCase()}`} />
      ) : (
        children
      )}
    </section>
  );
}

function EmptyHistory({ text }: { text: string }) {
  return <p className="rounded-xl border border-dashed border-line bg-white px-4 py-8 text-center text-sm text-muted">{text}</p>;
}

function loanInHistory(loan: NasabahLoan | undefined, pinjamanId: number | undefined) {
  if (loan?.nomor_pinjaman) return loan.nomor_pinjaman;
  if (loan) return `${labelOf(tipePinjamanLabels, loan.tipe)}${loan.urutan_pinjaman ? ` ke-${loan.urutan_pinjaman}` : ''}`;
  return pinjamanId ? loanCode({ id: pinjamanId }) : '-';
}

/** History Pinjaman: no, tipe, jumlah, status, tanggal; 'Belum ada data pinjaman' when empty. */
export function LoanHistory({ loans, loading, layout }: { loans: NasabahLoan[]; loading: boolean; layout: Layout }) {
  return (
    <HistoryCard what="Pinjaman" icon={<CreditCard className="h-5 w-5" />} count={loans.length} loading={loading}>
      {layout === 'phone' ? (
        <ul className="grid gap-2">
          {loans.map((loan, i) => (
            <li key={loan.id}>
              <Link
                to={`/pinjaman/${loan.id}`}
                className="block rounded-xl border border-line bg-white p-3 hover:border-brand-300"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-semibold">
                    {i + 1}. {labelOf(tipePinjamanLabels, loan.tipe)}
                    {loan.nomor_pinjaman ? <span className="font-normal text-muted"> · {loan.nomor_pinjaman}</span> : null}
                  </span>
                  <StatusBadge status={loan.status} />
                </div>
                <div className="mt-1 flex items-center justify-between text-sm">
                  <span className="font-semibold">{formatRupiah(loan.jumlah)}</span>
                  <span className="text-xs text-muted">{formatDateShort(loan.tanggal_pinjam)}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Table caption="History Pinjaman">
          <TableHead columns={[{ header: 'No', className: 'w-14' }, 'Tipe', rightAligned('Jumlah'), 'Status', 'Tanggal']} />
          <TBody>
            {loans.map((loan, i) => (
              <Tr key={loan.id}>
                <Td className="text-muted">{i + 1}</Td>
                <Td>
                  <Link to={`/pinjaman/${loan.id}`} className="font-medium text-brand-800 hover:underline">
                    {labelOf(tipePinjamanLabels, loan.tipe)}
                  </Link>
                  {loan.nomor_pinjaman ? <span className="ml-1 text-xs text-muted">{loan.nomor_pinjaman}</span> : null}
                </Td>
                <Td className="text-right font-medium whitespace-nowrap">{formatRupiah(loan.jumlah)}</Td>
                <Td>
                  <StatusBadge status={loan.status} />
                </Td>
                <Td className="whitespace-nowrap">{formatDateShort(loan.tanggal_pinjam)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </HistoryCard>
  );
}

/** Spec §7: no, pinjaman, jumlah, jenis, status, tanggal. */
const CUSTOMER_COLUMNS: readonly PaymentColumn[] = ['no', 'pinjaman', 'jumlah', 'jenis', 'status', 'tanggal'];

/** History Pembayaran: no, pinjaman, jumlah, jenis, status (always Selesai), tanggal. */
export function PaymentHistory({
  payments,
  loans,
  loading,
  layout,
}: {
  payments: NasabahPayment[];
  loans: NasabahLoan[];
  loading: boolean;
  layout: Layout;
}) {
  const loanById = new Map(loans.map((l) => [l.id, l]));
  const loanOf = (p: NasabahPayment) => {
    const id = p.pinjaman?.id ?? p.pinjaman_id;
    return { id, label: loanInHistory(id !== undefined ? loanById.get(id) : undefined, id) };
  };
  return (
    <HistoryCard what="Pembayaran" icon={<Receipt className="h-5 w-5" />} count={payments.length} loading={loading}>
      <PaymentHistoryRows
        payments={payments}
        layout={layout}
        caption="History Pembayaran"
        columns={CUSTOMER_COLUMNS}
        loanOf={loanOf}
      />
    </HistoryCard>
  );
}
