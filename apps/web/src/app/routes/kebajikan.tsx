import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ArrowDownLeft, ArrowUpRight, HandHeart, Plus } from 'lucide-react';
import { formatDateLong, formatRupiah, statusTazirLabels, type StatusTazir } from '@mizan/core';
import { LabelAbove } from '../../components/ui/field';
import { QueryError } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { SummaryCardStrip } from '../../components/ui/summary-card';
import { useAuth } from '../../features/auth';
import { danaKebajikanQuery, tazirListQuery } from '../../features/kebajikan/api/kebajikan';
import { SalurkanDialog } from '../../features/kebajikan/components/salurkan-dialog';
import { TazirCard } from '../../features/kebajikan/components/tazir-card';
import { TazirSettings } from '../../features/kebajikan/components/tazir-settings';

const filters: (StatusTazir | 'semua')[] = ['diusulkan', 'ditagih', 'diterima', 'dibebaskan', 'semua'];

/**
 * Ta'zir & Dana Kebajikan (issue 27 C): the late sanctions to decide, the social fund's balance and
 * entries, disbursements (administrators), and the ta'zir written into new akad.
 */
export default function KebajikanPage() {
  const { user } = useAuth();
  const admin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const status = (filters as string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as StatusTazir | 'semua')
    : 'diusulkan';
  const tazir = useQuery(tazirListQuery(status));
  const fund = useQuery(danaKebajikanQuery);
  const [salurkan, setSalurkan] = useState(false);

  return (
    <>
      <PageHeader
        title="Ta’zir & Dana Kebajikan"
        subtitle="Sanksi keterlambatan nasabah mampu yang menunda, dan dana sosial tempat ta’zir disalurkan. Bukan pendapatan."
        actions={
          admin ? (
            <Button onClick={() => setSalurkan(true)} disabled={!fund.data || fund.data.saldo === 0}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Salurkan Dana
            </Button>
          ) : null
        }
      />
      <div className="space-y-6">
        <SummaryCardStrip
          className="grid grid-cols-1 gap-3 sm:grid-cols-3"
          loading={fund.isPending}
          cards={[
            {
              label: 'Saldo Dana Kebajikan',
              value: formatRupiah(fund.data?.saldo ?? 0),
              icon: <HandHeart className="h-5 w-5" />,
              tone: 'gold',
            },
            {
              label: 'Total Masuk (Ta’zir)',
              value: formatRupiah(fund.data?.total_masuk ?? 0),
              icon: <ArrowDownLeft className="h-5 w-5" />,
            },
            {
              label: 'Total Disalurkan',
              value: formatRupiah(fund.data?.total_keluar ?? 0),
              icon: <ArrowUpRight className="h-5 w-5" />,
              tone: 'sky',
            },
          ]}
        />

        <section aria-labelledby="tazir-heading" className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="tazir-heading" className="text-base font-semibold text-ink">
              Ta’zir
            </h2>
            <LabelAbove label="Status">
              <Select
                value={status}
                onChange={(e) => setParams(e.target.value === 'diusulkan' ? {} : { status: e.target.value }, { replace: true })}
                className="w-44"
              >
                {filters.map((f) => (
                  <option key={f} value={f}>
                    {f === 'semua' ? 'Semua' : statusTazirLabels[f]}
                  </option>
                ))}
              </Select>
            </LabelAbove>
          </div>
          {tazir.isError ? (
            <QueryError title="Gagal memuat ta’zir" error={tazir.error} onRetry={() => void tazir.refetch()} />
          ) : !tazir.data ? (
            <Skeleton className="h-40 w-full rounded-xl" />
          ) : tazir.data.length === 0 ? (
            <div className="rounded-xl border border-line bg-white">
              <EmptyState message={status === 'diusulkan' ? 'Tidak ada usulan ta’zir.' : 'Tidak ada ta’zir dengan status ini.'} />
            </div>
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {tazir.data.map((row) => (
                <TazirCard key={row.id} tazir={row} />
              ))}
            </div>
          )}
        </section>

        <TitledCard title="Buku Dana Kebajikan">
          {fund.isError ? (
            <QueryError title="Gagal memuat Dana Kebajikan" error={fund.error} onRetry={() => void fund.refetch()} />
          ) : !fund.data ? (
            <Skeleton className="h-32 w-full" />
          ) : fund.data.entri.length === 0 ? (
            <p className="text-sm text-muted">Belum ada dana masuk atau keluar.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {fund.data.entri.map((e) => (
                <li key={e.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="text-ink">{e.arah === 'masuk' ? e.sumber : `${e.tujuan} — ${e.penerima}`}</p>
                    <p className="text-xs text-muted">
                      {formatDateLong(e.tanggal)} · {e.dicatat_oleh ?? '-'}
                      {e.keterangan ? ` · ${e.keterangan}` : ''}
                    </p>
                  </div>
                  <span className={`shrink-0 font-medium tabular-nums ${e.arah === 'masuk' ? 'text-brand-700' : 'text-red-700'}`}>
                    {e.arah === 'masuk' ? '+' : '−'} {formatRupiah(e.jumlah)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </TitledCard>

        <TazirSettings canEdit={admin} />
      </div>
      {salurkan && fund.data ? <SalurkanDialog saldo={fund.data.saldo} onClose={() => setSalurkan(false)} /> : null}
    </>
  );
}
