import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NasabahOption } from '../types';
import { pinjamanKeys } from './keys';

/** The customer picker's choices: aktif customers, limit 100, searched locally (spec §7). */
export function useNasabahOptions(enabled = true) {
  return useQuery({
    queryKey: pinjamanKeys.nasabahOptions(),
    queryFn: async () => {
      const { data } = await apiRequest<NasabahOption[]>('/nasabah', {
        query: { status: 'aktif', limit: 100, sortBy: 'nama', sortOrder: 'asc' },
      });
      return data.map(({ id, nama, nik }) => ({ id, nama, nik }));
    },
    enabled,
  });
}
