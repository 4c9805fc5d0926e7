import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Pencil, Printer } from 'lucide-react';
import { worstClass, type Kolektibilitas } from '@mizan/core';
import { KolektibilitasBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { RefreshButton } from '../../components/ui/refresh-button';
import { Card } from '../../components/ui/card';
import { NotFoundCard } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { useLayout } from '../../components/ui/use-media-query';
import { useNasabah } from '../../features/nasabah/api/get-nasabah';
import { useNasabahHistory } from '../../features/nasabah/api/get-nasabah-history';
import {
  LoanHistory,
  NasabahCompletenessNotice,
  NasabahInfoCard,
  NasabahSummaryCards,
  PaymentHistory,
} from '../../features/nasabah/components/nasabah-detail-parts';
import { NasabahFormDialog } from '../../features/nasabah/components/nasabah-form-dialog';

function parseId(raw: string | undefined) {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** /nasabah/{id}: Detail Nasabah (spec §2). */
export default function NasabahDetailPage() {
  const id = parseId(useParams().id);
  const layout = useLayout();
  const { showToast } = useToast();
  const nasabah = useNasabah(id ?? 0);
  const history = useNasabahHistory(id ?? 0, nasabah.isSuccess);
  const [editOpen, setEditOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  const loadFailed = nasabah.isError && !nasabah.data;
  useEffect(() => {
    if (loadFailed) showToast('Gagal mengambil data nasabah', 'error');
  }, [loadFailed, showToast]);

  if (id === null || loadFailed)
    return (
      <NotFoundCard
        message="Nasabah yang Anda cari tidak ada atau sudah dihapus."
        backTo="/nasabah"
        backText="Kembali ke Data Nasabah"
      />
    );

  const refresh = async () => {
    setRefreshing(true);
    const [n, h] = await Promise.all([nasabah.refetch(), history.refetch()]);
    setRefreshing(false);
    if (n.isError || h.isError) showToast('Gagal memperbarui data', 'error');
  };

  const loans = history.data?.loans ?? [];
  const payments = history.data?.payments ?? [];
  const historyLoading = history.isPending;
  // The customer's grade: the worst class among the loans still running (issue 23).
  const running = loans.filter((l) => l.status !== 'lunas' && l.kolektibilitas !== null);
  const customerClass = running.length > 0 ? worstClass(running.map((l) => l.kolektibilitas as Kolektibilitas)) : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Link
            to="/nasabah"
            aria-label="Kembali ke Data Nasabah"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-line bg-white text-muted hover:text-ink"
          >
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight text-ink">Detail Nasabah</h1>
              {customerClass !== null ? <KolektibilitasBadge kelas={customerClass} /> : null}
            </div>
            <p className="text-sm text-muted">Informasi, ringkasan dan riwayat pembiayaan nasabah.</p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <RefreshButton onClick={() => void refresh()} refreshing={refreshing} announce />
          <Button onClick={() => setEditOpen(true)} disabled={!nasabah.data}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <ButtonLink
            to={`/cetak/riwayat/${id}`}
            aria-label={`Cetak riwayat nasabah ${nasabah.data?.nama ?? ''}`.trim()}
            icon={<Printer className="h-4 w-4" aria-hidden="true" />}
            className="col-span-2 sm:col-span-1"
          >
            Cetak Riwayat
          </ButtonLink>
        </div>
      </div>

      {nasabah.data ? (
        <>
          <NasabahCompletenessNotice nasabah={nasabah.data} />
          <NasabahInfoCard nasabah={nasabah.data} />
          <NasabahSummaryCards loans={loans} payments={payments} loading={historyLoading} />
          {history.isError ? <p className="text-sm text-red-700">Riwayat pinjaman dan pembayaran gagal dimuat.</p> : null}
          <div className="grid gap-6 xl:grid-cols-2">
            <LoanHistory loans={loans} loading={historyLoading} layout={layout} />
            <PaymentHistory payments={payments} loans={loans} loading={historyLoading} layout={layout} />
          </div>
          <NasabahFormDialog open={editOpen} onOpenChange={setEditOpen} nasabah={nasabah.data} />
        </>
      ) : (
        <div className="space-y-4" aria-busy="true" aria-label="Memuat data nasabah">
          <Card className="space-y-3 p-5">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-4 w-56" />
          </Card>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
