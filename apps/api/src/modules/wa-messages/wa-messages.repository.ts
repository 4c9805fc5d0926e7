import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { addDays, jakartaInstant, type WaMessageListQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { nameOrPhoneCondition } from '../../db/search';
import { DELIVERED_STATUSES } from '../../lib/whatsapp';

const columns = [
  'id',
  'jenis',
  'acara',
  'nama',
  'phone_number',
  'text',
  'status',
  'attempts',
  'error',
  'created_at',
  'updated_at',
] as const;

/** The recipient's name (case-insensitive) or number; a number typed the local way (08…) also finds its 62… form. */
function searchCondition(search: string) {
  return (eb: ExpressionBuilder<DB, 'wa_messages'>) =>
    nameOrPhoneCondition(eb, { name: eb.ref('nama'), phone: eb.ref('phone_number') }, search);
}

function filtered(db: Kysely<DB>, query: Omit<WaMessageListQuery, 'page' | 'limit'>) {
  let builder = db.selectFrom('wa_messages');
  if (query.jenis) builder = builder.where('jenis', '=', query.jenis);
  if (query.status) builder = builder.where('status', '=', query.status);
  // Days are Jakarta days: from the start of `dari` to the start of the day after `sampai`.
  if (query.dari) builder = builder.where('created_at', '>=', jakartaInstant(query.dari, 0, 0));
  if (query.sampai) builder = builder.where('created_at', '<', jakartaInstant(addDays(query.sampai, 1), 0, 0));
  if (query.search) builder = builder.where(searchCondition(query.search));
  return builder;
}

/** One page, newest first, and whether more follow (one row more is read; nothing is counted). */
export async function listMessages(db: Kysely<DB>, query: WaMessageListQuery) {
  let page = filtered(db, query)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1);
  if (query.page > 1) page = page.offset((query.page - 1) * query.limit);
  const rows = await page.execute();
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/**
 * One batch of the message log's export, newest first: the messages after the last one read
 * (its `created_at` and id), which the log's index on `created_at` finds at once however deep the
 * export has gone (an OFFSET would walk every message before it). The time is carried as text to
 * the microsecond (`__key`): a JavaScript Date keeps milliseconds, and messages within the same
 * millisecond would be skipped.
 */
export function messagesBatch(
  db: Kysely<DB>,
  query: Omit<WaMessageListQuery, 'page' | 'limit'>,
  limit: number,
  after: { key: string; id: number } | null,
) {
  return filtered(db, query)
    .select(columns)
    .select(sql<string>`created_at::text`.as('__key'))
    .$if(after !== null, (qb) => qb.where(sql<SqlBool>`(created_at, id) < (${after!.key}::timestamptz, ${after!.id})`))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findMessage(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('wa_messages')
    .select([...columns, 'pinjaman_id', 'angsuran_ke'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Today's (`tanggal`, a Jakarta day) sent and failed messages, through the log's index on
 * `created_at`, and the notifications and today's reminders waiting now, each through its sender's
 * queue index (one count each: an `in` over both kinds would read the whole log).
 */
export async function summary(db: Kysely<DB>, tanggal: string) {
  const queued = (jenis: 'notifikasi' | 'pengingat') => {
    let query = db
      .selectFrom('wa_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'QUEUED')
      .where('jenis', '=', jenis);
    if (jenis === 'pengingat') query = query.where('untuk_tanggal', '>=', tanggal);
    return query.executeTakeFirstOrThrow();
  };
  const [today, notifications, reminders] = await Promise.all([
    db
      .selectFrom('wa_messages')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('status', 'in', DELIVERED_STATUSES).as('terkirim'),
        eb.fn.countAll<number>().filterWhere('status', 'in', ['FAILED', 'UNCERTAIN']).as('gagal'),
      ])
      .where('created_at', '>=', jakartaInstant(tanggal, 0, 0))
      .where('created_at', '<', jakartaInstant(addDays(tanggal, 1), 0, 0))
      .executeTakeFirstOrThrow(),
    queued('notifikasi'),
    queued('pengingat'),
  ]);
  return {
    terkirim: Number(today.terkirim),
    gagal: Number(today.gagal),
    menunggu: Number(notifications.n) + Number(reminders.n),
  };
}
