import { sortKeyLabels, sortOptionsOf } from '@mizan/core';
import type { JenisPembayaran, PembayaranListQuery } from '@mizan/core';

export type { Pembayaran, PembayaranDetail, PembayaranStats, Pinjaman } from '@mizan/core';

export type PembayaranSortKey = PembayaranListQuery['sortBy'];

/** The period switch of spec §2: this month, last month, or a chosen month and/or year. */
export type Period = 'bulan-ini' | 'bulan-lalu' | 'custom';

/** What the payment list filters and sorts by; the statistics use the same period and filters. */
export interface PembayaranFilters {
  period: Period;
  /** Month 1–12 of the custom period, or null for every month. */
  month: number | null;
  /** Year of the custom period, or null for every year. */
  year: number | null;
  jenis: 'all' | JenisPembayaran;
  /** A loan id, or null for every loan. */
  pinjamanId: number | null;
  sortBy: PembayaranSortKey;
  sortOrder: 'asc' | 'desc';
}

/** Spec §2, §9: the current month, every kind and loan, newest payment date first. */
export const defaultPembayaranFilters: PembayaranFilters = {
  period: 'bulan-ini',
  month: null,
  year: null,
  jenis: 'all',
  pinjamanId: null,
  sortBy: 'tanggal',
  sortOrder: 'desc',
};

/** The payment sort keys of spec §9 with their Indonesian labels. */
export const pembayaranSortOptions: readonly { value: PembayaranSortKey; label: string }[] = sortOptionsOf(
  sortKeyLabels.pembayaran,
  ['tanggal', 'jumlah', 'jenis', 'nasabah', 'created_at'] as const,
);
