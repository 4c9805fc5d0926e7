import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { jenisPembayaran, pembayaranSortKeys, type JenisPembayaran } from '@mizan/core';
import { defaultPembayaranFilters, type PembayaranFilters, type PembayaranSortKey, type Period } from '../types';

const periods: readonly Period[] = ['bulan-ini', 'bulan-lalu', 'custom'];
const isPeriod = (value: string | null): value is Period => periods.includes(value as Period);
const isSortKey = (value: string | null): value is PembayaranSortKey => pembayaranSortKeys.includes(value as PembayaranSortKey);
const isJenis = (value: string | null): value is JenisPembayaran => jenisPembayaran.includes(value as JenisPembayaran);

function intParam(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Search parameters the list page reads for something other than its filters (the quick action). */
export const ACTION_PARAMS = ['tambah', 'pinjaman_id'] as const;

/**
 * The list's period, filters and sort, kept in the address (?period=&month=&year=&jenis=&pinjaman=
 * &sortBy=&sortOrder=) so that the back button from a detail page returns to the same list.
 * Unknown values fall back to the defaults (the current month).
 */
export function usePembayaranFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<PembayaranFilters>(() => {
    const period = params.get('period');
    const jenis = params.get('jenis');
    const sortBy = params.get('sortBy');
    const sortOrder = params.get('sortOrder');
    const custom = period === 'custom';
    return {
      period: isPeriod(period) ? period : defaultPembayaranFilters.period,
      month: custom ? intParam(params.get('month'), 1, 12) : null,
      year: custom ? intParam(params.get('year'), 2000, 2100) : null,
      jenis: isJenis(jenis) ? jenis : 'all',
      pinjamanId: intParam(params.get('pinjaman'), 1, 2_147_483_647),
      sortBy: isSortKey(sortBy) ? sortBy : defaultPembayaranFilters.sortBy,
      sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : defaultPembayaranFilters.sortOrder,
    };
  }, [params]);

  const setFilters = useCallback(
    (next: PembayaranFilters) => {
      setParams(
        (current) => {
          const out = new URLSearchParams();
          for (const key of ACTION_PARAMS) {
            const value = current.get(key);
            if (value !== null) out.set(key, value);
          }
          if (next.period !== defaultPembayaranFilters.period) out.set('period', next.period);
          if (next.period === 'custom' && next.month !== null) out.set('month', String(next.month));
          if (next.period === 'custom' && next.year !== null) out.set('year', String(next.year));
          if (next.jenis !== 'all') out.set('jenis', next.jenis);
          if (next.pinjamanId !== null) out.set('pinjaman', String(next.pinjamanId));
          if (next.sortBy !== defaultPembayaranFilters.sortBy) out.set('sortBy', next.sortBy);
          if (next.sortOrder !== defaultPembayaranFilters.sortOrder) out.set('sortOrder', next.sortOrder);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const isDefault =
    filters.period === defaultPembayaranFilters.period &&
    filters.jenis === 'all' &&
    filters.pinjamanId === null &&
    filters.sortBy === defaultPembayaranFilters.sortBy &&
    filters.sortOrder === defaultPembayaranFilters.sortOrder;

  return { filters, setFilters, isDefault };
}
