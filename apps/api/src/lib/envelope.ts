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
