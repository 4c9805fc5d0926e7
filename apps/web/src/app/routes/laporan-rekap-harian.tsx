import { useQuery } from '@tanstack/react-query';
import { Receipt, Wallet } from 'lucide-react';
import { formatDateLong, formatRupiah } from '@mizan/core';
import { ExportButton } from '../../components/ui/export-button';
import { PageHeader } from '../../components/ui/page-header';
import { useLayout } from '../../components/ui/use-media-query';
import { ReportBody } from '../../features/laporan/components/report-body';
import { ReportDayField, useReportDay } from '../../features/laporan/components/day-field';
import { exportRekapHarian, rekapHarianQuery } from '../../features/laporan/api/get-rekap-harian';
import { RekapNewLoans, RekapPayments, RekapSummaries } from '../../features/laporan/components/rekap-harian-view';

/** Laporan → Rekap Harian (issue 26 A): the counter's end of day, any day (?tanggal=YYYY-MM-DD). */
export default function RekapHarianPage() {
  const layout = useLayout();
  const day = useReportDay();
  const { tanggal } = day;
  const rekap = useQuery(rekapHarianQuery(tanggal));

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
        <ReportDayField label="Tanggal" day={day} />

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
