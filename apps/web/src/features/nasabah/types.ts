import { sortKeyLabels, sortOptionsOf } from '@mizan/core';
import type { NasabahListQuery, Pembayaran, Pinjaman, StatusNasabah } from '@mizan/core';

export type { Nasabah, NasabahStats } from '@mizan/core';

export type NasabahSortKey = NasabahListQuery['sortBy'];
export type NasabahStatusFilter = 'all' | StatusNasabah;

/** What the list page filters and sorts by. */
export interface NasabahFilters {
  search: string;
  status: NasabahStatusFilter;
  sortBy: NasabahSortKey;
  sortOrder: 'asc' | 'desc';
}

export const defaultNasabahFilters: NasabahFilters = { search: '', status: 'all', sortBy: 'created_at', sortOrder: 'desc' };

/** The customer sort keys of spec §9 with their Indonesian labels. */
export const nasabahSortOptions: readonly { value: NasabahSortKey; label: string }[] = sortOptionsOf(sortKeyLabels.nasabah, [
  'nama',
  'nik',
  'telepon',
  'alamat',
  'status',
  'total_pinjaman',
  'created_at',
] as const);

/** A loan of the customer's history (GET /api/pinjaman?nasabah_id=…). */
export type NasabahLoan = Pinjaman;

/** A payment of the customer's history (GET /api/pembayaran?nasabah_id=…). */
export type NasabahPayment = Pembayaran;
