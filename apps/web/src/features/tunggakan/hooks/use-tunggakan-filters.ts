import { tunggakanSortKeys } from '@mizan/core';
import { intParam, oneOfParam, sortParams, textParam, tipeParam, useUrlFilters } from '../../../lib/use-url-filters';
import { defaultTunggakanFilters, type TunggakanFilters } from '../types';

const codecs = {
  search: textParam,
  kolektibilitas: oneOfParam<TunggakanFilters['kolektibilitas']>(['all', '1', '2', '3', '4', '5']),
  tipe: tipeParam,
  kota: textParam,
  kecamatan: textParam,
  minHari: intParam(1, 36_500),
  ...sortParams(tunggakanSortKeys),
};

/**
 * The Tunggakan list's filters and sort, kept in the address (?kolektibilitas=&tipe=&kota=
 * &kecamatan=&minHari=&search=&sortBy=&sortOrder=), so that Back from a loan returns to the same
 * list, as on the other lists.
 */
export function useTunggakanFilters() {
  return useUrlFilters<TunggakanFilters>(defaultTunggakanFilters, codecs);
}
