import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, ProfileUpdateInput, User } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) =>
      (await apiRequest<{ user: User }>('/auth/profile', { method: 'PUT', body: input })).data.user,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<null>('/auth/change-password', { method: 'PUT', body: input }),
  });
}
