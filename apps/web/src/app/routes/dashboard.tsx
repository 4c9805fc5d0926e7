import { useEffect, useRef } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Users, Wallet, Banknote, Landmark, TriangleAlert, Clock3 } from 'lucide-react';
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

export default function DashboardPage() {
  const { user } = useAuth();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [portfolio, activities, monthly] = useQueries({ queries: [portfolioQuery, activitiesQuery(10), monthlyPaymentsQuery] });
  const failed = [portfolio, activities, monthly].find((q) => q.isError);
  const refreshing = [portfolio, activities, monthly].some((q) => q.isFetching);
  const now = portfolio.data?.sekarang;
  const before = portfolio.data?.akhir_bulan_lalu ?? null;
  /** A card's figure now and at the end of last month. */
  const compare = (
    pick: (p: PortfolioPosition) => number | null,
    kind: Comparison['kind'],
    direction: Comparison['direction'] = 'naik-baik',
  ): Comparison => ({ now: now ? pick(now) : null, before: before ? pick(before) : null, kind, direction });
  const loading = portfolio.isPending;

  // One toast per failure, not one per render.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (failed?.error && reported.current !== failed.error) {
      reported.current = failed.error;
      showToast('Gagal memuat data dashboard', 'error');
    }
  }, [failed?.error, showToast]);

  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: dashboardKey });
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
      {failed ? <QueryError title="Gagal memuat data dashboard" error={failed.error} className="mb-5" /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title="Total Nasabah"
          value={(now?.jumlah_nasabah ?? 0).toLocaleString('id-ID')}
          icon={<Users className="h-5 w-5" />}
          loading={loading}
          comparison={compare((p) => p.jumlah_nasabah, 'jumlah')}
        />
        <StatCard
          title="Pinjaman Aktif"
          value={(now?.pinjaman_aktif ?? 0).toLocaleString('id-ID')}
          icon={<Wallet className="h-5 w-5" />}
          loading={loading}
          comparison={compare((p) => p.pinjaman_aktif, 'jumlah')}
        />
        <StatCard
          title="Total Nilai Pinjaman"
          value={formatRupiah(now?.nilai_pinjaman_aktif ?? 0)}
          icon={<Banknote className="h-5 w-5" />}
          loading={loading}
          comparison={compare((p) => p.nilai_pinjaman_aktif, 'jumlah')}
        />
        <StatCard
          title="Outstanding"
          value={formatRupiah(now?.outstanding ?? 0)}
          detail={now ? `Sisa pokok ${now.jumlah_pinjaman.toLocaleString('id-ID')} pinjaman aktif` : undefined}
          icon={<Landmark className="h-5 w-5" />}
          loading={loading}
          comparison={compare((p) => p.outstanding, 'jumlah')}
        />
        <StatCard
          title="NPF"
          value={now?.npf_gross == null ? '-' : formatPercent(now.npf_gross)}
          detail={now?.npf_net == null ? 'Belum ada pembiayaan berjalan' : `NPF net ${formatPercent(now.npf_net)}`}
          icon={<TriangleAlert className="h-5 w-5" />}
          loading={loading}
          comparison={compare((p) => p.npf_gross, 'rasio', 'naik-buruk')}
        />
        <StatCard
          title="PAR 30"
          value={now?.par30 == null ? '-' : formatPercent(now.par30)}
          detail={now ? `${formatRupiah(now.outstanding_par30)} menunggak > 30 hari` : undefined}
          icon={<Clock3 className="h-5 w-5" />}
          loading={loading}
          comparison={compare((p) => p.par30, 'rasio', 'naik-buruk')}
        />
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
