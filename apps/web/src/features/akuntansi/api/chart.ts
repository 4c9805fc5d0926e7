import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Akun, AkunCreateInput, AkunUpdateInput, PeranUpdateInput } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { akunQuery } from './get-akun';

// The chart's changes (Lainnya → Bagan Akun & Pemetaan, issue 48); the chart is read as the books'
// screens read it (`akunQuery`).

export const useChart = () => useQuery(akunQuery());

/** After a change of the chart: the chart (answered by the write) and the cash and bank accounts the forms offer. */
function useChartWrite<I>(send: (input: I) => Promise<Akun[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (chart) => {
      queryClient.setQueryData(akunQuery().queryKey, chart);
      void queryClient.invalidateQueries({ queryKey: ['akuntansi'] });
    },
  });
}

export const useCreateAkun = () =>
  useChartWrite(
    async (input: AkunCreateInput) => (await apiRequest<Akun[]>('/akuntansi/akun', { method: 'POST', body: input })).data,
  );

export const useUpdateAkun = () =>
  useChartWrite(
    async ({ id, input }: { id: number; input: AkunUpdateInput }) =>
      (await apiRequest<Akun[]>(`/akuntansi/akun/${id}`, { method: 'PUT', body: input })).data,
  );

export const useMapPeran = () =>
  useChartWrite(
    async (input: PeranUpdateInput) => (await apiRequest<Akun[]>('/akuntansi/peran', { method: 'PUT', body: input })).data,
  );

export function useDeleteAkun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest<null>(`/akuntansi/akun/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['akuntansi'] }),
  });
}
