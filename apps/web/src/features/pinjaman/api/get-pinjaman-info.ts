import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PinjamanInfo } from '../types';
import { pinjamanKeys } from './keys';

/** Next nomor_pinjaman and urutan_pinjaman for a customer (decisions §3). */
export async function getPinjamanInfo(nasabahId: number) {
  return (await apiRequest<PinjamanInfo>(`/pinjaman/info/${nasabahId}`)).data;
}

/** The loan info of the customer chosen in the add form; a failure is only logged (spec §8). */
export function usePinjamanInfo(nasabahId: number | null) {
  return useQuery({
    queryKey: pinjamanKeys.info(nasabahId ?? 0),
    queryFn: async () => {
      try {
        return await getPinjamanInfo(nasabahId!);
      } catch (error) {
        console.error('Gagal mengambil info pinjaman', error);
        return null;
      }
    },
    enabled: nasabahId !== null,
    staleTime: 0,
  });
}
