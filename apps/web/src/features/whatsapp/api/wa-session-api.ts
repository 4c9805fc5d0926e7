import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaSession, WaTestResult } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { waKeys } from './keys';

/** GET /wa-sessions/status */
export async function getWaStatus(): Promise<WaSession> {
  return (await apiRequest<WaSession>('/wa-sessions/status')).data;
}

/**
 * The session data: fetched once whenever a WhatsApp screen opens (a failure is ignored and the
 * data kept), and polled while `pollMs` is set (the QR modal is open).
 */
export const waSessionQuery = (pollMs: number | false = false) =>
  queryOptions({
    queryKey: waKeys.session,
    queryFn: getWaStatus,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: 'always',
    retry: false,
    refetchInterval: pollMs,
  });

/** Keeps what the server answered as the session data (responses are complete snapshots). */
function useStoreSession() {
  const queryClient = useQueryClient();
  return (session: WaSession) => queryClient.setQueryData(waKeys.session, session);
}

function useSessionMutation(request: () => Promise<WaSession>) {
  const store = useStoreSession();
  return useMutation({ mutationFn: request, onSuccess: store });
}

/** POST /wa-sessions/create */
export const useCreateWaSession = () =>
  useSessionMutation(async () => (await apiRequest<WaSession>('/wa-sessions/create', { method: 'POST' })).data);

/** GET /wa-sessions/qr */
export const useGetWaQr = () => useSessionMutation(async () => (await apiRequest<WaSession>('/wa-sessions/qr')).data);

/** GET /wa-sessions/status, asked for by hand ('Refresh Status'): here a failure is reported. */
export const useRefreshWaStatus = () => useSessionMutation(getWaStatus);

/** DELETE /wa-sessions/logout */
export const useLogoutWaSession = () =>
  useSessionMutation(async () => (await apiRequest<WaSession>('/wa-sessions/logout', { method: 'DELETE' })).data);

/** POST /wa-sessions/simulator/scan (simulator mode only: the demo's stand-in for a phone). */
export const useSimulateWaScan = () =>
  useSessionMutation(async () => (await apiRequest<WaSession>('/wa-sessions/simulator/scan', { method: 'POST' })).data);

/**
 * POST /wa-sessions/test-message. Its Idempotency-Key makes a retry after a lost answer safe: the
 * server answers from its message log instead of sending again. Afterwards the session is asked
 * for again: a test that reached WhatsApp marks the step "Test Pesan" done.
 */
export const useSendWaTestMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    /** `headers`: the message's Idempotency-Key (`useSubmissionKey`). */
    mutationFn: async ({ message, headers }: { message: string; headers: Record<string, string> }) =>
      (await apiRequest<WaTestResult>('/wa-sessions/test-message', { method: 'POST', body: { message }, headers })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: waKeys.session });
      await queryClient.invalidateQueries({ queryKey: waKeys.messages });
    },
  });
};
