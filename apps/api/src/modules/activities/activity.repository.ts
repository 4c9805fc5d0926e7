import type { Kysely } from 'kysely';
import type { DB, NewActivity } from '../../db/schema';
import { pageWindow } from '../../db/paging';

/** Whether the reaction `reactionId` already wrote its activities. */
export async function activitiesOfReactionExist(db: Kysely<DB>, reactionId: number) {
  const row = await db.selectFrom('activities').select('id').where('reaction_id', '=', reactionId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertActivities(db: Kysely<DB>, activities: readonly NewActivity[]) {
  if (activities.length > 0)
    await db
      .insertInto('activities')
      .values([...activities])
      .execute();
}

/** The newest activities first. */
export async function listActivities(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('activities')
    .select(['id', 'type', 'description', 'category', 'status', 'amount', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$call((builder) => pageWindow(builder, { page: 1, limit }))
    .execute();
}
