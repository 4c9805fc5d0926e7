import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest, type Query } from './api-client';

/** One page of a list: its rows, which page it is, the page size asked for and all matching rows. */
interface ListPage<T> {
  rows: T[];
  page: number;
  limit: number;
  total: number;
}

/** GET one page of a list endpoint (`page` and `limit`, then the list's own filters); the total falls back to the rows'. */
export async function getListPage<T>(path: string, query: Query, page: number, limit: number): Promise<ListPage<T>> {
  const { data, pagination } = await apiRequest<T[]>(path, { query: { page, limit, ...query } });
  return { rows: data, page, limit, total: pagination?.total ?? data.length };
}

/** Spec §4: Load More appears while the current page is below ceil(total / limit). */
function nextPageByTotal(last: { page: number; limit: number; total: number }): number | undefined {
  return last.page < Math.ceil(last.total / last.limit) ? last.page + 1 : undefined;
}

/** A list loaded page by page (page 1 first, 'Load More' appends the next) while the total says more remain. */
export function pagesByTotalOptions<T>(queryKey: QueryKey, getPage: (page: number) => Promise<ListPage<T>>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageByTotal,
  });
}
