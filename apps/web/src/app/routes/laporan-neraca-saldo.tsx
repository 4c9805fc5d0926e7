import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatDateLong, formatRupiah } from '@mizan/core';
import { PageHeader } from '../../components/ui/page-header';
import { useLayout } from '../../components/ui/use-media-query';
import { ReportBody } from '../../features/laporan/components/report-body';
import { ReportDayField, useReportDay } from '../../features/laporan/components/day-field';
import { neracaSaldoQuery } from '../../features/akuntansi/api/get-neraca-saldo';
import { BalanceState, NeracaSaldoRows } from '../../features/akuntansi/components/neraca-saldo-view';
import { BooksActions } from '../../features/akuntansi/components/books-actions';

const icon = { className: 'h-5 w-5' };

/** Laporan → Akuntansi → Neraca Saldo (issue 48): every account's balance as of a day (?tanggal=YYYY-MM-DD). */
export default function NeracaSaldoPage() {
  const layout = useLayout();
  const day = useReportDay();
  const { tanggal } = day;
  const neraca = useQuery(neracaSaldoQuery(tanggal));

  return (
    <>
      <PageHeader
        title="Neraca Saldo"
        subtitle={`Saldo setiap akun per ${formatDateLong(tanggal)}, dari jurnal yang sudah diposting.`}
        actions={
          <BooksActions
            what="neraca saldo"
            exportName="neraca-saldo"
            pdfName="neraca-saldo"
            query={{ tanggal }}
            filters={[`Per tanggal: ${formatDateLong(tanggal)}`]}
          />
        }
      />
      <div className="space-y-5">
        <ReportDayField label="Per tanggal" day={day} />
        <ReportBody
          query={neraca}
          errorTitle="Gagal memuat neraca saldo"
          cards={[
            { label: 'Jumlah Debit', value: formatRupiah(neraca.data?.total_debit ?? 0), icon: <ArrowDownLeft {...icon} /> },
            {
              label: 'Jumlah Kredit',
              value: formatRupiah(neraca.data?.total_kredit ?? 0),
              icon: <ArrowUpRight {...icon} />,
              tone: 'gold',
            },
          ]}
        >
          {(data) => (
            <>
              {data.baris.length > 0 ? <BalanceState neraca={data} /> : null}
              <NeracaSaldoRows neraca={data} layout={layout} />
            </>
          )}
        </ReportBody>
      </div>
    </>
  );
}
