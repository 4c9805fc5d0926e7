import { nasabahSortKeys } from '@mizan/core';
import { oneOfParam, sortParams, textParam, useUrlFilters } from '../../../lib/use-url-filters';
import { defaultNasabahFilters, type NasabahFilters, type NasabahStatusFilter } from '../types';

const codecs = {
  search: textParam,
  status: oneOfParam<NasabahStatusFilter>(['all', 'aktif', 'nonaktif']),
  ...sortParams(nasabahSortKeys),
};

/**
 * The customer list's filter and sort, kept in the address (?search=&status=&sortBy=&sortOrder=)
 * so that the back button from a detail page returns to the same list.
 */
export function useNasabahFilters() {
  return useUrlFilters<NasabahFilters>(defaultNasabahFilters, codecs);
}
