import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Wallet } from 'lucide-react';
import { formatBulan, formatRupiah, MONTH_PATTERN, todayJakarta } from '@mizan/core';
import { ExportButton } from '../../components/ui/export-button';
import { PageHeader } from '../../components/ui/page-header';
import { ReportBody } from '../../features/laporan/components/report-body';
import { exportPencairan, pencairanQuery, type PencairanFilters } from '../../features/laporan/api/get-pencairan';
import { tipeChips, tipeFromParams } from '../../features/laporan/tipe-filter';
import { SampaiBulanField, TipeField } from '../../features/laporan/components/month-field';
import { PencairanChart, PencairanList, PencairanTable } from '../../features/laporan/components/pencairan-view';
import { MonthlyReport } from '../../features/laporan/components/monthly-parts';

/** Laporan → Pencairan (issue 26 A): loans granted per month and type, 12 months (?sampai=YYYY-MM&tipe=). */
export default function PencairanPage() {
  const [params, setParams] = useSearchParams();
  const thisMonth = todayJakarta().slice(0, 7);
  const sampaiParam = params.get('sampai') ?? '';
  const filters: PencairanFilters = {
    sampai: MONTH_PATTERN.test(sampaiParam) ? sampaiParam : thisMonth,
    tipe: tipeFromParams(params),
  };
  const laporan = useQuery(pencairanQuery(filters));
  const update = (next: PencairanFilters) =>
    setParams(
      {
        ...(next.sampai !== thisMonth ? { sampai: next.sampai } : {}),
        ...(next.tipe !== 'all' ? { tipe: next.tipe } : {}),
      },
      { replace: true },
    );
  const data = laporan.data;
  const period = data ? `${formatBulan(data.bulan[0]!.bulan)} – ${formatBulan(data.sampai)}` : '';

  return (
    <>
      <PageHeader
        title="Laporan Pencairan"
        subtitle="Pinjaman yang diberikan per bulan dan tipe, 12 bulan terakhir sampai bulan terpilih."
        actions={
          <ExportButton
            what="laporan pencairan"
            filters={[...(period ? [`Periode: ${period}`] : []), ...tipeChips(filters.tipe)]}
            onExport={(format) => exportPencairan(filters, format)}
          />
        }
      />
      <div className="space-y-5">
        <div className="flex flex-wrap items-end gap-3">
          <SampaiBulanField value={filters.sampai} max={thisMonth} onChange={(sampai) => update({ ...filters, sampai })} />
          <TipeField value={filters.tipe} onChange={(tipe) => update({ ...filters, tipe })} className="w-44" />
        </div>

        <ReportBody
          query={laporan}
          errorTitle="Gagal memuat laporan pencairan"
          cards={[
            {
              label: 'Nilai Pencairan',
              value: formatRupiah(data?.total.semua.total ?? 0),
              hint: period,
              icon: <Wallet className="h-5 w-5" />,
            },
            {
              label: 'Jumlah Pinjaman',
              value: (data?.total.semua.jumlah ?? 0).toLocaleString('id-ID'),
              hint: data
                ? `rata-rata ${formatRupiah(data.total.semua.jumlah ? Math.round(data.total.semua.total / data.total.semua.jumlah) : 0)}`
                : undefined,
              tone: 'gold',
            },
          ]}
        >
          {(report) => <MonthlyReport laporan={report} chart={PencairanChart} table={PencairanTable} list={PencairanList} />}
        </ReportBody>
      </div>
    </>
  );
}
