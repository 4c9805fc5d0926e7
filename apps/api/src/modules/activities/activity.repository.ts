import { sql, type Kysely } from 'kysely';
import type { DB, NewActivity } from '../../db/schema';
import { pageWindow } from '../../db/paging';

/**
 * Writes the activities of reaction `reactionId`, dated `createdAt`, unless it wrote them before (a
 * reaction run again): one statement, the check included.
 */
export async function insertActivitiesOfReaction(
  db: Kysely<DB>,
  reactionId: number,
  createdAt: Date,
  activities: readonly Omit<NewActivity, 'reaction_id' | 'created_at'>[],
) {
  if (activities.length === 0) return;
  await sql`
    insert into activities (type, description, category, status, amount, entity_type, entity_id, user_id, reaction_id, created_at)
    select r.type, r.description, r.category, coalesce(r.status, 'selesai'), r.amount, r.entity_type, r.entity_id, r.user_id,
      ${reactionId}, ${createdAt}
    from rows from (jsonb_to_recordset(${JSON.stringify(activities)}::jsonb)
        as (type text, description text, category text, status text, amount bigint, entity_type text, entity_id int, user_id int))
      with ordinality as r(type, description, category, status, amount, entity_type, entity_id, user_id, n)
    where not exists (select 1 from activities a where a.reaction_id = ${reactionId})
    order by r.n`.execute(db);
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
