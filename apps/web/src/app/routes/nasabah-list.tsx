import { lazy, Suspense, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { UserCheck, UserX, Users } from 'lucide-react';
import { formatAngka } from '@mizan/core';
import { RefreshButton } from '../../components/ui/refresh-button';
import { AddButton, EmptyListAction, ListBody } from '../../components/ui/list-body';
import { PageHeader } from '../../components/ui/page-header';
import { SummaryCardStrip } from '../../components/ui/summary-card';
import { useDeleteConfirm, useListPage } from '../../components/ui/use-list-page';
import { useLayout } from '../../components/ui/use-media-query';
import { nasabahListOptions, useNasabahList } from '../../features/nasabah/api/get-nasabah-list';
import { nasabahStatsOptions, useNasabahStats } from '../../features/nasabah/api/get-nasabah-stats';
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

/**
 * A cold load of /nasabah without filters: the list and its cards are asked for before the first
 * render (router.tsx preparePage), so that the page first renders with its rows (issue 28 C).
 * @public (read by the router from the loaded page module)
 */
export function prepare(queryClient: QueryClient, location: Pick<Location, 'search'>) {
  if (location.search !== '') return Promise.resolve();
  return Promise.all([
    queryClient.prefetchInfiniteQuery(nasabahListOptions(defaultNasabahFilters)),
    queryClient.prefetchQuery(nasabahStatsOptions()),
  ]);
}

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
    sortOptions: nasabahSortOptions,
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
    page.sortSummary ? `Urut: ${page.sortSummary}` : null,
  ].filter((c): c is string => c !== null);

  return (
    <div className="space-y-5">
      <PageHeader
        title="Data Nasabah"
        subtitle="Kelola data nasabah, status dan riwayat pembiayaannya."
        actions={
          <>
            <ExportButton what="data nasabah" filters={chips} onExport={(format) => exportNasabah(filters, format)} />
            <RefreshButton onClick={refresh} refreshing={refreshing} announce />
            <AddButton onClick={() => dialogs.open('add')}>Tambah Nasabah</AddButton>
          </>
        }
      />

      <SummaryCardStrip
        className="grid grid-cols-3 gap-3"
        loading={stats.isPending}
        compact
        cards={[
          { label: 'Total Nasabah', value: formatAngka(stats.data?.total_nasabah ?? 0), icon: <Users className="h-5 w-5" /> },
          { label: 'Aktif', value: formatAngka(stats.data?.aktif ?? 0), icon: <UserCheck className="h-5 w-5" />, tone: 'sky' },
          {
            label: 'Nonaktif',
            value: formatAngka(stats.data?.nonaktif ?? 0),
            icon: <UserX className="h-5 w-5" />,
            tone: 'amber',
          },
        ]}
      />

      <ListToolbar {...page.toolbarProps} chips={chips} />

      <ListBody
        {...page.bodyProps}
        errorFallback="Failed to fetch nasabah"
        doneText={(n) => `Semua data sudah dimuat (${formatAngka(n)} nasabah)`}
        skeleton={<NasabahListSkeleton layout={layout} />}
        emptyMessage="Tidak ada data nasabah"
        emptyAction={
          <EmptyListAction
            filtered={!isDefault}
            onReset={resetFilters}
            addLabel="Tambah Nasabah"
            onAdd={() => dialogs.open('add')}
          />
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
        {dialogs.current === 'sort' ? <SortDialog {...page.sortProps} title="Urutkan Nasabah" /> : null}
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
