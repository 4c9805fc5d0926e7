import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The stored logo, or undefined when none is set. */
export function readLogo(db: Kysely<DB>) {
  return db.selectFrom('lembaga_logo').select(['mime', 'data']).where('id', '=', 1).executeTakeFirst();
}

/** Stores the logo (replacing the one before). */
export async function writeLogo(db: Kysely<DB>, mime: string, data: Buffer) {
  await db
    .insertInto('lembaga_logo')
    .values({ id: 1, mime, data })
    .onConflict((oc) => oc.column('id').doUpdateSet({ mime, data, updated_at: new Date() }))
    .execute();
}

export async function deleteLogo(db: Kysely<DB>) {
  await db.deleteFrom('lembaga_logo').where('id', '=', 1).execute();
}
