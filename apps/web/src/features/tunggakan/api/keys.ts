import type { TunggakanFilters } from '../types';

/**
 * Query keys of the Tunggakan screen. Payments and loan edits move arrears: their mutations
 * invalidate `tunggakanKeys.all` too.
 */
export const tunggakanKeys = {
  all: ['tunggakan'] as const,
  lists: () => [...tunggakanKeys.all, 'list'] as const,
  list: (filters: TunggakanFilters) => [...tunggakanKeys.lists(), filters] as const,
  summary: (filters: Omit<TunggakanFilters, 'kolektibilitas' | 'sortBy' | 'sortOrder'>) =>
    [...tunggakanKeys.all, 'summary', filters] as const,
};
