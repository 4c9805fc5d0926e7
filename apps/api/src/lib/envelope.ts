import { z } from 'zod';

/** Response schema of a successful envelope around `data` (decisions §2). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** Response schema of a paginated list envelope. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.array(item),
    meta: z.object({
      pagination: z.object({
        page: z.number(),
        limit: z.number(),
        total: z.number(),
        totalPages: z.number(),
        sortBy: z.string(),
        sortOrder: z.enum(['asc', 'desc']),
      }),
    }),
  });
}

/** The `meta.pagination` block of a list answer: the page asked for, and how many pages `total` rows make. */
export function paginationOf(
  query: { page: number; limit: number; sortBy: string; sortOrder: 'asc' | 'desc' },
  total: number,
): { page: number; limit: number; total: number; totalPages: number; sortBy: string; sortOrder: 'asc' | 'desc' } {
  const { page, limit, sortBy, sortOrder } = query;
  return { page, limit, total, totalPages: Math.ceil(total / limit), sortBy, sortOrder };
}

/** A list route's answer (the `listEnvelope` shape): the page's rows, and its pagination under `meta`. */
export function listAnswer<T, P>(list: { data: T[]; pagination: P }) {
  return { success: true as const, data: list.data, meta: { pagination: list.pagination } };
}
