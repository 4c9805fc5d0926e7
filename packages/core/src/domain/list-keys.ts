/**
 * The fixed vocabulary of the lists (spec §9): page sizes, sort keys and export formats. Plain
 * values without zod, so that a page which only shows a list loads no schema code (issue 28 C);
 * schemas/list-query.ts builds the querystring schemas on them.
 */

/** Default and maximum page sizes (spec §9; decisions §2). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
export const MAX_ACTIVITY_LIMIT = 100;
export const SEARCH_MAX_LENGTH = 100;

/** Sort keys allowed per list (spec §9). */
export const nasabahSortKeys = ['nama', 'nik', 'telepon', 'alamat', 'status', 'total_pinjaman', 'created_at'] as const;
export const pinjamanSortKeys = [
  'created_at',
  'nomor_pinjaman',
  'urutan_pinjaman',
  'tanggal_pinjam',
  'nasabah',
  'jumlah',
  'persentase',
  'tipe',
  'status',
  'sisa_pokok',
  'hari_tunggakan',
] as const;
export const pembayaranSortKeys = ['tanggal', 'jumlah', 'jenis', 'nasabah', 'created_at'] as const;
export const tunggakanSortKeys = ['hari_tunggakan', 'tunggakan_total', 'nama', 'jatuh_tempo'] as const;
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** File formats of the list exports. */
export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];
