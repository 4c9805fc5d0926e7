import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getListPage } from '../../../lib/list-pages';
import type { Nasabah, NasabahFilters } from '../types';
import { nasabahKeys } from './keys';

/** The list page requests 1000 customers per page (spec §7, §9). */
export const NASABAH_PAGE_SIZE = 1000;

/** The filters and sort as query parameters: the list's and its export's. */
export const nasabahListQuery = (filters: NasabahFilters) => ({
  search: filters.search.trim() || undefined,
  status: filters.status === 'all' ? undefined : filters.status,
  sortBy: filters.sortBy,
  sortOrder: filters.sortOrder,
});

export const getNasabahPage = (filters: NasabahFilters, page: number, limit = NASABAH_PAGE_SIZE) =>
  getListPage<Nasabah>('/nasabah', nasabahListQuery(filters), page, limit);

/**
 * The cumulative customer list (spec §4 Lists): page 1 first, 'Load More' appends the next page.
 * An empty page, or one shorter than the page size, ends loading; so does reaching the total.
 */
export const nasabahListOptions = (filters: NasabahFilters) =>
  infiniteQueryOptions({
    queryKey: nasabahKeys.list(filters),
    queryFn: ({ pageParam }) => getNasabahPage(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.rows.length, 0);
      if (last.rows.length < last.limit || loaded >= last.total) return undefined;
      return last.page + 1;
    },
  });

export function useNasabahList(filters: NasabahFilters) {
  return useInfiniteQuery(nasabahListOptions(filters));
}
