import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** How many rows `table` holds, soft-deleted ones included (what a write must or must not add). */
export async function countRows(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  // The driver answers a count as text or a bigint, depending on the database.
  return Number(row.n);
}

/** The descriptions of the activities of `type` in the feed, in the order recorded. */
export async function activityDescriptions(db: Kysely<DB>, type: string): Promise<string[]> {
  const rows = await db.selectFrom('activities').select('description').where('type', '=', type).orderBy('id').execute();
  return rows.map((row) => row.description);
}

/** The activity of `type` in the feed (the first, if the test recorded more); throws if there is none. */
export const activityOfType = (db: Kysely<DB>, type: string) =>
  db.selectFrom('activities').selectAll().where('type', '=', type).executeTakeFirstOrThrow();
