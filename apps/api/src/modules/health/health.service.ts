import type { Database } from '../../db/database';
import * as repo from './health.repository';

export type OperationalFigures = repo.Figures;

/** What GET /metrics reads from the database at scrape time: the WhatsApp queue and the last backup. */
export function operationalFigures(db: Database, now: Date): Promise<OperationalFigures> {
  return repo.operationalFigures(db, now);
}
