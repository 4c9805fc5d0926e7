import { apiDownload, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';
import type { PinjamanFilters } from '../types';
import { pinjamanListQuery } from './get-pinjaman-list';

/** GET /pinjaman/ekspor: every loan the list's filters select, in its order, as XLSX or CSV. */
export const exportPinjaman = (filters: PinjamanFilters, format: 'xlsx' | 'csv') =>
  apiDownload('/pinjaman/ekspor', { ...pinjamanListQuery(filters), format }, `pinjaman.${format}`, EXPORT_TIMEOUT_MS);
