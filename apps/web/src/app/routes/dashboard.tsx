import { useEffect, useRef } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users, Wallet, Banknote, Landmark, TriangleAlert, Clock3, type LucideIcon } from 'lucide-react';
import { formatPercent, formatRupiah, type PortfolioPosition } from '@mizan/core';
import { RefreshButton } from '../../components/ui/refresh-button';
import { PageHeader } from '../../components/ui/page-header';
import { QueryError } from '../../components/ui/alert';
import { useToast } from '../../components/ui/toast';
import { useAuth } from '../../features/auth';
import { activitiesQuery, dashboardKey, monthlyPaymentsQuery, portfolioQuery } from '../../features/dashboard/api/dashboard-api';
import { StatCard, type Comparison } from '../../features/dashboard/components/stat-card';
import { PortfolioChart } from '../../features/dashboard/components/portfolio-chart';
import { ActivityList } from '../../features/dashboard/components/activity-list';
import { MonthlyPaymentsChart } from '../../features/dashboard/components/monthly-payments-chart';
import { rekonsiliasiKey, rekonsiliasiQuery } from '../../features/akuntansi/api/rekonsiliasi';
import { RekonsiliasiNotice } from '../../features/akuntansi/components/rekonsiliasi-notice';

/** The fields of a portfolio position that a card shows: counts, amounts and ratios. */
type FigureField = 'jumlah_nasabah' | 'pinjaman_aktif' | 'nilai_pinjaman_aktif' | 'outstanding' | 'npf_gross' | 'par30';
type FigureFormat = 'angka' | 'rupiah' | 'persen';

/** A figure as its card writes it: a count or an amount (0 while unknown), a ratio ('-' for an empty portfolio). */
const written: Record<FigureFormat, (value: number | null | undefined) => string> = {
  angka: (value) => (value ?? 0).toLocaleString('id-ID'),
  rupiah: (value) => formatRupiah(value ?? 0),
  persen: (value) => (value == null ? '-' : formatPercent(value)),
};

/** The dashboard's cards, left to right. */
const figures: { title: string; field: FigureField; format: FigureFormat; Icon: LucideIcon }[] = [
  { title: 'Total Nasabah', field: 'jumlah_nasabah', format: 'angka', Icon: Users },
  { title: 'Pinjaman Aktif', field: 'pinjaman_aktif', format: 'angka', Icon: Wallet },
  { title: 'Total Nilai Pinjaman', field: 'nilai_pinjaman_aktif', format: 'rupiah', Icon: Banknote },
  { title: 'Outstanding', field: 'outstanding', format: 'rupiah', Icon: Landmark },
  { title: 'NPF', field: 'npf_gross', format: 'persen', Icon: TriangleAlert },
  { title: 'PAR 30', field: 'par30', format: 'persen', Icon: Clock3 },
];

/** The line under a card's figure, on the cards that have one. */
const details: Partial<Record<FigureField, (now: PortfolioPosition | undefined) => string | undefined>> = {
  outstanding: (now) => (now ? `Sisa pokok ${now.jumlah_pinjaman.toLocaleString('id-ID')} pinjaman aktif` : undefined),
  npf_gross: (now) => (now?.npf_net == null ? 'Belum ada pembiayaan berjalan' : `NPF net ${formatPercent(now.npf_net)}`),
  par30: (now) => (now ? `${formatRupiah(now.outstanding_par30)} menunggak > 30 hari` : undefined),
};

export default function DashboardPage() {
  const { user } = useAuth();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [portfolio, activities, monthly] = useQueries({ queries: [portfolioQuery, activitiesQuery(10), monthlyPaymentsQuery] });
  // The books' reconciliation is the administrators' to watch and act on (issue 48 item 5).
  const admin = user?.role === 'admin';
  const rekonsiliasi = useQuery({ ...rekonsiliasiQuery, enabled: admin });
  const failed = [portfolio, activities, monthly].find((q) => q.isError);
  const refreshing = [portfolio, activities, monthly].some((q) => q.isFetching);
  const now = portfolio.data?.sekarang;
  const before = portfolio.data?.akhir_bulan_lalu ?? null;
  const loading = portfolio.isPending;
  /** A card's figure now, written as `format`, and its change since the end of last month (a ratio's rise is bad). */
  const figure = (field: FigureField, format: FigureFormat) => ({
    value: written[format](now?.[field]),
    loading,
    comparison: {
      now: now ? now[field] : null,
      before: before ? before[field] : null,
      kind: format === 'persen' ? 'rasio' : 'jumlah',
      direction: format === 'persen' ? 'naik-buruk' : 'naik-baik',
    } satisfies Comparison,
  });

  // One toast per failure, not one per render.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (failed?.error && reported.current !== failed.error) {
      reported.current = failed.error;
      showToast('Gagal memuat data dashboard', 'error');
    }
  }, [failed?.error, showToast]);

  const refresh = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: dashboardKey }),
      admin ? queryClient.refetchQueries({ queryKey: rekonsiliasiKey }) : null,
    ]);
    if (
      !queryClient
        .getQueryCache()
        .findAll({ queryKey: dashboardKey })
        .some((q) => q.state.status === 'error')
    ) {
      showToast('Data berhasil diperbarui', 'success');
    }
  };

  return (
    <>
      <PageHeader
        title={`Assalamu'alaikum, ${user?.nama_lengkap || user?.username || ''}`}
        subtitle="Ringkasan pembiayaan dan aktivitas terbaru."
        actions={<RefreshButton onClick={() => void refresh()} refreshing={refreshing} />}
      />
      {failed ? (
        <QueryError title="Gagal memuat data dashboard" error={failed.error} className="mb-5" onRetry={() => void refresh()} />
      ) : null}
      {admin && rekonsiliasi.data ? <RekonsiliasiNotice run={rekonsiliasi.data} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map(({ title, field, format, Icon }) => (
          <StatCard
            key={field}
            title={title}
            icon={<Icon className="h-5 w-5" />}
            {...figure(field, format)}
            detail={details[field]?.(now)}
          />
        ))}
      </div>
      <div className="mt-6">
        <PortfolioChart now={now} history={portfolio.data?.riwayat} loading={loading} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <MonthlyPaymentsChart data={monthly.data} loading={monthly.isPending} />
        </div>
        <div className="lg:col-span-2">
          <ActivityList activities={activities.data} loading={activities.isPending} />
        </div>
      </div>
    </>
  );
}
