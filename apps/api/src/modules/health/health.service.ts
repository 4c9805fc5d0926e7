import type { Database } from '../../db/database';
import { reactionCounts } from '../reactions/reactions.service';
import * as repo from './health.repository';

export type OperationalFigures = repo.Figures & { reactions: Awaited<ReturnType<typeof reactionCounts>> };

/**
 * What GET /metrics reads from the database at scrape time: the WhatsApp queue, the last backup
 * and the reactions to committed events waiting or failed.
 */
export async function operationalFigures(db: Database, now: Date): Promise<OperationalFigures> {
  const [figures, reactions] = await Promise.all([repo.operationalFigures(db, now), reactionCounts(db)]);
  return { ...figures, reactions };
}
