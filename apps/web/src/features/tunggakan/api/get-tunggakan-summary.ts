import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TunggakanFilters, TunggakanSummary } from '../types';
import { filterQuery } from './get-tunggakan-list';
import { tunggakanKeys } from './keys';

/** The loans in arrears per class, with the list's filters but the class (the class cards). */
export function useTunggakanSummary(filters: TunggakanFilters) {
  const { kolektibilitas: _k, sortBy: _s, sortOrder: _o, ...rest } = filters;
  return useQuery({
    queryKey: tunggakanKeys.summary(rest),
    queryFn: async () => (await apiRequest<TunggakanSummary>('/tunggakan/ringkasan', { query: filterQuery(rest) })).data,
  });
}
