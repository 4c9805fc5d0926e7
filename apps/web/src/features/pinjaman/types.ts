import { sortKeyLabels, sortOptionsOf } from '@mizan/core';
import type { Pembayaran, PinjamanListQuery, StatusPinjamanFilter, TipePinjaman } from '@mizan/core';

export type { Pinjaman, PinjamanInfo, PinjamanStats } from '@mizan/core';

export type PinjamanSortKey = PinjamanListQuery['sortBy'];

/** What the loan list filters and sorts by (spec §9 filter options). */
export interface PinjamanFilters {
  search: string;
  status: 'all' | StatusPinjamanFilter;
  tipe: 'all' | TipePinjaman;
  /** A customer id, or null for every customer. */
  nasabahId: number | null;
  /** Name shown on the filter chip for the chosen customer. */
  nasabahNama: string | null;
  sortBy: PinjamanSortKey;
  sortOrder: 'asc' | 'desc';
}

export const defaultPinjamanFilters: PinjamanFilters = {
  search: '',
  status: 'all',
  tipe: 'all',
  nasabahId: null,
  nasabahNama: null,
  sortBy: 'created_at',
  sortOrder: 'desc',
};

/** The keys the loan Sort dialog offers (spec §9), with their labels. */
export const pinjamanSortOptions: readonly { value: PinjamanSortKey; label: string }[] = sortOptionsOf(sortKeyLabels.pinjaman, [
  'nomor_pinjaman',
  'nasabah',
  'tanggal_pinjam',
  'jumlah',
  'persentase',
  'tipe',
  'status',
  'hari_tunggakan',
] as const);

/** A customer as the pickers need it (GET /api/nasabah?status=aktif&limit=100). */
export interface NasabahOption {
  id: number;
  nama: string;
  nik: string | null;
}

/** A payment of the loan's history (GET /api/pembayaran?pinjaman_id=…). */
export type LoanPayment = Pembayaran;
