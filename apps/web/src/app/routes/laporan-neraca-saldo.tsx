import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatDateLong, formatRupiah, isIsoDate, todayJakarta } from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { useLayout } from '../../components/ui/use-media-query';
import { ReportBody } from '../../features/laporan/components/report-body';
import { neracaSaldoQuery } from '../../features/akuntansi/api/get-neraca-saldo';
import { BalanceState, NeracaSaldoRows } from '../../features/akuntansi/components/neraca-saldo-view';

/** Laporan → Akuntansi → Neraca Saldo (issue 48): every account's balance as of a day (?tanggal=YYYY-MM-DD). */
export default function NeracaSaldoPage() {
  const layout = useLayout();
  const [params, setParams] = useSearchParams();
  const today = todayJakarta();
  const asked = params.get('tanggal');
  const tanggal = asked && isIsoDate(asked) ? asked : today;
  const neraca = useQuery(neracaSaldoQuery(tanggal));
  const choose = (value: string) => setParams(value && value !== today ? { tanggal: value } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title="Neraca Saldo"
        subtitle={`Saldo setiap akun per ${formatDateLong(tanggal)}, dari jurnal yang sudah diposting.`}
      />
      <div className="space-y-5">
        <div className="flex flex-wrap items-end gap-2">
          <LabelAbove label="Per tanggal">
            <Input type="date" value={tanggal} max={today} onChange={(e) => choose(e.target.value)} className="w-44" />
          </LabelAbove>
          <Button variant="outline" onClick={() => choose(today)} disabled={tanggal === today}>
            Hari Ini
          </Button>
        </div>
        <ReportBody
          query={neraca}
          errorTitle="Gagal memuat neraca saldo"
          cards={[
            {
              label: 'Jumlah Debit',
              value: formatRupiah(neraca.data?.total_debit ?? 0),
              icon: <ArrowDownLeft className="h-5 w-5" />,
            },
            {
              label: 'Jumlah Kredit',
              value: formatRupiah(neraca.data?.total_kredit ?? 0),
              icon: <ArrowUpRight className="h-5 w-5" />,
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
