import { apiDownload, EXPORT_TIMEOUT_MS } from '../../../lib/api-client';
import type { PembayaranListParams } from './params';

/** GET /pembayaran/ekspor: every payment the list's filters select, in its order, as XLSX or CSV. */
export const exportPembayaran = (params: PembayaranListParams, format: 'xlsx' | 'csv') =>
  apiDownload('/pembayaran/ekspor', { ...params, format }, `pembayaran.${format}`, EXPORT_TIMEOUT_MS);
