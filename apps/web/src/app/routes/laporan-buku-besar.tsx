import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatRupiah, kelompokAkunLabels, periodeTeks, saldoNormalLabels, todayJakarta, type BukuBesar } from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { useLayout } from '../../components/ui/use-media-query';
import { idParam, intParam, useUrlFilters, type ParamCodec } from '../../lib/use-url-filters';
import { ReportBody } from '../../features/laporan/components/report-body';
import { booksQuery } from '../../features/akuntansi/api/books';
import { akunQuery } from '../../features/akuntansi/api/get-akun';
import { dayParam } from '../../features/akuntansi/api/filters';
import { BooksActions } from '../../features/akuntansi/components/books-actions';
import { BukuBesarRows } from '../../features/akuntansi/components/buku-besar-view';
import { Pager } from '../../features/akuntansi/components/pager';
import { AkunOptions } from '../../features/akuntansi/components/akun-options';

const icon = { className: 'h-5 w-5' };

/** The page asked for in the address (1 when absent). */
const pageParam: ParamCodec<number> = (raw) => intParam(1, 1_000_000)(raw) ?? undefined;

const defaults = { akun_id: null as number | null, dari: null as string | null, sampai: null as string | null, page: 1 };
const codecs = { akun_id: idParam, dari: dayParam, sampai: dayParam, page: pageParam };

/**
 * Laporan → Akuntansi → Buku Besar (issue 48): one account (the first of the chart until another is
 * chosen) over a period (this month until today unless chosen): the opening balance, 50 lines a
 * page with the running balance, the closing balance. Account, period and page are in the address.
 */
export default function BukuBesarPage() {
  const layout = useLayout();
  const { filters, setFilters } = useUrlFilters(defaults, codecs);
  const chart = useQuery(akunQuery());
  const akunId = filters.akun_id ?? chart.data?.[0]?.id ?? null;
  const today = todayJakarta();
  const dari = filters.dari ?? `${(filters.sampai ?? today).slice(0, 7)}-01`;
  const sampai = filters.sampai ?? (dari > today ? dari : today);
  const query = { akun_id: akunId, dari, sampai };
  const ledger = useQuery({
    ...booksQuery<BukuBesar>('buku-besar', { ...query, page: filters.page }),
    enabled: akunId !== null,
  });
  const data = ledger.data?.data;
  const set = (change: Partial<typeof defaults>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const what = data ? `buku besar ${data.akun.kode} ${data.akun.nama}` : 'buku besar';

  return (
    <>
      <PageHeader
        title="Buku Besar"
        subtitle={`Mutasi satu akun dengan saldo berjalan, ${periodeTeks(dari, sampai)}.`}
        actions={
          <BooksActions
            what={what}
            exportName="buku-besar"
            pdfName="buku-besar"
            query={query}
            filters={data ? [`Akun: ${data.akun.kode} ${data.akun.nama}`, `Periode: ${periodeTeks(dari, sampai)}`] : []}
          />
        }
      />
      <div className="space-y-5">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:max-w-4xl">
          <LabelAbove label="Akun" className="col-span-2 md:col-span-1">
            <Select value={akunId ?? ''} onChange={(e) => set({ akun_id: Number(e.target.value) })}>
              <AkunOptions accounts={chart.data} />
            </Select>
          </LabelAbove>
          <LabelAbove label="Dari tanggal">
            <Input type="date" value={dari} max={sampai} onChange={(e) => set({ dari: e.target.value || null })} />
          </LabelAbove>
          <LabelAbove label="Sampai tanggal">
            <Input type="date" value={sampai} min={dari} onChange={(e) => set({ sampai: e.target.value || null })} />
          </LabelAbove>
        </div>
        <ReportBody
          query={ledger}
          errorTitle="Gagal memuat buku besar"
          cards={[
            { label: 'Saldo Awal', value: formatRupiah(data?.saldo_awal ?? 0), icon: <ArrowDownLeft {...icon} /> },
            { label: 'Saldo Akhir', value: formatRupiah(data?.saldo_akhir ?? 0), icon: <ArrowUpRight {...icon} />, tone: 'gold' },
          ]}
        >
          {({ data: book }) => (
            <>
              <p className="text-sm text-muted">
                {kelompokAkunLabels[book.akun.kelompok]} · saldo normal {saldoNormalLabels[book.akun.saldo_normal].toLowerCase()}{' '}
                · mutasi periode ini: debit {formatRupiah(book.total_debit)}, kredit {formatRupiah(book.total_kredit)}
              </p>
              <BukuBesarRows ledger={book} layout={layout} />
              <Pager
                page={book.pagination.page}
                totalPages={book.pagination.totalPages}
                total={book.pagination.total}
                what="baris buku besar"
                onPage={(page) => setFilters((current) => ({ ...current, page }))}
              />
            </>
          )}
        </ReportBody>
      </div>
    </>
  );
}
