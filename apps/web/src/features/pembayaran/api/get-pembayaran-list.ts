import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pagesByTotalOptions } from '../../../lib/list-pages';
import type { Pembayaran } from '../types';
import { pembayaranKeys } from './keys';
import type { PembayaranListParams } from './params';

/** The payment list requests 1000 payments per page (spec §7, §9). */
export const PEMBAYARAN_PAGE_SIZE = 1000;

export async function getPembayaranPage(params: PembayaranListParams, page: number, limit = PEMBAYARAN_PAGE_SIZE) {
  const { data, pagination } = await apiRequest<Pembayaran[]>('/pembayaran', { query: { ...params, page, limit } });
  return { rows: data, page, limit, total: pagination?.total ?? data.length };
}

/** The cumulative payment list: page 1 replaces the list, later pages append (spec §4 Lists). */
export function usePembayaranList(params: PembayaranListParams) {
  return useInfiniteQuery(pagesByTotalOptions(pembayaranKeys.list(params), (page) => getPembayaranPage(params, page)));
}
