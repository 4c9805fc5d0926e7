import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** One query client for the app: no retry on client errors, short staleness for a live back office. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
