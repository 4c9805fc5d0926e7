import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { nasabahSortKeys } from '@mizan/core';
import { defaultNasabahFilters, type NasabahFilters, type NasabahSortKey, type NasabahStatusFilter } from '../types';

const isSortKey = (value: string | null): value is NasabahSortKey => nasabahSortKeys.includes(value as NasabahSortKey);
const isStatus = (value: string | null): value is NasabahStatusFilter =>
  value === 'aktif' || value === 'nonaktif' || value === 'all';

/**
 * The list's filter and sort, kept in the address (?search=&status=&sortBy=&sortOrder=) so that the
 * back button from a detail page returns to the same list. Unknown values fall back to the defaults.
 */
export function useNasabahFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<NasabahFilters>(() => {
    const sortBy = params.get('sortBy');
    const sortOrder = params.get('sortOrder');
    const status = params.get('status');
    return {
      search: params.get('search') ?? defaultNasabahFilters.search,
      status: isStatus(status) ? status : defaultNasabahFilters.status,
      sortBy: isSortKey(sortBy) ? sortBy : defaultNasabahFilters.sortBy,
      sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : defaultNasabahFilters.sortOrder,
    };
  }, [params]);

  const setFilters = useCallback(
    (next: NasabahFilters) => {
      const entries = Object.entries(next).filter(
        ([key, value]) => value !== '' && value !== defaultNasabahFilters[key as keyof NasabahFilters],
      );
      setParams(new URLSearchParams(entries), { replace: true });
    },
    [setParams],
  );

  const isDefault =
    filters.search === defaultNasabahFilters.search &&
    filters.status === defaultNasabahFilters.status &&
    filters.sortBy === defaultNasabahFilters.sortBy &&
    filters.sortOrder === defaultNasabahFilters.sortOrder;

  return { filters, setFilters, isDefault };
}
