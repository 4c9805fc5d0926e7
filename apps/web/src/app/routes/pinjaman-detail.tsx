import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ArrowLeft,
  BadgePercent,
  CalendarClock,
  BellRing,
  FileText,
  HandCoins,
  NotebookText,
  Pencil,
  Printer,
  Trash2,
  UserRound,
} from 'lucide-react';
import { canApprove, formatRupiah, isBerjalan, isDisbursed, loanCode, type Kolektibilitas } from '@mizan/core';
import { KolektibilitasBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { RefreshButton } from '../../components/ui/refresh-button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { NotFoundCard } from '../../components/ui/empty-state';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ManualReminderDialog } from '../../features/whatsapp/components/manual-reminder-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { useLayout } from '../../components/ui/use-media-query';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import { usePinjaman } from '../../features/pinjaman/api/get-pinjaman';
import { usePinjamanJadwal } from '../../features/pinjaman/api/get-pinjaman-jadwal';
import { usePinjamanPayments } from '../../features/pinjaman/api/get-pinjaman-payments';
import { useDeletePinjaman } from '../../features/pinjaman/api/mutations';
import { KwitansiCard } from '../../features/pinjaman/components/kwitansi-card';
import { CalculationPanel, ProgressPanel } from '../../features/pinjaman/components/loan-calculation';
import { CompletenessCard, LoanInfoCard } from '../../features/pinjaman/components/loan-info-card';
import { PaymentHistory } from '../../features/pinjaman/components/payment-history';
import { MutasiHistory } from '../../features/pinjaman/components/mutasi-history';
import { PinjamanFormDialog } from '../../features/pinjaman/components/pinjaman-form-dialog';
import { RepaymentSchedule } from '../../features/pinjaman/components/repayment-schedule';
import { LoanPersetujuan } from '../../features/persetujuan/components/loan-persetujuan';
import { PelunasanCard } from '../../features/pinjaman/components/pelunasan-card';
import { LoanTazir } from '../../features/kebajikan/components/loan-tazir';
import { TawidhCard } from '../../features/kebajikan/components/tawidh-card';
import { PelunasanDialog } from '../../features/pinjaman/components/pelunasan-dialog';
import { PenjadwalanCard } from '../../features/pinjaman/components/penjadwalan-card';
import { HapusBukuCard } from '../../features/pinjaman/components/hapus-buku-card';
import { PenjadwalanDialog } from '../../features/pinjaman/components/penjadwalan-dialog';

// The payment dialog opens here, on the loan (issue 28 C: a field officer records an instalment
// without loading the payments list); its code loads while the loan is read.
const loadPaymentDialog = () => import('../../features/pembayaran/components/pembayaran-form-dialog');
const PembayaranFormDialog = lazy(async () => ({ default: (await loadPaymentDialog()).PembayaranFormDialog }));

/** The loan's printed documents beside each other: the schedule and the contract summary (named for a screen reader). */
const printLinks = [
  { jenis: 'jadwal', text: 'Cetak Jadwal', name: 'jadwal angsuran', Icon: Printer },
  { jenis: 'akad', text: 'Ringkasan Akad', name: 'ringkasan akad', Icon: FileText },
] as const;

const backLinkClass =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm font-medium text-muted hover:bg-brand-50 hover:text-brand-800';

function NotFound({ message }: { message: string }) {
  return <NotFoundCard message={message} backTo="/pinjaman" backText="Kembali ke Data Pinjaman" />;
}

function DetailSkeleton() {
  return (
    <div className="grid gap-5 lg:grid-cols-3" aria-busy="true" aria-label="Memuat data pinjaman">
      <div className="space-y-5 lg:col-span-2">
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
      <div className="space-y-5">
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    </div>
  );
}

/** Loan detail (spec §2): info, completeness, receipt, progress, calculations, schedule, payments, quick actions. */
export default function PinjamanDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const layout = useLayout();
  const { showToast } = useToast();
  const { user } = useAuth();
  const loan = usePinjaman(id);
  const payments = usePinjamanPayments(id);
  const jadwal = usePinjamanJadwal(id);
  const remove = useDeletePinjaman();
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [reminderOpen, setReminderOpen] = useState(false);
  const [pelunasanOpen, setPelunasanOpen] = useState(false);
  const [jadwalUlangOpen, setJadwalUlangOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  // The payment dialog's code, fetched while the loan is read, so that it opens at once.
  useEffect(() => {
    void loadPaymentDialog();
  }, []);

  if (!Number.isInteger(id) || id <= 0) return <NotFound message="Pinjaman tidak ditemukan" />;
  if (loan.isPending) return <DetailSkeleton />;
  if (loan.isError || !loan.data) {
    const missing = loan.error instanceof ApiError && loan.error.status === 404;
    return <NotFound message={missing ? 'Pinjaman tidak ditemukan' : 'Gagal mengambil data pinjaman'} />;
  }
  const p = loan.data;
  // Today's class as the ledger computes it now; the stored one until the schedule has loaded.
  const kelas = jadwal.data?.kolektibilitas ?? p.kolektibilitas;
  const paymentRows = payments.data ?? [];
  // Awaiting approval or rejected: never disbursed, so no payment and the decision comes first (issue 27 A).
  const disbursed = isDisbursed(p.status);

  const refresh = async () => {
    const [result] = await Promise.all([loan.refetch(), payments.refetch(), jadwal.refetch()]);
    showToast(
      result.isError ? 'Gagal mengambil data pinjaman' : 'Data berhasil diperbarui',
      result.isError ? 'error' : 'success',
    );
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(p.id);
      showToast('Pinjaman berhasil dihapus', 'success');
      setDeleteOpen(false);
      navigate('/pinjaman');
    } catch (error) {
      showToast(errorMessage(error, 'Gagal menghapus pinjaman'), 'error');
    }
  };

  return (
    <>
      <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-center gap-2">
          <Link to="/pinjaman" className={backLinkClass} aria-label="Kembali ke Data Pinjaman">
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight text-ink">Detail Pinjaman</h1>
              {kelas !== null && disbursed ? <KolektibilitasBadge kelas={kelas as Kolektibilitas} /> : null}
            </div>
            <p className="truncate text-sm text-muted">
              {p.nasabah.nama} · {loanCode(p)} · {formatRupiah(p.jumlah)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <RefreshButton onClick={() => void refresh()} refreshing={loan.isFetching} />
          <Button variant="secondary" onClick={() => setEditOpen(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          {/* A loan written off stays on record (issue 47): it cannot be deleted. */}
          {p.hapus_buku_tanggal === null ? (
            <Button variant="danger" onClick={() => setDeleteOpen(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Hapus
            </Button>
          ) : null}
        </div>
      </div>

      {/* Phones read one column in the order of use (info, progress, actions, receipt, figures);
          from lg the cards sit in a main column and a side column. */}
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:block lg:min-w-0 lg:space-y-5">
          {!disbursed ? (
            <div className="order-1">
              <LoanPersetujuan pinjamanId={p.id} />
            </div>
          ) : null}
          <div className="order-1">
            <LoanInfoCard pinjaman={p} />
          </div>
          <div className="order-5">
            <CalculationPanel pinjaman={p} jadwal={jadwal.data} failed={jadwal.isError} />
          </div>
          <div className="order-6">
            <RepaymentSchedule
              pinjaman={p}
              jadwal={jadwal.data}
              loading={jadwal.isPending}
              failed={jadwal.isError}
              layout={layout}
            />
          </div>
          <div className="order-7">
            <PaymentHistory payments={paymentRows} loading={payments.isPending} failed={payments.isError} layout={layout} />
          </div>
          {disbursed ? (
            <div className="order-7" data-testid="riwayat-mutasi">
              <MutasiHistory pinjamanId={p.id} />
            </div>
          ) : null}
        </div>
        <div className="contents lg:block lg:min-w-0 lg:space-y-5">
          <div className="order-2">
            <ProgressPanel pinjaman={p} jadwal={jadwal.data} failed={jadwal.isError} />
          </div>
          <div className="order-2 empty:hidden">
            <PelunasanCard pinjaman={p} />
          </div>
          <div className="order-2 empty:hidden">
            <PenjadwalanCard pinjaman={p} />
          </div>
          <div className="order-2 empty:hidden">
            <HapusBukuCard pinjaman={p} />
          </div>
          <Card className="order-3">
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardBody className="grid gap-2">
              {disbursed ? (
                <Button onClick={() => setPaying(true)}>
                  <HandCoins className="h-4 w-4" aria-hidden="true" />
                  Tambah Pembayaran
                </Button>
              ) : (
                <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {p.status === 'pending'
                    ? 'Pinjaman ini menunggu persetujuan; pembayaran dapat dicatat setelah disetujui.'
                    : 'Pinjaman ini ditolak; pembayaran tidak dapat dicatat.'}
                </p>
              )}
              {p.tipe === 'pokok' && p.durasi_angsuran !== null && isBerjalan(p.status) ? (
                <Button
                  variant="outline"
                  onClick={() => setPelunasanOpen(true)}
                  aria-label={`Pelunasan dipercepat ${loanCode(p)}`}
                >
                  <BadgePercent className="h-4 w-4" aria-hidden="true" />
                  Pelunasan Dipercepat
                </Button>
              ) : null}
              {p.tipe === 'pokok' && p.durasi_angsuran !== null && isBerjalan(p.status) ? (
                <Button variant="outline" onClick={() => setJadwalUlangOpen(true)} aria-label={`Jadwalkan ulang ${loanCode(p)}`}>
                  <CalendarClock className="h-4 w-4" aria-hidden="true" />
                  Jadwal Ulang
                </Button>
              ) : null}
              {isBerjalan(p.status) ? (
                <Button
                  variant="outline"
                  onClick={() => setReminderOpen(true)}
                  aria-label={`Kirim pengingat WhatsApp ke ${p.nasabah.nama}`}
                >
                  <BellRing className="h-4 w-4" aria-hidden="true" />
                  Kirim Pengingat
                </Button>
              ) : null}
              <div className="grid grid-cols-2 gap-2">
                {printLinks.map(({ jenis, text, name, Icon }) => (
                  <ButtonLink
                    key={jenis}
                    to={`/cetak/${jenis}/${p.id}`}
                    aria-label={`Cetak ${name} ${loanCode(p)}`}
                    icon={<Icon className="h-4 w-4" aria-hidden="true" />}
                    narrow
                  >
                    {text}
                  </ButtonLink>
                ))}
              </div>
              <ButtonLink to={`/nasabah/${p.nasabah.id}`} icon={<UserRound className="h-4 w-4" aria-hidden="true" />}>
                Lihat Nasabah
              </ButtonLink>
              {user && canApprove(user.role) ? (
                <ButtonLink
                  to={`/laporan/jurnal?pinjaman_id=${p.id}`}
                  aria-label={`Lihat jurnal ${loanCode(p)}`}
                  icon={<NotebookText className="h-4 w-4" aria-hidden="true" />}
                >
                  Lihat Jurnal
                </ButtonLink>
              ) : null}
            </CardBody>
          </Card>
          <div className="order-4">
            <KwitansiCard pinjaman={p} onUpload={() => setEditOpen(true)} />
          </div>
          <div className="order-8">
            <CompletenessCard dataCompleteness={p.data_completeness} diimpor={p.diimpor} />
          </div>
          {disbursed ? (
            <div className="order-9">
              <LoanPersetujuan pinjamanId={p.id} />
            </div>
          ) : null}
          {disbursed ? (
            <div className="order-9 space-y-5">
              {p.tazir ? <LoanTazir pinjamanId={p.id} /> : null}
              <TawidhCard pinjamanId={p.id} />
            </div>
          ) : null}
        </div>
      </div>

      <PinjamanFormDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        pinjaman={p}
        updatedMessage="Data pinjaman berhasil diperbarui"
      />
      {pelunasanOpen ? <PelunasanDialog pinjaman={p} onOpenChange={setPelunasanOpen} /> : null}
      {jadwalUlangOpen ? <PenjadwalanDialog pinjaman={p} onOpenChange={setJadwalUlangOpen} /> : null}
      {paying ? (
        <Suspense fallback={null}>
          <PembayaranFormDialog open onOpenChange={setPaying} initialPinjamanId={p.id} />
        </Suspense>
      ) : null}
      {reminderOpen ? <ManualReminderDialog pinjamanId={p.id} nama={p.nasabah.nama} open onOpenChange={setReminderOpen} /> : null}
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        message="Apakah Anda yakin ingin menghapus pinjaman ini?"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
