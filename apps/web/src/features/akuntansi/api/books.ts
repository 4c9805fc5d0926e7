import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExportFormat } from '@mizan/core';
import { apiDownload, apiRequest, EXPORT_TIMEOUT_MS, type Query } from '../../../lib/api-client';

/** GET /akuntansi/<name>: one of the books' reads for its filters; the one on screen stays while the next loads. */
export const booksQuery = <T>(name: string, query: Query) =>
  queryOptions({
    queryKey: ['akuntansi', name, query],
    queryFn: async () => {
      const answer = await apiRequest<T>(`/akuntansi/${name}`, { query });
      return { data: answer.data, pagination: answer.pagination };
    },
    placeholderData: keepPreviousData,
  });

/** GET /akuntansi/<name>/ekspor: the same read as XLSX or CSV (the server names the file). */
export const exportBooks = (name: string, query: Query, format: ExportFormat) =>
  apiDownload(`/akuntansi/${name}/ekspor`, { ...query, format }, `${name}.${format}`, EXPORT_TIMEOUT_MS);

/** GET /akuntansi/<name>.pdf: the same read as an A4 PDF (the server names the file). */
export const downloadBooksPdf = (name: string, query: Query) =>
  apiDownload(`/akuntansi/${name}.pdf`, query, `${name}.pdf`, EXPORT_TIMEOUT_MS);
