import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface Activity {
  id: number;
  type: string;
  description: string;
  category: 'pinjaman' | 'pembayaran' | 'other';
  status: string;
  amount: number | null;
  date: string;
}

export interface MonthlyPayments {
  month: number;
  year: number;
  count: number;
  total: number;
}

export interface DashboardStats {
  totalNasabah: number;
  pinjamanAktif: number;
  totalNilaiPinjaman: number;
}

/** Key shared by every dashboard query, so Refresh can refetch them together. */
export const dashboardKey = ['dashboard'] as const;

export const dashboardStatsQuery = queryOptions({
  queryKey: [...dashboardKey, 'stats'],
  queryFn: async (): Promise<DashboardStats> => {
    const [nasabah, pinjaman] = await Promise.all([
      apiRequest<{ total_nasabah: number }>('/nasabah/stats'),
      apiRequest<{ pinjaman_aktif: number; total_nilai_pinjaman: number }>('/pinjaman/stats'),
    ]);
    return {
      totalNasabah: nasabah.data.total_nasabah,
      pinjamanAktif: pinjaman.data.pinjaman_aktif,
      totalNilaiPinjaman: pinjaman.data.total_nilai_pinjaman,
    };
  },
});

export const activitiesQuery = (limit = 10) =>
  queryOptions({
    queryKey: [...dashboardKey, 'activities', limit],
    queryFn: async () => (await apiRequest<Activity[]>('/dashboard/activities', { query: { limit } })).data,
  });

export const monthlyPaymentsQuery = queryOptions({
  queryKey: [...dashboardKey, 'payments-monthly'],
  queryFn: async () => (await apiRequest<MonthlyPayments[]>('/dashboard/payments-monthly')).data,
});
