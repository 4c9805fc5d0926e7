import { useState } from 'react';
import { CircleCheck, HandCoins, Layers, RefreshCw, TriangleAlert, Wallet } from 'lucide-react';
import { formatRupiah, labelOf, statusPinjamanLabels, tipePinjamanLabels } from '@mizan/core';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useWaitingCount } from '../../features/persetujuan/api/persetujuan';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { AddButton, EmptyListAction, ListBody } from '../../components/ui/list-body';
import { PageHeader } from '../../components/ui/page-header';
import { SortDialog } from '../../components/ui/sort-dialog';
import { SummaryCardStrip } from '../../components/ui/summary-card';
import { useToast } from '../../components/ui/toast';
import { useDeleteConfirm, useListPage } from '../../components/ui/use-list-page';
import { useLayout } from '../../components/ui/use-media-query';
import { usePinjamanList } from '../../features/pinjaman/api/get-pinjaman-list';
import { pinjamanKeys } from '../../features/pinjaman/api/keys';
import { usePinjamanStats } from '../../features/pinjaman/api/get-pinjaman-stats';
import { useDeletePinjaman } from '../../features/pinjaman/api/mutations';
import { PinjamanFilterDialog, type PinjamanFilterValues } from '../../features/pinjaman/components/pinjaman-filter-dialog';
import { PinjamanFormDialog } from '../../features/pinjaman/components/pinjaman-form-dialog';
import { PinjamanListSkeleton, PinjamanListView } from '../../features/pinjaman/components/pinjaman-list-view';
import { usePinjamanFilters } from '../../features/pinjaman/hooks/use-pinjaman-filters';
import { pinjamanSortOptions, type Pinjaman, type PinjamanFilters } from '../../features/pinjaman/types';
import { ListToolbar, type FilterChip } from '../../components/ui/list-toolbar';
import { ExportButton } from '../../components/ui/export-button';
import { exportPinjaman } from '../../features/pinjaman/api/export-pinjaman';

/** Loan list (spec §2): filter, sort, cumulative Load More, add/edit/delete. */
export default function PinjamanListPage() {
  const layout = useLayout();
  const { showToast } = useToast();
  const filterState = usePinjamanFilters();
  const { filters } = filterState;
  const list = usePinjamanList(filters);
  const stats = usePinjamanStats();
  const remove = useDeletePinjaman();
  const waiting = useWaitingCount();
  const page = useListPage<PinjamanFilters, Pinjaman, 'add'>({
    list,
    keys: pinjamanKeys,
    filters: filterState,
    sortOptions: pinjamanSortOptions,
    failedText: 'Gagal memuat data pinjaman',
  });
  const { dialogs, applyFilters, resetFilters } = page;
  const [editing, setEditing] = useState<Pinjaman | null>(null);
  const deletion = useDeleteConfirm<Pinjaman>(remove, { done: 'Pinjaman berhasil dihapus', failed: 'Gagal menghapus pinjaman' });

  const applyFilter = (value: PinjamanFilterValues) => applyFilters({ ...filters, ...value });
  const refresh = async () => {
    const [result] = await Promise.all([list.refetch(), stats.refetch()]);
    if (!result.isError) showToast('Data berhasil diperbarui', 'success');
  };

  const chips: FilterChip[] = [];
  if (filters.search) chips.push({ label: `Cari: "${filters.search}"`, clear: () => applyFilters({ ...filters, search: '' }) });
  if (filters.status !== 'all')
    chips.push({
      label: `Status: ${labelOf(statusPinjamanLabels, filters.status)}`,
      clear: () => applyFilters({ ...filters, status: 'all' }),
    });
  if (filters.tipe !== 'all')
    chips.push({
      label: `Tipe: ${labelOf(tipePinjamanLabels, filters.tipe)}`,
      clear: () => applyFilters({ ...filters, tipe: 'all' }),
    });
  if (filters.nasabahId !== null)
    chips.push({
      label: `Nasabah: ${filters.nasabahNama ?? filters.nasabahId}`,
      clear: () => applyFilters({ ...filters, nasabahId: null, nasabahNama: null }),
    });
  const filtered = chips.length > 0;

  return (
    <>
      <PageHeader
        title="Data Pinjaman"
        subtitle="Kelola pembiayaan Murabahah dan Mudharabah beserta kwitansinya."
        actions={
          <>
            <ExportButton
              what="data pinjaman"
              filters={chips.map((chip) => chip.label)}
              onExport={(format) => exportPinjaman(filters, format)}
            />
            <Button variant="outline" onClick={() => void refresh()} disabled={list.isFetching && !list.isFetchingNextPage}>
              <RefreshCw
                className={list.isRefetching && !list.isFetchingNextPage ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                aria-hidden="true"
              />
              Refresh
            </Button>
            <AddButton onClick={() => dialogs.open('add')}>Tambah Pinjaman</AddButton>
          </>
        }
      />

      {waiting > 0 ? (
        <Alert tone="warning" title={`${waiting} pengajuan menunggu persetujuan`} className="mb-5">
          <Link to="/persetujuan" className="font-medium underline underline-offset-2 hover:text-amber-950">
            Buka antrean persetujuan
          </Link>
        </Alert>
      ) : null}
      <SummaryCardStrip
        className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6"
        loading={stats.isPending}
        cards={[
          {
            label: 'Nilai Pinjaman Aktif',
            value: formatRupiah(stats.data?.total_nilai_pinjaman ?? 0),
            icon: <HandCoins className="h-5 w-5" />,
            tone: 'gold',
            cell: 'col-span-2 md:col-span-4 lg:col-span-2',
          },
          { label: 'Total Pinjaman', value: String(stats.data?.total ?? 0), icon: <Layers className="h-5 w-5" />, tone: 'sky' },
          {
            label: 'Pinjaman Aktif',
            value: String(stats.data?.pinjaman_aktif ?? 0),
            icon: <Wallet className="h-5 w-5" />,
            hint: stats.data?.macet ? `termasuk ${stats.data.macet} macet` : undefined,
          },
          { label: 'Lunas', value: String(stats.data?.lunas ?? 0), icon: <CircleCheck className="h-5 w-5" />, tone: 'sky' },
          { label: 'Macet', value: String(stats.data?.macet ?? 0), icon: <TriangleAlert className="h-5 w-5" />, tone: 'amber' },
        ]}
      />

      <div className="mb-4">
        <ListToolbar {...page.toolbarProps} sortHint={page.sortSummary} chips={chips} />
      </div>

      <ListBody
        {...page.bodyProps}
        errorFallback="Terjadi kesalahan. Silakan coba lagi."
        doneText={(n) => `Semua data sudah dimuat (${n} pinjaman)`}
        skeleton={<PinjamanListSkeleton layout={layout} />}
        emptyMessage="Tidak ada data pinjaman"
        emptyAction={
          <EmptyListAction
            filtered={filtered}
            onReset={resetFilters}
            addLabel="Tambah Pinjaman"
            onAdd={() => dialogs.open('add')}
          />
        }
      >
        <PinjamanListView rows={page.rows} layout={layout} onEdit={setEditing} onDelete={deletion.ask} />
      </ListBody>

      <PinjamanFilterDialog {...dialogs.props('filter')} value={filters} onApply={applyFilter} />
      <SortDialog {...page.sortProps} title="Urutkan Pinjaman" />
      <PinjamanFormDialog {...dialogs.props('add')} />
      <PinjamanFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} pinjaman={editing} />
      <ConfirmDialog
        open={deletion.deleting !== null}
        onOpenChange={deletion.onOpenChange}
        message="Apakah Anda yakin ingin menghapus pinjaman ini?"
        pending={deletion.pending}
        onConfirm={deletion.confirm}
      />
    </>
  );
}
