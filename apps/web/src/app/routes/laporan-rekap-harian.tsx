import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Receipt, Wallet } from 'lucide-react';
import { formatDateLong, formatRupiah, isIsoDate, todayJakarta } from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { ExportButton } from '../../components/ui/export-button';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { useLayout } from '../../components/ui/use-media-query';
import { ReportBody } from '../../features/laporan/components/report-body';
import { exportRekapHarian, rekapHarianQuery } from '../../features/laporan/api/get-rekap-harian';
import { RekapNewLoans, RekapPayments, RekapSummaries } from '../../features/laporan/components/rekap-harian-view';

/** Laporan → Rekap Harian (issue 26 A): the counter's end of day, any day (?tanggal=YYYY-MM-DD). */
export default function RekapHarianPage() {
  const layout = useLayout();
  const [params, setParams] = useSearchParams();
  const today = todayJakarta();
  const asked = params.get('tanggal');
  const tanggal = asked && isIsoDate(asked) ? asked : today;
  const rekap = useQuery(rekapHarianQuery(tanggal));
  const choose = (value: string) => setParams(value && value !== today ? { tanggal: value } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title="Rekap Harian"
        subtitle={`Pembayaran dan pinjaman baru tanggal ${formatDateLong(tanggal)}.`}
        actions={
          <ExportButton
            what="rekap harian"
            filters={[`Tanggal: ${formatDateLong(tanggal)}`]}
            onExport={(format) => exportRekapHarian(tanggal, format)}
          />
        }
      />
      <div className="space-y-5">
        <div className="flex flex-wrap items-end gap-2">
          <LabelAbove label="Tanggal">
            <Input type="date" value={tanggal} max={today} onChange={(e) => choose(e.target.value)} className="w-44" />
          </LabelAbove>
          <Button variant="outline" onClick={() => choose(today)} disabled={tanggal === today}>
            Hari Ini
          </Button>
        </div>

        <ReportBody
          query={rekap}
          errorTitle="Gagal memuat rekap harian"
          cards={[
            {
              label: 'Total Pembayaran',
              value: formatRupiah(rekap.data?.pembayaran.total ?? 0),
              hint: `${rekap.data?.pembayaran.jumlah_transaksi ?? 0} transaksi`,
              icon: <Receipt className="h-5 w-5" />,
            },
            {
              label: 'Pinjaman Baru',
              value: formatRupiah(rekap.data?.pinjaman_baru.total ?? 0),
              hint: `${rekap.data?.pinjaman_baru.jumlah ?? 0} pinjaman`,
              icon: <Wallet className="h-5 w-5" />,
              tone: 'gold',
            },
          ]}
        >
          {(data) => (
            <>
              <RekapSummaries rekap={data} />
              <section aria-labelledby="rekap-rincian" className="space-y-3">
                <h2 id="rekap-rincian" className="text-base font-semibold text-ink">
                  Rincian Pembayaran
                </h2>
                <RekapPayments rekap={data} layout={layout} />
              </section>
              <section aria-labelledby="rekap-pinjaman" className="space-y-3">
                <h2 id="rekap-pinjaman" className="text-base font-semibold text-ink">
                  Pinjaman Baru
                </h2>
                <RekapNewLoans rekap={data} />
              </section>
            </>
          )}
        </ReportBody>
      </div>
    </>
  );
}
