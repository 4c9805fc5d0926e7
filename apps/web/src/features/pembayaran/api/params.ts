import { currentMonthYearJakarta, previousMonth } from '@mizan/core';
import type { PembayaranFilters } from '../types';

/** The query parameters of the list and the statistics (undefined = no filter). */
export interface PembayaranStatsParams {
  month?: number;
  year?: number;
  jenis?: string;
  pinjaman_id?: number;
}

export interface PembayaranListParams extends PembayaranStatsParams {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/** The calendar month/year a period stands for: Bulan Ini and Bulan Lalu in Asia/Jakarta, or the custom choice. */
export function resolvePeriod(filters: Pick<PembayaranFilters, 'period' | 'month' | 'year'>, now: Date = new Date()) {
  if (filters.period === 'bulan-ini') return currentMonthYearJakarta(now);
  if (filters.period === 'bulan-lalu') return previousMonth(currentMonthYearJakarta(now));
  return { month: filters.month ?? undefined, year: filters.year ?? undefined };
}

/** Statistics parameters: the same period and filters as the list (so both count the same rows). */
export function statsParams(filters: PembayaranFilters, now?: Date): PembayaranStatsParams {
  const { month, year } = resolvePeriod(filters, now);
  return {
    month,
    year,
    jenis: filters.jenis === 'all' ? undefined : filters.jenis,
    pinjaman_id: filters.pinjamanId ?? undefined,
  };
}

export function listParams(filters: PembayaranFilters, now?: Date): PembayaranListParams {
  return { ...statsParams(filters, now), sortBy: filters.sortBy, sortOrder: filters.sortOrder };
}
