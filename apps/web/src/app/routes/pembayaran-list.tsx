import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateLong, formatMonthYear, formatRupiah, jenisPembayaranLabels } from '@mizan/core';
import { RefreshButton } from '../../components/ui/refresh-button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { AddButton, ListBody } from '../../components/ui/list-body';
import { PageHeader } from '../../components/ui/page-header';
import { SortDialog } from '../../components/ui/sort-dialog';
import { useDeleteConfirm, useListPage } from '../../components/ui/use-list-page';
import { useLayout } from '../../components/ui/use-media-query';
import { usePembayaranList } from '../../features/pembayaran/api/get-pembayaran-list';
import { usePembayaranStats } from '../../features/pembayaran/api/get-pembayaran-stats';
import { pembayaranKeys } from '../../features/pembayaran/api/keys';
import { useDeletePembayaran } from '../../features/pembayaran/api/mutations';
import { listParams, statsParams } from '../../features/pembayaran/api/params';
import { PembayaranFilterDialog } from '../../features/pembayaran/components/pembayaran-filter-dialog';
import { PembayaranFormDialog } from '../../features/pembayaran/components/pembayaran-form-dialog';
import { PembayaranListSkeleton, PembayaranListView } from '../../features/pembayaran/components/pembayaran-list-view';
import { PembayaranStatsStrip } from '../../features/pembayaran/components/pembayaran-stats';
import { PeriodSwitch } from '../../features/pembayaran/components/period-switch';
import { usePembayaranFilters } from '../../features/pembayaran/hooks/use-pembayaran-filters';
import { ListToolbar } from '../../components/ui/list-toolbar';
import { pembayaranSortOptions, type Pembayaran, type PembayaranFilters } from '../../features/pembayaran/types';
import { ExportButton } from '../../components/ui/export-button';
import { exportPembayaran } from '../../features/pembayaran/api/export-pembayaran';

/** A positive integer search parameter, or null. */
function idParam(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The period the list shows, as the export's dialog names it. */
const periodChip = ({ month, year }: { month?: number; year?: number }) =>
  month !== undefined && year !== undefined
    ? [`Periode: ${formatMonthYear(month, year)}`]
    : year !== undefined
      ? [`Tahun: ${year}`]
      : [];

/**
 * /pembayaran: the payment list of spec §2 (period switch, statistics for the same period and
 * filters, filter, sort, cumulative Load More, add, edit, delete). `?tambah=1&pinjaman_id={id}`
 * (the loan detail's quick action) opens the add dialog with that loan chosen and auto-filled.
 */
export default function PembayaranListPage() {
  const layout = useLayout();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const filterState = usePembayaranFilters();
  const { filters } = filterState;
  const list = usePembayaranList(listParams(filters));
  const stats = usePembayaranStats(statsParams(filters));
  const remove = useDeletePembayaran();

  const page = useListPage<PembayaranFilters, Pembayaran, 'add'>({
    list,
    keys: pembayaranKeys,
    filters: filterState,
    sortOptions: pembayaranSortOptions,
    failedText: 'Gagal memuat data pembayaran',
  });
  const { dialogs, applyFilters } = page;
  const [editing, setEditing] = useState<Pembayaran | null>(null);
  const deletion = useDeleteConfirm<Pembayaran>(
    remove,
    {
      done: 'Pembayaran berhasil dihapus',
      failed: 'Gagal menghapus pembayaran',
    },
    (row) => ({
      label: 'Cetak Kwitansi Batal',
      ariaLabel: `Cetak kwitansi batal pembayaran ${row.pinjaman.nasabah.nama}`,
      onClick: () => void navigate(`/cetak/kwitansi/${row.id}`),
    }),
  );

  // The loan detail's quick action: ?tambah=1&pinjaman_id={id} opens the add dialog with that loan;
  // the parameters leave the address when the dialog closes.
  const quickAdd = searchParams.get('tambah') === '1';
  const quickLoanId = idParam(searchParams.get('pinjaman_id'));
  const addOpen = dialogs.current === 'add' || quickAdd;
  const closeAdd = () => {
    dialogs.close();
    if (quickAdd) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('tambah');
          next.delete('pinjaman_id');
          return next;
        },
        { replace: true },
      );
    }
  };

  const openAdd = () => dialogs.open('add');

  const refreshing = page.refreshing || stats.isRefetching;
  const chosenLoan =
    filters.pinjamanId !== null ? page.rows.find((p) => p.pinjaman_id === filters.pinjamanId)?.pinjaman : undefined;
  const chips = [
    filters.jenis !== 'all' ? `Jenis: ${jenisPembayaranLabels[filters.jenis]}` : null,
    filters.pinjamanId !== null
      ? `Pinjaman: ${chosenLoan ? `${chosenLoan.nasabah.nama}${chosenLoan.nomor_pinjaman ? ` (${chosenLoan.nomor_pinjaman})` : ''}` : `#${filters.pinjamanId}`}`
      : null,
    page.sortSummary ? `Urut: ${page.sortSummary}` : null,
  ].filter((c): c is string => c !== null);

  return (
    <div className="space-y-5">
      <PageHeader
        title="Data Pembayaran"
        subtitle="Kelola semua data pembayaran nasabah"
        actions={
          <>
            <ExportButton
              what="data pembayaran"
              filters={[...periodChip(listParams(filters)), ...chips]}
              onExport={(format) => exportPembayaran(listParams(filters), format)}
            />
            <RefreshButton onClick={page.refresh} refreshing={refreshing} announce />
            <AddButton onClick={openAdd}>Tambah Pembayaran</AddButton>
          </>
        }
      />

      <PeriodSwitch value={filters} onChange={(period) => applyFilters({ ...filters, ...period })} />

      <PembayaranStatsStrip stats={stats.data} loading={stats.isPending} />

      <ListToolbar {...page.toolbarProps} chips={chips} />

      <ListBody
        {...page.bodyProps}
        errorFallback="Gagal memuat data pembayaran"
        doneText={(n) => `Semua data sudah dimuat (${n.toLocaleString('id-ID')} pembayaran)`}
        skeleton={<PembayaranListSkeleton layout={layout} />}
        emptyMessage="Tidak ada data pembayaran"
        emptyAction={
          <AddButton size="sm" onClick={openAdd}>
            Tambah Pembayaran
          </AddButton>
        }
      >
        <PembayaranListView rows={page.rows} layout={layout} onEdit={setEditing} onDelete={deletion.ask} />
      </ListBody>

      <PembayaranFilterDialog
        {...dialogs.props('filter')}
        value={{ jenis: filters.jenis, pinjamanId: filters.pinjamanId }}
        onApply={(value) => applyFilters({ ...filters, ...value })}
      />
      <SortDialog {...page.sortProps} title="Urutkan Pembayaran" />
      <PembayaranFormDialog
        key={quickAdd ? `quick-${quickLoanId ?? 'none'}` : 'add'}
        open={addOpen}
        onOpenChange={(open) => (open ? dialogs.open('add') : closeAdd())}
        initialPinjamanId={quickAdd ? quickLoanId : null}
      />
      <PembayaranFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} pembayaran={editing} />
      <ConfirmDialog
        open={deletion.deleting !== null}
        onOpenChange={deletion.onOpenChange}
        title="Hapus Pembayaran"
        message={
          <>
            Apakah Anda yakin ingin menghapus pembayaran ini?
            {deletion.deleting ? (
              <span className="mt-2 block font-medium text-ink">
                {deletion.deleting.pinjaman.nasabah.nama} · {formatRupiah(deletion.deleting.jumlah)} ·{' '}
                {formatDateLong(deletion.deleting.tanggal)}
              </span>
            ) : null}
          </>
        }
        pending={deletion.pending}
        onConfirm={deletion.confirm}
      />
    </div>
  );
}
