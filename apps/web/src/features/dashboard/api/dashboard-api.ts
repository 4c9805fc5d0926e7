import { queryOptions } from '@tanstack/react-query';
import type { PortfolioOverview } from '@mizan/core';
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

/** Key shared by every dashboard query, so Refresh can refetch them together. */
export const dashboardKey = ['dashboard'] as const;

/** The portfolio now, at the end of last month and at the last 12 month-ends (issue 23). */
export const portfolioQuery = queryOptions({
  queryKey: [...dashboardKey, 'portfolio'],
  queryFn: async () => (await apiRequest<PortfolioOverview>('/dashboard/portfolio')).data,
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
