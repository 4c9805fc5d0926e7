import type { NasabahFilters } from '../types';

/** Query keys of the customer feature; every mutation invalidates `nasabahKeys.all`. */
export const nasabahKeys = {
  all: ['nasabah'] as const,
  lists: () => [...nasabahKeys.all, 'list'] as const,
  list: (filters: NasabahFilters) => [...nasabahKeys.lists(), filters] as const,
  stats: () => [...nasabahKeys.all, 'stats'] as const,
  detail: (id: number) => [...nasabahKeys.all, 'detail', id] as const,
  history: (id: number) => [...nasabahKeys.all, 'history', id] as const,
};
