import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
