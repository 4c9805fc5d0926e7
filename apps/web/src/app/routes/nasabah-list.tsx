import { lazy, Suspense, useEffect, useState } from 'react';
import { Plus, RefreshCw, UserCheck, UserX, Users } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ListBody } from '../../components/ui/list-body';
import { PageHeader } from '../../components/ui/page-header';
import { sortSummary } from '../../components/ui/sort-summary';
import { SummaryCard } from '../../components/ui/summary-card';
import { useDeleteConfirm, useListPage } from '../../components/ui/use-list-page';
import { useLayout } from '../../components/ui/use-media-query';
import { useNasabahList } from '../../features/nasabah/api/get-nasabah-list';
import { useNasabahStats } from '../../features/nasabah/api/get-nasabah-stats';
import { nasabahKeys } from '../../features/nasabah/api/keys';
import { useDeleteNasabah } from '../../features/nasabah/api/mutations';
import { NasabahListSkeleton, NasabahListView } from '../../features/nasabah/components/nasabah-list-view';
import { useNasabahFilters } from '../../features/nasabah/hooks/use-nasabah-filters';
import { defaultNasabahFilters, nasabahSortOptions, type Nasabah, type NasabahFilters } from '../../features/nasabah/types';
import { ListToolbar } from '../../components/ui/list-toolbar';
import { ExportButton } from '../../components/ui/export-button';
import { exportNasabah } from '../../features/nasabah/api/export-nasabah';

const statusLabel = { aktif: 'Aktif', nonaktif: 'Nonaktif' } as const;

// The dialogs (filter, sort, add/edit, delete) load when first opened, or once the list is shown:
// a cold load on a slow phone line fetches only what shows the list (issue 28 C).
const loadFilter = () => import('../../features/nasabah/components/nasabah-filter-dialog');
const loadSort = () => import('../../components/ui/sort-dialog');
const loadForm = () => import('../../features/nasabah/components/nasabah-form-dialog');
const loadConfirm = () => import('../../components/ui/confirm-dialog');
const NasabahFilterDialog = lazy(async () => ({ default: (await loadFilter()).NasabahFilterDialog }));
const SortDialog = lazy(async () => ({ default: (await loadSort()).SortDialog<NasabahFilters['sortBy']> }));
const NasabahFormDialog = lazy(async () => ({ default: (await loadForm()).NasabahFormDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await loadConfirm()).ConfirmDialog }));

/** /nasabah: the customer list of spec §2 (filter, sort, cumulative Load More, add, edit, delete). */
export default function NasabahListPage() {
  const layout = useLayout();
  const filterState = useNasabahFilters();
  const { filters, isDefault } = filterState;
  const list = useNasabahList(filters);
  const stats = useNasabahStats();
  const remove = useDeleteNasabah();

  const page = useListPage<NasabahFilters, Nasabah, 'add'>({
    list,
    keys: nasabahKeys,
    filters: filterState,
    defaults: defaultNasabahFilters,
    failedText: 'Gagal memuat data nasabah',
  });
  const { dialogs, applyFilters, resetFilters, refresh, refreshing } = page;
  const [editing, setEditing] = useState<Nasabah | null>(null);
  const deletion = useDeleteConfirm<Nasabah>(remove, { done: 'Nasabah berhasil dihapus', failed: 'Gagal menghapus nasabah' });
  const shown = page.rows.length > 0;
  useEffect(() => {
    if (shown) void Promise.all([loadFilter(), loadSort(), loadForm(), loadConfirm()]);
  }, [shown]);

  const chips = [
    filters.search ? `Cari: “${filters.search}”` : null,
    filters.status !== 'all' ? `Status: ${statusLabel[filters.status]}` : null,
    filters.sortBy !== defaultNasabahFilters.sortBy || filters.sortOrder !== defaultNasabahFilters.sortOrder
      ? `Urut: ${sortSummary(nasabahSortOptions, filters)}`
      : null,
  ].filter((c): c is string => c !== null);

  return (
    <div className="space-y-5">
      <PageHeader
        title="Data Nasabah"
        subtitle="Kelola data nasabah, status dan riwayat pembiayaannya."
        actions={
          <>
            <ExportButton what="data nasabah" filters={chips} onExport={(format) => exportNasabah(filters, format)} />
            <Button variant="outline" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
              <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
              Refresh
            </Button>
            <Button onClick={() => dialogs.open('add')}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Tambah Nasabah
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-3 gap-3">
        <SummaryCard
          label="Total Nasabah"
          value={(stats.data?.total_nasabah ?? 0).toLocaleString('id-ID')}
          icon={<Users className="h-5 w-5" />}
          loading={stats.isPending}
          compact
        />
        <SummaryCard
          label="Aktif"
          value={(stats.data?.aktif ?? 0).toLocaleString('id-ID')}
          icon={<UserCheck className="h-5 w-5" />}
          tone="sky"
          loading={stats.isPending}
          compact
        />
        <SummaryCard
          label="Nonaktif"
          value={(stats.data?.nonaktif ?? 0).toLocaleString('id-ID')}
          icon={<UserX className="h-5 w-5" />}
          tone="amber"
          loading={stats.isPending}
          compact
        />
      </div>

      <ListToolbar {...page.toolbarProps} chips={chips} />

      <ListBody
        {...page.bodyProps}
        errorTitle="Gagal memuat data nasabah"
        errorFallback="Failed to fetch nasabah"
        doneText={(n) => `Semua data sudah dimuat (${n.toLocaleString('id-ID')} nasabah)`}
        skeleton={<NasabahListSkeleton layout={layout} />}
        emptyMessage="Tidak ada data nasabah"
        emptyAction={
          isDefault ? (
            <Button size="sm" onClick={() => dialogs.open('add')}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Tambah Nasabah
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={resetFilters}>
              Reset Filter
            </Button>
          )
        }
      >
        <NasabahListView rows={page.rows} layout={layout} onEdit={setEditing} onDelete={deletion.ask} />
      </ListBody>

      <Suspense fallback={null}>
        {dialogs.current === 'filter' ? (
          <NasabahFilterDialog
            {...dialogs.props('filter')}
            value={{ search: filters.search, status: filters.status }}
            onApply={(value) => applyFilters({ ...filters, ...value })}
          />
        ) : null}
        {dialogs.current === 'sort' ? (
          <SortDialog
            {...dialogs.props('sort')}
            title="Urutkan Nasabah"
            options={nasabahSortOptions}
            value={filters}
            onChange={(sort) => applyFilters({ ...filters, ...sort })}
          />
        ) : null}
        {dialogs.current === 'add' ? <NasabahFormDialog {...dialogs.props('add')} /> : null}
        {editing !== null ? (
          <NasabahFormDialog open onOpenChange={(open) => !open && setEditing(null)} nasabah={editing} />
        ) : null}
        {deletion.deleting !== null ? (
          <ConfirmDialog
            open
            onOpenChange={deletion.onOpenChange}
            title="Hapus Nasabah"
            message={
              <>
                Apakah Anda yakin ingin menghapus nasabah ini?
                <span className="mt-2 block font-medium text-ink">{deletion.deleting.nama}</span>
              </>
            }
            pending={deletion.pending}
            onConfirm={deletion.confirm}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
