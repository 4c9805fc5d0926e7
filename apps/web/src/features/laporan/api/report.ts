import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS, type Query } from '../../../lib/api-client';

/**
 * GET /laporan/<name>: one report for its filters (`key` in the cache, `query` in the address); the report
 * on screen stays while the next filters load. `timeoutMs` for the reports that take long to compute.
 */
export const reportQuery = <T>(name: string, key: unknown, query: Query, timeoutMs?: number) =>
  queryOptions({
    queryKey: ['laporan', name, key],
    queryFn: async () => (await apiRequest<T>(`/laporan/${name}`, { query, timeoutMs })).data,
    placeholderData: keepPreviousData,
  });

/** GET /laporan/<name>/ekspor: the report for the same filters as XLSX or CSV, saved as `<fileName>.<format>`. */
export const exportReport = (name: string, query: Query, fileName: string, format: 'xlsx' | 'csv') =>
  apiDownload(`/laporan/${name}/ekspor`, { ...query, format }, `${fileName}.${format}`, EXPORT_TIMEOUT_MS);
