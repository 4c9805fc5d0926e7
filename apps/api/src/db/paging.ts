import { sql, type SelectQueryBuilder } from 'kysely';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@mizan/core';

/**
 * Page sizes written into the statement as numbers: the API's default, the web app's (customer,
 * loan and payment lists; pickers and histories) and a few round ones. Other sizes stay
 * parameters, so the distinct statement texts (each prepared per connection: db/prepared.ts)
 * stay few whatever sizes a client asks for.
 */
const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([DEFAULT_PAGE_SIZE, 20, 50, 100, MAX_PAGE_SIZE]);

/**
 * LIMIT and OFFSET of a list page, written so that a prepared statement can be planned once.
 *
 * Why: PostgreSQL plans a LIMIT or OFFSET it cannot see (a parameter) for a tenth of the rows, so
 * the generic plan of a page query looks hundreds of times dearer than a plan for the actual
 * values and every run is planned anew. With the usual page size as a number and no OFFSET on the
 * first page, the generic plan is costed as what it is and kept, about half the time of a page
 * planned per run (docs/performance.md). Later pages
 * keep OFFSET as a parameter and are planned per run, as before.
 */
export function pageWindow<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  { page, limit }: { page: number; limit: number },
): SelectQueryBuilder<DB, TB, O> {
  const limited = builder.limit(PLANNED_PAGE_SIZES.has(limit) ? sql.lit(limit) : limit);
  return page === 1 ? limited : limited.offset((page - 1) * limit);
}

/** `offset 0` as an optimisation fence: the subquery is planned on its own, never merged into its query. */
export const FENCE_OFFSET = sql.lit(0);
