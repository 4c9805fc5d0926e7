import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { readRemembered } from '../../db/settings-cache';

/**
 * The stored value of a setting; undefined when it was never set. Remembered by the server
 * process until the database announces a change (db/settings-cache.ts).
 */
export function readSetting(db: Kysely<DB>, key: string): Promise<unknown> {
  return readRemembered(db, key, async () => {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  });
}

/** A setting with who changed it last and when; undefined when it was never set. */
export function readSettingRow(db: Kysely<DB>, key: string) {
  return db
    .selectFrom('settings')
    .leftJoin('users', 'users.id', 'settings.updated_by')
    .select(['settings.value', 'settings.updated_at', 'users.nama_lengkap', 'users.username'])
    .where('settings.key', '=', key)
    .executeTakeFirst();
}

/** Stores a setting (JSON), with the user who changed it. */
export async function writeSetting(db: Kysely<DB>, key: string, value: unknown, userId: number) {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_by: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_by: userId, updated_at: new Date() }))
    .execute();
}
