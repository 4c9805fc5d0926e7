import { useEffect, useRef } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Users, Wallet, Banknote } from 'lucide-react';
import { formatRupiah } from '@mizan/core';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Alert } from '../../components/ui/alert';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import {
  activitiesQuery,
  dashboardKey,
  dashboardStatsQuery,
  monthlyPaymentsQuery,
} from '../../features/dashboard/api/dashboard-api';
import { StatCard } from '../../features/dashboard/components/stat-card';
import { ActivityList } from '../../features/dashboard/components/activity-list';
import { MonthlyPaymentsChart } from '../../features/dashboard/components/monthly-payments-chart';

export default function DashboardPage() {
  const { user } = useAuth();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [stats, activities, monthly] = useQueries({ queries: [dashboardStatsQuery, activitiesQuery(10), monthlyPaymentsQuery] });
  const failed = [stats, activities, monthly].find((q) => q.isError);
  const refreshing = [stats, activities, monthly].some((q) => q.isFetching);

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
        actions={
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {failed ? (
        <Alert tone="error" title="Gagal memuat data dashboard" className="mb-5">
          {errorMessage(failed.error, 'Terjadi kesalahan. Silakan coba lagi.')}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          title="Total Nasabah"
          value={String(stats.data?.totalNasabah ?? 0)}
          icon={<Users className="h-5 w-5" />}
          loading={stats.isPending}
        />
        <StatCard
          title="Pinjaman Aktif"
          value={String(stats.data?.pinjamanAktif ?? 0)}
          icon={<Wallet className="h-5 w-5" />}
          loading={stats.isPending}
        />
        <StatCard
          title="Total Nilai Pinjaman"
          value={formatRupiah(stats.data?.totalNilaiPinjaman ?? 0)}
          icon={<Banknote className="h-5 w-5" />}
          loading={stats.isPending}
        />
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
