import { sortKeyLabels, sortOptionsOf } from '@mizan/core';
import type { TipePinjaman, TunggakanListQuery } from '@mizan/core';

export type { Tunggakan, TunggakanSummary } from '@mizan/core';

export type TunggakanSortKey = TunggakanListQuery['sortBy'];
export type KolektibilitasFilter = 'all' | '1' | '2' | '3' | '4' | '5';

/** What the Tunggakan list filters and sorts by (issue 23), kept in the address. */
export interface TunggakanFilters {
  search: string;
  kolektibilitas: KolektibilitasFilter;
  tipe: 'all' | TipePinjaman;
  kota: string;
  kecamatan: string;
  /** At least this many days past due; null for any. */
  minHari: number | null;
  sortBy: TunggakanSortKey;
  sortOrder: 'asc' | 'desc';
}

export const defaultTunggakanFilters: TunggakanFilters = {
  search: '',
  kolektibilitas: 'all',
  tipe: 'all',
  kota: '',
  kecamatan: '',
  minHari: null,
  sortBy: 'hari_tunggakan',
  sortOrder: 'desc',
};

/** The keys the Sort dialog offers, with their labels. */
export const tunggakanSortOptions: readonly { value: TunggakanSortKey; label: string }[] = sortOptionsOf(
  sortKeyLabels.tunggakan,
  ['hari_tunggakan', 'tunggakan_total', 'jatuh_tempo', 'nama'] as const,
);
