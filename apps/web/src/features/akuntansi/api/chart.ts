import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Akun, AkunCreateInput, AkunUpdateInput, PeranUpdateInput } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

/** GET /akuntansi/akun: the chart of accounts with the roles each account takes (issue 48). */
export const chartQuery = queryOptions({
  queryKey: ['akuntansi', 'akun'],
  queryFn: async () => (await apiRequest<Akun[]>('/akuntansi/akun')).data,
});

export const useChart = () => useQuery(chartQuery);

/** After a change of the chart: the chart (answered by the write) and the cash and bank accounts the forms offer. */
function useChartWrite<I>(send: (input: I) => Promise<Akun[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (chart) => {
      queryClient.setQueryData(chartQuery.queryKey, chart);
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
