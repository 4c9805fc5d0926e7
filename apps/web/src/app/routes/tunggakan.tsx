import { useState } from 'react';
import { formatRupiah, kolektibilitasShortLabels, tipePinjamanLabels, type Kolektibilitas } from '@mizan/core';
import { RefreshButton } from '../../components/ui/refresh-button';
import { ListBody } from '../../components/ui/list-body';
import { ListToolbar, type FilterChip } from '../../components/ui/list-toolbar';
import { PageHeader } from '../../components/ui/page-header';
import { SortDialog } from '../../components/ui/sort-dialog';
import { useListPage } from '../../components/ui/use-list-page';
import { useLayout } from '../../components/ui/use-media-query';
import { useTunggakanList } from '../../features/tunggakan/api/get-tunggakan-list';
import { useTunggakanSummary } from '../../features/tunggakan/api/get-tunggakan-summary';
import { tunggakanKeys } from '../../features/tunggakan/api/keys';
import { KolektibilitasCards } from '../../features/tunggakan/components/kolektibilitas-cards';
import { TunggakanFilterDialog } from '../../features/tunggakan/components/tunggakan-filter-dialog';
import { TunggakanListSkeleton, TunggakanListView } from '../../features/tunggakan/components/tunggakan-list-view';
import { useTunggakanFilters } from '../../features/tunggakan/hooks/use-tunggakan-filters';
import {
  defaultTunggakanFilters,
  tunggakanSortOptions,
  type Tunggakan,
  type TunggakanFilters,
} from '../../features/tunggakan/types';
import { ManualReminderDialog } from '../../features/whatsapp/components/manual-reminder-dialog';
import { ExportButton } from '../../components/ui/export-button';
import { exportTunggakan } from '../../features/tunggakan/api/export-tunggakan';

/**
 * /tunggakan (issue 23): the loans past their due date, the longest first, with the class cards
 * (count and amount overdue per kolektibilitas; a card filters the list), filter, sort, Load More,
 * and on each row a call, a WhatsApp chat, a reminder through the gateway (issue 24) and the loan.
 */
export default function TunggakanPage() {
  const layout = useLayout();
  const filterState = useTunggakanFilters();
  const { filters } = filterState;
  const list = useTunggakanList(filters);
  const summary = useTunggakanSummary(filters);
  const [reminding, setReminding] = useState<Tunggakan | null>(null);
  const page = useListPage({
    list,
    keys: tunggakanKeys,
    filters: filterState,
    sortOptions: tunggakanSortOptions,
    failedText: 'Gagal memuat data tunggakan',
  });
  const { applyFilters, dialogs } = page;
  const clear = (patch: Partial<TunggakanFilters>) => () => applyFilters({ ...filters, ...patch });

  const chips: FilterChip[] = [
    filters.search.trim() ? { label: `Cari: ${filters.search.trim()}`, clear: clear({ search: '' }) } : null,
    filters.kolektibilitas !== 'all'
      ? {
          label: `Kolektibilitas: ${filters.kolektibilitas} · ${kolektibilitasShortLabels[Number(filters.kolektibilitas) as Kolektibilitas]}`,
          clear: clear({ kolektibilitas: 'all' }),
        }
      : null,
    filters.tipe !== 'all' ? { label: `Tipe: ${tipePinjamanLabels[filters.tipe]}`, clear: clear({ tipe: 'all' }) } : null,
    filters.kota.trim() ? { label: `Kota: ${filters.kota.trim()}`, clear: clear({ kota: '' }) } : null,
    filters.kecamatan.trim() ? { label: `Kecamatan: ${filters.kecamatan.trim()}`, clear: clear({ kecamatan: '' }) } : null,
    filters.minHari !== null ? { label: `Minimal ${filters.minHari} hari`, clear: clear({ minHari: null }) } : null,
    page.sortSummary
      ? {
          label: `Urut: ${page.sortSummary}`,
          clear: clear({ sortBy: defaultTunggakanFilters.sortBy, sortOrder: defaultTunggakanFilters.sortOrder }),
        }
      : null,
  ].filter((c): c is FilterChip => c !== null);

  const refreshing = page.refreshing || summary.isRefetching;
  const figures = summary.data;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Tunggakan"
        subtitle={
          figures
            ? `${figures.jumlah_pinjaman.toLocaleString('id-ID')} pinjaman lewat jatuh tempo · total tunggakan ${formatRupiah(figures.tunggakan_total)}`
            : 'Pinjaman yang lewat jatuh tempo dan belum dibayar'
        }
        actions={
          <>
            <ExportButton
              what="daftar tunggakan"
              filters={chips.map((chip) => chip.label)}
              onExport={(format) => exportTunggakan(filters, format)}
            />
            <RefreshButton onClick={page.refresh} refreshing={refreshing} announce />
          </>
        }
      />

      <KolektibilitasCards
        summary={figures}
        loading={summary.isPending}
        value={filters.kolektibilitas}
        onChange={(kolektibilitas) => applyFilters({ ...filters, kolektibilitas })}
      />

      <ListToolbar {...page.toolbarProps} chips={chips} />

      <ListBody
        {...page.bodyProps}
        errorFallback="Gagal memuat data tunggakan"
        doneText={(n) => `Semua data sudah dimuat (${n.toLocaleString('id-ID')} pinjaman)`}
        skeleton={<TunggakanListSkeleton layout={layout} />}
        emptyMessage={
          filterState.isDefault ? 'Tidak ada pinjaman yang menunggak' : 'Tidak ada tunggakan yang cocok dengan filter'
        }
      >
        <TunggakanListView rows={page.rows} layout={layout} onRemind={setReminding} />
      </ListBody>

      <TunggakanFilterDialog
        {...dialogs.props('filter')}
        value={{
          search: filters.search,
          kolektibilitas: filters.kolektibilitas,
          tipe: filters.tipe,
          kota: filters.kota,
          kecamatan: filters.kecamatan,
          minHari: filters.minHari,
        }}
        onApply={(value) => applyFilters({ ...filters, ...value })}
      />
      <SortDialog {...page.sortProps} title="Urutkan Tunggakan" />
      {reminding ? (
        <ManualReminderDialog
          pinjamanId={reminding.pinjaman_id}
          nama={reminding.nasabah.nama}
          open
          onOpenChange={(open) => {
            if (!open) setReminding(null);
          }}
        />
      ) : null}
    </div>
  );
}
