import { jenisPembayaran, pembayaranSortKeys } from '@mizan/core';
import { idParam, intParam, oneOfParam, sortParams, useUrlFilters } from '../../../lib/use-url-filters';
import { defaultPembayaranFilters, type PembayaranFilters, type Period } from '../types';

const periods: readonly Period[] = ['bulan-ini', 'bulan-lalu', 'custom'];

/** Search parameters the list page reads for something other than its filters (the quick action). */
const ACTION_PARAMS = ['tambah', 'pinjaman_id'] as const;

/** A month and a year mean something only in a custom period. */
const customOnly = (f: PembayaranFilters): PembayaranFilters => (f.period === 'custom' ? f : { ...f, month: null, year: null });

/**
 * The list's period, filters and sort, kept in the address (?period=&month=&year=&jenis=&pinjaman=
 * &sortBy=&sortOrder=) so that the back button from a detail page returns to the same list.
 * Unknown values fall back to the defaults (the current month).
 */
export function usePembayaranFilters() {
  return useUrlFilters<PembayaranFilters>(
    defaultPembayaranFilters,
    {
      period: oneOfParam(periods),
      month: intParam(1, 12),
      year: intParam(2000, 2100),
      jenis: oneOfParam(['all', ...jenisPembayaran] as const),
      pinjamanId: idParam,
      ...sortParams(pembayaranSortKeys),
    },
    { keep: ACTION_PARAMS, names: { pinjamanId: 'pinjaman' }, normalize: customOnly },
  );
}
