import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Clock, CreditCard, Landmark, UserRound } from 'lucide-react';
import { formatDateLong, formatDateTime, formatNik, formatRupiah } from '@mizan/core';
import { JenisBadge, StatusBadge, TipeBadge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import type { PembayaranDetail } from '../types';
import { loanCode } from '@mizan/core';

const dash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

function InfoCard({
  title,
  icon,
  children,
  footer,
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex flex-col" data-testid={testId}>
      <CardHeader className="justify-start">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
          {icon}
        </span>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardBody className="flex-1">{children}</CardBody>
      {footer ? <div className="border-t border-line px-5 py-3">{footer}</div> : null}
    </Card>
  );
}

function Rows({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-line/70 text-sm">{children}</dl>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

const linkButton =
  'inline-flex h-9 w-full items-center justify-center gap-1.5 rounded-lg border border-line bg-white px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 sm:w-auto';

/** The four cards of the payment detail (spec §2): payment, loan, customer, system. */
export function PembayaranDetailCards({ pembayaran }: { pembayaran: PembayaranDetail }) {
  const loan = pembayaran.pinjaman;
  const nasabah = loan?.nasabah;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InfoCard title="Informasi Pembayaran" icon={<CreditCard className="h-4 w-4" />} testId="card-pembayaran">
        <Rows>
          <Row label="Nomor Kwitansi">{dash(pembayaran.nomor_kwitansi)}</Row>
          <Row label="Tanggal">{formatDateLong(pembayaran.tanggal)}</Row>
          <Row label="Jumlah">
            <span className="text-base font-bold text-brand-800">{formatRupiah(pembayaran.jumlah)}</span>
          </Row>
          <Row label="Jenis">
            <JenisBadge jenis={pembayaran.jenis} />
          </Row>
          {pembayaran.angsuran_ke !== null ? <Row label="Angsuran Ke">{pembayaran.angsuran_ke}</Row> : null}
          <Row label="Diterima melalui">{pembayaran.akun_kas_nama ?? 'Tunai'}</Row>
          <Row label="Keterangan">{dash(pembayaran.keterangan)}</Row>
        </Rows>
      </InfoCard>

      <InfoCard
        title="Informasi Pinjaman"
        icon={<Landmark className="h-4 w-4" />}
        testId="card-pinjaman"
        footer={
          loan ? (
            <Link to={`/pinjaman/${loan.id}`} className={linkButton}>
              Lihat Detail Pinjaman
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : undefined
        }
      >
        {loan ? (
          <Rows>
            <Row label="Nomor Pinjaman">{loanCode(loan)}</Row>
            <Row label="Jumlah">{formatRupiah(loan.jumlah)}</Row>
            <Row label="Tipe">
              <TipeBadge tipe={loan.tipe} />
            </Row>
            <Row label="Status">
              <StatusBadge status={loan.status} />
            </Row>
            <Row label="Tanggal Pinjam">{formatDateLong(loan.tanggal_pinjam)}</Row>
            <Row label="Sisa Pokok">{formatRupiah(loan.sisa_pokok)}</Row>
          </Rows>
        ) : (
          <p className="text-sm text-muted">Data pinjaman tidak tersedia</p>
        )}
      </InfoCard>

      {nasabah ? (
        <InfoCard
          title="Informasi Nasabah"
          icon={<UserRound className="h-4 w-4" />}
          testId="card-nasabah"
          footer={
            <Link to={`/nasabah/${nasabah.id}`} className={linkButton}>
              Lihat Detail Nasabah
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          }
        >
          <Rows>
            <Row label="Nama">{nasabah.nama}</Row>
            <Row label="NIK">
              <span className="tracking-wide tabular-nums">{nasabah.nik ? formatNik(nasabah.nik) : '-'}</span>
            </Row>
            <Row label="Telepon">{dash(nasabah.telepon)}</Row>
            <Row label="Alamat">{dash(nasabah.alamat)}</Row>
          </Rows>
        </InfoCard>
      ) : null}

      <InfoCard title="Informasi Sistem" icon={<Clock className="h-4 w-4" />} testId="card-sistem">
        <Rows>
          <Row label="Dibuat">{formatDateTime(pembayaran.created_at)}</Row>
          <Row label="Diperbarui">{formatDateTime(pembayaran.updated_at)}</Row>
        </Rows>
      </InfoCard>
    </div>
  );
}
