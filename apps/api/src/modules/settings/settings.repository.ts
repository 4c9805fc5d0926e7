import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The stored value of a setting; undefined when it was never set. */
export async function readSetting(db: Kysely<DB>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
