import type { ExpressionBuilder, Kysely } from 'kysely';
import type { NotificationRecipientCreateInput, NotificationRecipientListQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { nameOrPhoneCondition } from '../../db/search';
import { pageWindow } from '../../db/paging';

/**
 * Name (case-insensitive) or phone number. Numbers are stored as 62…, so a search typed the
 * local way (08…) also looks for its 62… form.
 */
function searchCondition(search: string) {
  return (eb: ExpressionBuilder<DB, 'wa_recipients'>) =>
    nameOrPhoneCondition(eb, { name: eb.ref('name'), phone: eb.ref('phone_number') }, search);
}

function filtered(db: Kysely<DB>, query: Pick<NotificationRecipientListQuery, 'search' | 'status'>) {
  let builder = db.selectFrom('wa_recipients');
  if (query.status) builder = builder.where('status', '=', query.status);
  if (query.search) builder = builder.where(searchCondition(query.search));
  return builder;
}

/** One page, newest first, and the number of all that match. */
export async function listRecipients(db: Kysely<DB>, query: NotificationRecipientListQuery) {
  const rows = await filtered(db, query)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$call((builder) => pageWindow(builder, query))
    .execute();
  const { total } = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export function listActiveRecipients(db: Kysely<DB>) {
  return db.selectFrom('wa_recipients').selectAll().where('status', '=', 'active').orderBy('name').orderBy('id').execute();
}

export function findRecipient(db: Kysely<DB>, id: number) {
  return db.selectFrom('wa_recipients').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRecipientByPhone(db: Kysely<DB>, phone: string) {
  return db.selectFrom('wa_recipients').select(['id']).where('phone_number', '=', phone).executeTakeFirst();
}

export function insertRecipient(db: Kysely<DB>, input: NotificationRecipientCreateInput) {
  return db.insertInto('wa_recipients').values(input).returningAll().executeTakeFirstOrThrow();
}

export function updateRecipient(db: Kysely<DB>, id: number, input: NotificationRecipientCreateInput) {
  return db
    .updateTable('wa_recipients')
    .set({ ...input, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRecipient(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('wa_recipients').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
