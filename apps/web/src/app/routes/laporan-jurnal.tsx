import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { canApprove, jenisMutasi, jenisMutasiLabels, sumberJurnal, sumberJurnalLabels, type JurnalEntry } from '@mizan/core';
import { useAuth } from '../../features/auth';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/alert';
import { LabelAbove } from '../../components/ui/field';
import { Input, LabeledOptions, Select } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useLayout } from '../../components/ui/use-media-query';
import { idParam, intParam, oneOfParam, useUrlFilters, type ParamCodec } from '../../lib/use-url-filters';
import { booksQuery } from '../../features/akuntansi/api/books';
import { akunQuery } from '../../features/akuntansi/api/get-akun';
import { dayParam } from '../../features/akuntansi/api/filters';
import { BooksActions } from '../../features/akuntansi/components/books-actions';
import { JurnalList } from '../../features/akuntansi/components/jurnal-list';
import { Pager } from '../../features/akuntansi/components/pager';
import { AkunOptions } from '../../features/akuntansi/components/akun-options';

const PAGE_SIZE = 20;

/** The page asked for in the address (1 when absent). */
const pageParam: ParamCodec<number> = (raw) => intParam(1, 1_000_000)(raw) ?? undefined;

const defaults = {
  dari: null as string | null,
  sampai: null as string | null,
  akun_id: null as number | null,
  sumber: 'all' as 'all' | (typeof sumberJurnal)[number],
  jenis: 'all' as 'all' | (typeof jenisMutasi)[number],
  pinjaman_id: null as number | null,
  page: 1,
};
const codecs = {
  dari: dayParam,
  sampai: dayParam,
  akun_id: idParam,
  sumber: oneOfParam(['all', ...sumberJurnal] as const),
  jenis: oneOfParam(['all', ...jenisMutasi] as const),
  pinjaman_id: idParam,
  page: pageParam,
};

const allOf = <T extends string>(value: T | 'all') => (value === 'all' ? undefined : value);

/**
 * Laporan → Akuntansi → Jurnal (issue 48): every journal, newest first, 20 a page, filtered by
 * period, account, source, kind and loan (all in the address, so a loan's "Lihat Jurnal" link and
 * Back keep them). An operator sees the journals of what they recorded.
 */
export default function JurnalPage() {
  const layout = useLayout();
  const { user } = useAuth();
  const { filters, setFilters, isDefault } = useUrlFilters(defaults, codecs);
  const set = (change: Partial<typeof defaults>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const query = {
    dari: filters.dari,
    sampai: filters.sampai,
    akun_id: filters.akun_id,
    sumber: allOf(filters.sumber),
    jenis: allOf(filters.jenis),
    pinjaman_id: filters.pinjaman_id,
  };
  const journals = useQuery(booksQuery<JurnalEntry[]>('jurnal', { ...query, page: filters.page, limit: PAGE_SIZE }));
  const reader = user !== null && canApprove(user.role);
  const chart = useQuery({ ...akunQuery(), enabled: reader });
  const loanNumber = journals.data?.data.find((j) => j.pinjaman_id === filters.pinjaman_id)?.nomor_pinjaman;

  return (
    <>
      <PageHeader
        title="Jurnal"
        subtitle={
          reader
            ? 'Setiap jurnal yang sudah diposting, terbaru lebih dulu, dengan baris debit dan kreditnya.'
            : 'Jurnal dari transaksi yang Anda catat, terbaru lebih dulu.'
        }
        actions={<BooksActions what="jurnal" exportName="jurnal" pdfName="jurnal" query={query} />}
      />
      <div className="space-y-4">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          <LabelAbove label="Dari tanggal">
            <Input
              type="date"
              value={filters.dari ?? ''}
              max={filters.sampai ?? undefined}
              onChange={(e) => set({ dari: e.target.value || null })}
            />
          </LabelAbove>
          <LabelAbove label="Sampai tanggal">
            <Input
              type="date"
              value={filters.sampai ?? ''}
              min={filters.dari ?? undefined}
              onChange={(e) => set({ sampai: e.target.value || null })}
            />
          </LabelAbove>
          {reader ? (
            <LabelAbove label="Akun" className="col-span-2 md:col-span-1">
              <Select
                value={filters.akun_id ?? ''}
                onChange={(e) => set({ akun_id: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">Semua akun</option>
                <AkunOptions accounts={chart.data} />
              </Select>
            </LabelAbove>
          ) : null}
          <LabelAbove label="Sumber">
            <Select value={filters.sumber} onChange={(e) => set({ sumber: e.target.value as typeof filters.sumber })}>
              <option value="all">Semua sumber</option>
              <LabeledOptions values={sumberJurnal} labels={sumberJurnalLabels} />
            </Select>
          </LabelAbove>
          <LabelAbove label="Jenis transaksi">
            <Select value={filters.jenis} onChange={(e) => set({ jenis: e.target.value as typeof filters.jenis })}>
              <option value="all">Semua jenis</option>
              <LabeledOptions values={jenisMutasi} labels={jenisMutasiLabels} />
            </Select>
          </LabelAbove>
        </div>
        {!isDefault ? (
          <div className="flex flex-wrap items-center gap-2">
            {filters.pinjaman_id !== null ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800">
                Pinjaman {loanNumber ?? `#${filters.pinjaman_id}`}
                <button
                  type="button"
                  onClick={() => set({ pinjaman_id: null })}
                  aria-label="Hapus filter pinjaman"
                  className="rounded-full p-1 hover:bg-brand-100"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </span>
            ) : null}
            <Button variant="outline" onClick={() => setFilters(defaults)}>
              Reset Filter
            </Button>
          </div>
        ) : null}
        {journals.isError ? (
          <QueryError title="Gagal memuat jurnal" error={journals.error} onRetry={() => void journals.refetch()} />
        ) : journals.data ? (
          <>
            <JurnalList journals={journals.data.data} layout={layout} />
            <Pager
              page={filters.page}
              totalPages={journals.data.pagination?.totalPages ?? 1}
              total={journals.data.pagination?.total ?? 0}
              what="jurnal"
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          </>
        ) : (
          <Skeleton className="h-96" />
        )}
      </div>
    </>
  );
}
