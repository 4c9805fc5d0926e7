import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Printer, Trash2 } from 'lucide-react';
import { formatDateLong, formatRupiah } from '@mizan/core';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { RefreshButton } from '../../components/ui/refresh-button';
import { ConfirmDialog, useConfirmation } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { NotFoundCard } from '../../components/ui/empty-state';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { usePembayaran } from '../../features/pembayaran/api/get-pembayaran';
import { pembayaranKeys } from '../../features/pembayaran/api/keys';
import { useDeletePembayaran } from '../../features/pembayaran/api/mutations';
import { PembayaranDetailCards } from '../../features/pembayaran/components/pembayaran-detail-cards';

const backLink =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-line bg-white text-ink hover:bg-canvas';

/** /pembayaran/{id}: the payment detail of spec §2 with its loan, customer and system cards. */
export default function PembayaranDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const query = usePembayaran(id);
  const remove = useDeletePembayaran();
  const confirmation = useConfirmation(remove.isPending);
  const validId = Number.isInteger(id) && id > 0;

  if (validId && query.isPending) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-20" aria-busy="true">
        <Spinner label="Memuat data pembayaran..." />
        <p className="text-sm text-muted">Memuat data pembayaran...</p>
      </div>
    );
  }

  const pembayaran = query.data;
  if (!validId || query.isError || !pembayaran) {
    return (
      <NotFoundCard message="Gagal mengambil data pembayaran" backTo="/pembayaran" backText="Kembali ke Daftar Pembayaran" />
    );
  }

  const confirmDelete = () => {
    remove.mutate(pembayaran.id, {
      onSuccess: () => {
        showToast('Pembayaran berhasil dihapus', 'success', {
          label: 'Cetak Kwitansi Batal',
          ariaLabel: `Cetak kwitansi batal ${pembayaran.nomor_kwitansi ?? 'pembayaran'}`,
          onClick: () => void navigate(`/cetak/kwitansi/${pembayaran.id}`),
        });
        void navigate('/pembayaran');
        // Once this page has left, the deleted payment's cached detail goes too (no stale flash on Back).
        setTimeout(() => queryClient.removeQueries({ queryKey: pembayaranKeys.detail(pembayaran.id), exact: true }), 0);
      },
      onError: (error) => {
        showToast(errorMessage(error, 'Gagal menghapus pembayaran'), 'error');
        confirmation.close();
      },
    });
  };

  const refreshing = query.isRefetching;
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/pembayaran" className={backLink} aria-label="Kembali ke daftar pembayaran">
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Link>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-ink">Detail Pembayaran</h1>
            <p className="truncate text-sm text-muted">
              {pembayaran.pinjaman.nasabah.nama} · {formatRupiah(pembayaran.jumlah)} · {formatDateLong(pembayaran.tanggal)}
            </p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <ButtonLink
            to={`/cetak/kwitansi/${pembayaran.id}`}
            aria-label={`Cetak kwitansi ${pembayaran.nomor_kwitansi ?? 'pembayaran'}`}
            icon={<Printer className="h-4 w-4" aria-hidden="true" />}
            tone="primary"
          >
            Cetak Kwitansi
          </ButtonLink>
          <RefreshButton onClick={() => void query.refetch()} refreshing={refreshing} announce />
          <Button variant="outline" onClick={() => showToast('Fitur edit akan segera tersedia', 'info')}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="danger" onClick={confirmation.ask}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Hapus
          </Button>
        </div>
      </div>

      <PembayaranDetailCards pembayaran={pembayaran} />

      <ConfirmDialog
        {...confirmation.props}
        title="Hapus Pembayaran"
        message="Apakah Anda yakin ingin menghapus pembayaran ini?"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
