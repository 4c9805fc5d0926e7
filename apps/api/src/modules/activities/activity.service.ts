import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordReactions, type ReactionHandler } from '../reactions/reactions.service';
import { insertActivitiesOfReaction } from './activity.repository';

/** The newest activities (the dashboard's list). */
export { listActivities } from './activity.repository';

export interface ActivityInput {
  /** e.g. 'nasabah.create', 'pinjaman.delete', 'pembayaran.update', 'kwitansi.delete' */
  type: string;
  /** Indonesian sentence shown under Aktivitas Terbaru. */
  description: string;
  category: 'pinjaman' | 'pembayaran' | 'other';
  amount?: number | null;
  entityType?: string;
  entityId?: number;
  userId: number | null;
  status?: string;
}

const activityRow = (input: ActivityInput) => ({
  type: input.type,
  description: input.description.slice(0, 500),
  category: input.category,
  status: input.status ?? 'selesai',
  amount: input.amount ?? null,
  entity_type: input.entityType ?? null,
  entity_id: input.entityId ?? null,
  user_id: input.userId,
});

/** The reaction that writes recorded activities into the feed. */
const ACTIVITY_REACTION = 'aktivitas';
/** Activities per reaction (an import records thousands). */
const PER_REACTION = 1000;

/**
 * Records who did what, inside the transaction of the change itself: as a reaction (issue 47), so
 * that the feed row is written after the commit and a failure of it never fails the change. The
 * reaction row commits with the change, so the activity is neither lost nor told of a change that
 * rolled back; it is dated when the change committed.
 */
export async function recordActivity(trx: Kysely<DB>, input: ActivityInput) {
  await recordActivities(trx, [input]);
}

/** Records many activities (an import, issue 26 C), 1 000 per reaction, in the caller's transaction. */
export async function recordActivities(trx: Kysely<DB>, inputs: readonly ActivityInput[]) {
  const reactions = [];
  for (let start = 0; start < inputs.length; start += PER_REACTION)
    reactions.push({ kind: ACTIVITY_REACTION, payload: inputs.slice(start, start + PER_REACTION).map(activityRow) });
  await recordReactions(trx, reactions);
}

/**
 * The reaction writing activities into the feed (`activities`), dated when their change committed;
 * a reaction run again writes nothing twice (its rows carry its id).
 */
export const activityReactions: Record<string, ReactionHandler> = {
  [ACTIVITY_REACTION]: async (trx, payload, { id, recordedAt }) => {
    await insertActivitiesOfReaction(trx, id, recordedAt, payload as ReturnType<typeof activityRow>[]);
  },
};
