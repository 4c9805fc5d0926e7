import { apiDownload, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';
import type { NasabahFilters } from '../types';
import { nasabahListQuery } from './get-nasabah-list';

/** GET /nasabah/ekspor: every customer the list's filters select, in its order, as XLSX or CSV. */
export const exportNasabah = (filters: NasabahFilters, format: 'xlsx' | 'csv') =>
  apiDownload('/nasabah/ekspor', { ...nasabahListQuery(filters), format }, `nasabah.${format}`, EXPORT_TIMEOUT_MS);
