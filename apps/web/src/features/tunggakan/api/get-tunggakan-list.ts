import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagesByTotalOptions } from '../../../lib/list-pages';
import type { Tunggakan, TunggakanFilters } from '../types';
import { tunggakanKeys } from './keys';

/** The list requests 1000 loans per page, as the other lists (spec §9). */
export const TUNGGAKAN_PAGE_SIZE = 1000;

/** The filters as query parameters (shared by the list and the class summary). */
export function filterQuery(filters: Omit<TunggakanFilters, 'kolektibilitas' | 'sortBy' | 'sortOrder'>) {
  return {
    search: filters.search.trim() || undefined,
    tipe: filters.tipe === 'all' ? undefined : filters.tipe,
    kota: filters.kota.trim() || undefined,
    kecamatan: filters.kecamatan.trim() || undefined,
    min_hari: filters.minHari ?? undefined,
  };
}

/** The filters, class and sort as query parameters: the list's and its export's. */
export const tunggakanListQuery = (filters: TunggakanFilters) => ({
  ...filterQuery(filters),
  kolektibilitas: filters.kolektibilitas === 'all' ? undefined : filters.kolektibilitas,
  sortBy: filters.sortBy,
  sortOrder: filters.sortOrder,
});

export const getTunggakanPage = (filters: TunggakanFilters, page: number, limit = TUNGGAKAN_PAGE_SIZE) =>
  getListPage<Tunggakan>('/tunggakan', tunggakanListQuery(filters), page, limit);

/** The cumulative list of loans in arrears: page 1 first, 'Load More' appends the next page. */
export function useTunggakanList(filters: TunggakanFilters) {
  return useInfiniteQuery(pagesByTotalOptions(tunggakanKeys.list(filters), (page) => getTunggakanPage(filters, page)));
}
