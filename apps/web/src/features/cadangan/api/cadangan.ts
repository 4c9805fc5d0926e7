import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupRun, BackupStatusResponse } from '@mizan/core';
import { apiDownload, apiRequest } from '../../../lib/api-client';

const key = ['cadangan'] as const;

/** GET /backup/status: the schedule, a backup running, the last result, history, kept files and the reactions not done. Polled while a backup runs. */
export const backupStatusQuery = queryOptions({
  queryKey: key,
  queryFn: async () => (await apiRequest<BackupStatusResponse>('/backup/status')).data,
  refetchInterval: (query) => (query.state.data?.berjalan ? 2000 : false),
});

/** POST /backup/runs: "Backup sekarang" (the server makes it in the background). */
export function useBackupNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<BackupRun>('/backup/runs', { method: 'POST' })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** GET /backup/files/{name}: a kept backup, as a download (a large file may take minutes). */
export const downloadBackup = (name: string) =>
  apiDownload(`/backup/files/${encodeURIComponent(name)}`, undefined, name, 30 * 60_000);
