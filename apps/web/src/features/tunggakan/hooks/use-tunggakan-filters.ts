import { tunggakanSortKeys } from '@mizan/core';
import { intParam, oneOfParam, textParam, useUrlFilters } from '../../../lib/use-url-filters';
import { defaultTunggakanFilters, type TunggakanFilters } from '../types';

const codecs = {
  search: textParam,
  kolektibilitas: oneOfParam<TunggakanFilters['kolektibilitas']>(['all', '1', '2', '3', '4', '5']),
  tipe: oneOfParam<TunggakanFilters['tipe']>(['all', 'pokok', 'non-pokok']),
  kota: textParam,
  kecamatan: textParam,
  minHari: intParam(1, 36_500),
  sortBy: oneOfParam(tunggakanSortKeys),
  sortOrder: oneOfParam(['asc', 'desc'] as const),
};

/**
 * The Tunggakan list's filters and sort, kept in the address (?kolektibilitas=&tipe=&kota=
 * &kecamatan=&minHari=&search=&sortBy=&sortOrder=), so that Back from a loan returns to the same
 * list, as on the other lists.
 */
export function useTunggakanFilters() {
  return useUrlFilters<TunggakanFilters>(defaultTunggakanFilters, codecs);
}
