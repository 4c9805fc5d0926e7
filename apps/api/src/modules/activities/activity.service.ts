import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { insertActivities, insertActivity } from './activity.repository';

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

/** Records who did what; must run inside the transaction of the change itself. */
export async function recordActivity(trx: Kysely<DB>, input: ActivityInput) {
  await insertActivity(trx, activityRow(input));
}

/** Records many activities (an import, issue 26 C), 1 000 per statement, in the caller's transaction. */
export async function recordActivities(trx: Kysely<DB>, inputs: readonly ActivityInput[]) {
  for (let start = 0; start < inputs.length; start += 1000)
    await insertActivities(trx, inputs.slice(start, start + 1000).map(activityRow));
}
