import { useState } from 'react';
import { CircleCheck, HandCoins, Layers, Plus, RefreshCw, TriangleAlert, Wallet, X } from 'lucide-react';
import { formatRupiah } from '@mizan/core';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListBody } from '../../components/ui/list-body';
import { PageHeader } from '../../components/ui/page-header';
import { SortDialog, sortSummary } from '../../components/ui/sort-dialog';
import { SummaryCard } from '../../components/ui/summary-card';
import { useToast } from '../../components/ui/toast';
import { useDeleteConfirm, useListRows } from '../../components/ui/use-list-page';
import { useLayout } from '../../components/ui/use-media-query';
import { usePinjamanList } from '../../features/pinjaman/api/get-pinjaman-list';
import { usePinjamanStats } from '../../features/pinjaman/api/get-pinjaman-stats';
import { useDeletePinjaman } from '../../features/pinjaman/api/mutations';
import { PinjamanFilterDialog, type PinjamanFilterValues } from '../../features/pinjaman/components/pinjaman-filter-dialog';
import { PinjamanFormDialog } from '../../features/pinjaman/components/pinjaman-form-dialog';
import { PinjamanListSkeleton, PinjamanListView } from '../../features/pinjaman/components/pinjaman-list-view';
import { usePinjamanFilters } from '../../features/pinjaman/hooks/use-pinjaman-filters';
import { defaultPinjamanFilters, pinjamanSortOptions, type Pinjaman } from '../../features/pinjaman/types';
import { ListToolbar } from '../../components/ui/list-toolbar';

const statusLabels: Record<string, string> = { aktif: 'Aktif', lunas: 'Lunas', macet: 'Macet' };
const tipeLabels: Record<string, string> = { pokok: 'Pokok', 'non-pokok': 'Non-Pokok' };

/** Loan list (spec §2): filter, sort, cumulative Load More, add/edit/delete. */
export default function PinjamanListPage() {
  const layout = useLayout();
  const { showToast } = useToast();
  const { filters, setFilters } = usePinjamanFilters();
  const list = usePinjamanList(filters);
  const stats = usePinjamanStats();
  const remove = useDeletePinjaman();
  const [filterOpen, setFilterOpen] = useState(false);
  const [sortOpen, setSortOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Pinjaman | null>(null);
  const deletion = useDeleteConfirm<Pinjaman>(remove, { done: 'Pinjaman berhasil dihapus', failed: 'Gagal menghapus pinjaman' });
  const { rows, loadMore } = useListRows(list, 'Gagal memuat data pinjaman');
  const filtered = filters.search !== '' || filters.status !== 'all' || filters.tipe !== 'all' || filters.nasabahId !== null;
  const customSort = filters.sortBy !== defaultPinjamanFilters.sortBy || filters.sortOrder !== defaultPinjamanFilters.sortOrder;

  const applyFilter = (value: PinjamanFilterValues) => setFilters((f) => ({ ...f, ...value }));
  const reset = () => {
    setFilters(defaultPinjamanFilters);
    showToast('Filter berhasil direset', 'success');
  };
  const refresh = async () => {
    const [result] = await Promise.all([list.refetch(), stats.refetch()]);
    if (!result.isError) showToast('Data berhasil diperbarui', 'success');
  };

  const chips: { label: string; clear(): void }[] = [];
  if (filters.search) chips.push({ label: `Cari: "${filters.search}"`, clear: () => setFilters((f) => ({ ...f, search: '' })) });
  if (filters.status !== 'all')
    chips.push({ label: `Status: ${statusLabels[filters.status]}`, clear: () => setFilters((f) => ({ ...f, status: 'all' })) });
  if (filters.tipe !== 'all')
    chips.push({ label: `Tipe: ${tipeLabels[filters.tipe]}`, clear: () => setFilters((f) => ({ ...f, tipe: 'all' })) });
  if (filters.nasabahId !== null)
    chips.push({
      label: `Nasabah: ${filters.nasabahNama ?? filters.nasabahId}`,
      clear: () => setFilters((f) => ({ ...f, nasabahId: null, nasabahNama: null })),
    });

  return (
    <>
      <PageHeader
        title="Data Pinjaman"
        subtitle="Kelola pembiayaan Murabahah dan Mudharabah beserta kwitansinya."
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={list.isFetching && !list.isFetchingNextPage}>
              <RefreshCw
                className={list.isRefetching && !list.isFetchingNextPage ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                aria-hidden="true"
              />
              Refresh
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Tambah Pinjaman
            </Button>
          </>
        }
      />

      <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6">
        <div className="col-span-2 md:col-span-4 lg:col-span-2">
          <SummaryCard
            label="Nilai Pinjaman Aktif"
            value={formatRupiah(stats.data?.total_nilai_pinjaman ?? 0)}
            icon={<HandCoins className="h-5 w-5" />}
            tone="gold"
            loading={stats.isPending}
          />
        </div>
        <SummaryCard
          label="Total Pinjaman"
          value={String(stats.data?.total ?? 0)}
          icon={<Layers className="h-5 w-5" />}
          tone="sky"
          loading={stats.isPending}
        />
        <SummaryCard
          label="Pinjaman Aktif"
          value={String(stats.data?.pinjaman_aktif ?? 0)}
          icon={<Wallet className="h-5 w-5" />}
          loading={stats.isPending}
        />
        <SummaryCard
          label="Lunas"
          value={String(stats.data?.lunas ?? 0)}
          icon={<CircleCheck className="h-5 w-5" />}
          tone="sky"
          loading={stats.isPending}
        />
        <SummaryCard
          label="Macet"
          value={String(stats.data?.macet ?? 0)}
          icon={<TriangleAlert className="h-5 w-5" />}
          tone="amber"
          loading={stats.isPending}
        />
      </div>

      <div className="mb-4">
        <ListToolbar
          onFilter={() => setFilterOpen(true)}
          onSort={() => setSortOpen(true)}
          onReset={reset}
          resetDisabled={!filtered && !customSort}
          sortHint={customSort ? sortSummary(pinjamanSortOptions, filters) : undefined}
        >
          {chips.map((chip) => (
            <span
              key={chip.label}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-xs font-medium text-brand-900"
            >
              <span className="truncate">{chip.label}</span>
              <button
                type="button"
                onClick={chip.clear}
                className="rounded-full p-0.5 hover:bg-brand-100"
                aria-label={`Hapus filter ${chip.label}`}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </span>
          ))}
        </ListToolbar>
      </div>

      <ListBody
        query={list}
        errorTitle="Gagal memuat data pinjaman"
        errorFallback="Terjadi kesalahan. Silakan coba lagi."
        rowCount={rows.length}
        total={list.data?.pages[0]?.total}
        onLoadMore={() => void loadMore()}
        doneText={(n) => `Semua data sudah dimuat (${n} pinjaman)`}
        skeleton={<PinjamanListSkeleton layout={layout} />}
        emptyMessage="Tidak ada data pinjaman"
        emptyAction={
          filtered ? (
            <Button variant="outline" size="sm" onClick={reset}>
              Reset Filter
            </Button>
          ) : (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Tambah Pinjaman
            </Button>
          )
        }
      >
        <PinjamanListView rows={rows} layout={layout} onEdit={setEditing} onDelete={deletion.ask} />
      </ListBody>

      <PinjamanFilterDialog open={filterOpen} onOpenChange={setFilterOpen} value={filters} onApply={applyFilter} />
      <SortDialog
        open={sortOpen}
        onOpenChange={setSortOpen}
        title="Urutkan Pinjaman"
        options={pinjamanSortOptions}
        value={filters}
        onChange={(next) => setFilters((f) => ({ ...f, ...next }))}
      />
      <PinjamanFormDialog open={adding} onOpenChange={setAdding} />
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
