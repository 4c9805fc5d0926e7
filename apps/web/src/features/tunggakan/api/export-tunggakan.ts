import { apiDownload, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';
import type { TunggakanFilters } from '../types';
import { tunggakanListQuery } from './get-tunggakan-list';

/** GET /tunggakan/ekspor: every loan in arrears the list's filters select, in its order, as XLSX or CSV. */
export const exportTunggakan = (filters: TunggakanFilters, format: 'xlsx' | 'csv') =>
  apiDownload('/tunggakan/ekspor', { ...tunggakanListQuery(filters), format }, `tunggakan.${format}`, EXPORT_TIMEOUT_MS);
