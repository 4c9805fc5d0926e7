import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage } from '../../../lib/list-pages';
import type { Pinjaman, PinjamanFilters } from '../types';
import { pinjamanKeys } from './keys';

/** The list page requests 1000 loans per page (spec §9). */
export const PINJAMAN_PAGE_SIZE = 1000;

/** The filters and sort as query parameters: the list's and its export's. */
export const pinjamanListQuery = (filters: PinjamanFilters) => ({
  search: filters.search.trim() || undefined,
  status: filters.status === 'all' ? undefined : filters.status,
  tipe: filters.tipe === 'all' ? undefined : filters.tipe,
  nasabah_id: filters.nasabahId ?? undefined,
  sortBy: filters.sortBy,
  sortOrder: filters.sortOrder,
});

export const getPinjamanPage = (filters: PinjamanFilters, page: number, limit = PINJAMAN_PAGE_SIZE) =>
  getListPage<Pinjaman>('/pinjaman', pinjamanListQuery(filters), page, limit);

/**
 * The cumulative loan list (spec §4 Lists): page 1 first, 'Load More' appends the next page. For
 * loans, Load More is offered while the last page came back full.
 */
export function usePinjamanList(filters: PinjamanFilters, limit = PINJAMAN_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...pinjamanKeys.list(filters), limit],
    queryFn: ({ pageParam }) => getPinjamanPage(filters, pageParam, limit),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.rows.length >= last.limit ? last.page + 1 : undefined),
  });
}
