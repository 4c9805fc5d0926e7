import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, Role, StaffUser } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: async () => (await apiRequest<StaffUser[]>('/users')).data,
});

export const useUsers = (enabled: boolean) => useQuery({ ...usersQuery, enabled });

function useUsersMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQuery.queryKey }) });
}

export const useRegisterUser = () =>
  useUsersMutation((input: RegisterInput) => apiRequest('/auth/register', { method: 'POST', body: input }));
export const useChangeRole = () =>
  useUsersMutation(({ id, role }: { id: number; role: Role }) =>
    apiRequest(`/users/${id}/role`, { method: 'PUT', body: { role } }),
  );
export const useSetActive = () =>
  useUsersMutation(({ id, is_active }: { id: number; is_active: boolean }) =>
    apiRequest(`/users/${id}/status`, { method: 'PUT', body: { is_active } }),
  );
export const useResetPassword = () =>
  useUsersMutation(({ id, new_password }: { id: number; new_password: string }) =>
    apiRequest(`/users/${id}/password`, { method: 'PUT', body: { new_password } }),
  );
