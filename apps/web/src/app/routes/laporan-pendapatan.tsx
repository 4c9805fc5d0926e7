import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Landmark, PiggyBank } from 'lucide-react';
import {
  formatDateLong,
  formatBulan,
  formatRupiah,
  metodePengakuanMargin,
  metodePengakuanMarginLabels,
  MONTH_PATTERN,
  todayJakarta,
  type MetodePengakuanMargin,
} from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { Card } from '../../components/ui/card';
import { ExportButton } from '../../components/ui/export-button';
import { LabeledOptions, Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import {
  exportPendapatan,
  pendapatanQuery,
  pendapatanSettingsQuery,
  useSavePendapatanSetting,
} from '../../features/laporan/api/get-pendapatan';
import { ReportBody } from '../../features/laporan/components/report-body';
import { SampaiBulanField } from '../../features/laporan/components/month-field';
import { PendapatanChart, PendapatanList, PendapatanTable } from '../../features/laporan/components/pendapatan-view';
import { MonthlyReport } from '../../features/laporan/components/monthly-parts';

const metodeHints: Record<MetodePengakuanMargin, string> = {
  proporsional: 'Margin sama besar di setiap angsuran',
  anuitas: 'Margin menurun mengikuti sisa pokok',
};

/** The institution's margin recognition method: a choice for administrators, a statement for everyone else. */
function MetodeField({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(pendapatanSettingsQuery);
  const save = useSavePendapatanSetting();
  const { showToast } = useToast();
  const metode = settings.data?.setting.metode_pengakuan_margin;
  if (!canEdit)
    return (
      <p className="text-sm text-muted">
        Metode pengakuan margin:{' '}
        <span className="font-medium text-ink">
          {metode ? `${metodePengakuanMarginLabels[metode]} (${metodeHints[metode].toLowerCase()})` : '…'}
        </span>
      </p>
    );
  return (
    <LabelAbove label="Metode pengakuan margin">
      <Select
        value={metode ?? ''}
        disabled={!metode || save.isPending}
        onChange={async (e) => {
          try {
            const res = await save.mutateAsync({ metode_pengakuan_margin: e.target.value as MetodePengakuanMargin });
            showToast(res.message ?? 'Metode pengakuan margin disimpan.', 'success');
          } catch (error) {
            showToast(errorMessage(error, 'Metode pengakuan margin gagal disimpan'), 'error');
          }
        }}
        className="w-44"
      >
        <LabeledOptions values={metodePengakuanMargin} labels={metodePengakuanMarginLabels} />
      </Select>
      <span className="text-xs font-normal text-muted">{metode ? metodeHints[metode] : ''}</span>
    </LabelAbove>
  );
}

/** Laporan → Pendapatan (issue 26 A): margin and profit share received and recognised per month (?sampai=YYYY-MM). */
export default function PendapatanPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const today = todayJakarta();
  const thisMonth = today.slice(0, 7);
  const sampaiParam = params.get('sampai') ?? '';
  const sampai = MONTH_PATTERN.test(sampaiParam) && sampaiParam <= thisMonth ? sampaiParam : thisMonth;
  const laporan = useQuery(pendapatanQuery(sampai));
  const data = laporan.data;
  const period = data ? `${formatBulan(data.bulan[0]!.bulan)} – ${formatBulan(data.sampai)}` : '';
  const last = data?.bulan.at(-1);
  const deferredAt = data
    ? data.sampai === thisMonth
      ? `per hari ini, ${formatDateLong(today)}`
      : `per akhir ${formatBulan(data.sampai)}`
    : '';

  return (
    <>
      <PageHeader
        title="Laporan Pendapatan"
        subtitle="Margin murabahah dan bagi hasil mudharabah per bulan: diterima, diakui, dan margin yang masih ditangguhkan."
        actions={
          <ExportButton
            what="laporan pendapatan"
            filters={[
              ...(period ? [`Periode: ${period}`] : []),
              ...(data ? [`Metode pengakuan margin: ${metodePengakuanMarginLabels[data.metode]}`] : []),
            ]}
            onExport={(format) => exportPendapatan(sampai, format)}
          />
        }
      />
      <div className="space-y-5">
        <div className="flex flex-wrap items-start gap-3">
          <SampaiBulanField
            value={sampai}
            max={thisMonth}
            onChange={(month) => setParams(month !== thisMonth ? { sampai: month } : {}, { replace: true })}
          />
          <MetodeField canEdit={user?.role === 'admin'} />
        </div>

        <ReportBody
          query={laporan}
          errorTitle="Gagal memuat laporan pendapatan"
          cards={[
            {
              label: 'Pendapatan Diakui',
              value: formatRupiah(data?.total.pendapatan_diakui ?? 0),
              hint: period,
              icon: <Landmark className="h-5 w-5" />,
            },
            {
              label: 'Margin Ditangguhkan',
              value: formatRupiah(last?.margin_ditangguhkan ?? 0),
              hint: deferredAt,
              tone: 'gold',
              icon: <PiggyBank className="h-5 w-5" />,
            },
          ]}
          after={
            <Card className="p-4 text-sm text-muted sm:p-5">
              <h2 className="mb-2 font-semibold text-ink">Cara membaca</h2>
              <dl className="grid gap-2">
                <div>
                  <dt className="inline font-medium text-ink">Margin diterima: </dt>
                  <dd className="inline">
                    bagian margin dari pembayaran bulan itu; dalam satu angsuran margin terbayar lebih dulu.
                  </dd>
                </div>
                <div>
                  <dt className="inline font-medium text-ink">Margin diakui: </dt>
                  <dd className="inline">
                    margin yang menjadi pendapatan, sebanding dengan kas angsuran yang diterima (PSAK 102), dibagi ke tiap
                    angsuran menurut metode lembaga (fatwa DSN-MUI No. 84/DSN-MUI/XII/2012).
                  </dd>
                </div>
                <div>
                  <dt className="inline font-medium text-ink">Bagi hasil: </dt>
                  <dd className="inline">bagi hasil mudharabah, diakui saat diterima.</dd>
                </div>
                <div>
                  <dt className="inline font-medium text-ink">Pemulihan: </dt>
                  <dd className="inline">
                    pembayaran atas pinjaman yang sudah dihapusbukukan; pendapatan tersendiri, bukan margin atau bagi hasil.
                  </dd>
                </div>
                <div>
                  <dt className="inline font-medium text-ink">Margin dibebaskan: </dt>
                  <dd className="inline">sisa margin yang tidak ditagih saat pelunasan; bukan pendapatan.</dd>
                </div>
                <div>
                  <dt className="inline font-medium text-ink">Margin ditangguhkan: </dt>
                  <dd className="inline">margin akad yang belum diakui pada akhir bulan (bulan berjalan: hari ini).</dd>
                </div>
              </dl>
            </Card>
          }
        >
          {(report) => <MonthlyReport laporan={report} chart={PendapatanChart} table={PendapatanTable} list={PendapatanList} />}
        </ReportBody>
      </div>
    </>
  );
}
