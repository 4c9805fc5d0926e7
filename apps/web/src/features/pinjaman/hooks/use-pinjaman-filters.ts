import { pinjamanSortKeys } from '@mizan/core';
import {
  idParam,
  oneOfParam,
  optionalTextParam,
  sortParams,
  textParam,
  tipeParam,
  useUrlFilters,
} from '../../../lib/use-url-filters';
import { defaultPinjamanFilters, type PinjamanFilters } from '../types';

const codecs = {
  search: textParam,
  status: oneOfParam<PinjamanFilters['status']>(['all', 'aktif', 'lunas', 'macet', 'pending', 'ditolak', 'hapus_buku']),
  tipe: tipeParam,
  nasabahId: idParam,
  nasabahNama: optionalTextParam,
  ...sortParams(pinjamanSortKeys),
};

/**
 * The loan list's filters and sort, kept in the address (?search=&status=&tipe=&nasabahId=
 * &nasabahNama=&sortBy=&sortOrder=) so that Back from a detail page and a reload return to the
 * same list, as on the customer and payment lists.
 */
export function usePinjamanFilters() {
  return useUrlFilters<PinjamanFilters>(defaultPinjamanFilters, codecs);
}
