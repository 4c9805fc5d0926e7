import type { LoginInput, User } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';

export async function loginRequest(input: LoginInput) {
  const { data } = await apiRequest<{ user: User; token: string }>('/auth/login', { method: 'POST', body: input });
  return data;
}

export async function getProfile() {
  const { data } = await apiRequest<{ user: User }>('/auth/profile');
  return data.user;
}

export async function logoutRequest() {
  await apiRequest<null>('/auth/logout', { method: 'POST' });
}
