import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { waKeys } from '../api/keys';

export interface WaSessionUi {
  /** The session whose QR modal was closed by hand: no automatic reopening for it. */
  qrDismissedFor: string | null;
  /** The session whose 'WhatsApp berhasil terhubung!' was shown already. */
  connectedAnnouncedFor: string | null;
}

const initial: WaSessionUi = { qrDismissedFor: null, connectedAnnouncedFor: null };

/** Screen memory kept in the query cache: it survives navigation and is cleared at logout. */
export function useWaSessionUi(): [WaSessionUi, (patch: Partial<WaSessionUi>) => void] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: waKeys.sessionUi,
    queryFn: () => queryClient.getQueryData<WaSessionUi>(waKeys.sessionUi) ?? initial,
    initialData: initial,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const update = useCallback(
    (patch: Partial<WaSessionUi>) =>
      queryClient.setQueryData<WaSessionUi>(waKeys.sessionUi, (old) => ({ ...(old ?? initial), ...patch })),
    [queryClient],
  );
  return [data, update];
}
