import type { ExpressionBuilder, Kysely } from 'kysely';
import { addDays, jakartaInstant, type WaMessageListQuery } from '@mizan/core';
import type { DB } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { pageWindow } from '../../db/paging';
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
  return (eb: ExpressionBuilder<DB, 'wa_messages'>) => {
    const conditions = [eb('nama', 'ilike', containsPattern(search)), eb('phone_number', 'like', containsPattern(search))];
    const digits = search.replace(/[\s\-.()+]/g, '');
    if (/^0\d+$/.test(digits)) conditions.push(eb('phone_number', 'like', `62${digits.slice(1)}%`));
    else if (/^\d+$/.test(digits) && digits !== search) conditions.push(eb('phone_number', 'like', containsPattern(digits)));
    return eb.or(conditions);
  };
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

/** One page, newest first, and the number of all that match. */
export async function listMessages(db: Kysely<DB>, query: WaMessageListQuery) {
  const [rows, count] = await Promise.all([
    filtered(db, query)
      .select(columns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .$call((builder) => pageWindow(builder, query))
      .execute(),
    filtered(db, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findMessage(db: Kysely<DB>, id: number) {
  return db.selectFrom('wa_messages').select(columns).where('id', '=', id).executeTakeFirst();
}

/** Today's (`tanggal`, a Jakarta day) sent and failed messages, and every message waiting now. */
export async function summary(db: Kysely<DB>, tanggal: string) {
  const from = jakartaInstant(tanggal, 0, 0);
  const to = jakartaInstant(addDays(tanggal, 1), 0, 0);
  const row = await db
    .selectFrom('wa_messages')
    .select((eb) => {
      const today = eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]);
      return [
        eb.fn
          .countAll<number>()
          .filterWhere(eb.and([today, eb('status', 'in', DELIVERED_STATUSES)]))
          .as('terkirim'),
        eb.fn
          .countAll<number>()
          .filterWhere(eb.and([today, eb('status', 'in', ['FAILED', 'UNCERTAIN'])]))
          .as('gagal'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'QUEUED').as('menunggu'),
      ];
    })
    // The newest rows through the log's index (created_at), and the waiting ones through the queue's.
    .where((eb) => eb.or([eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]), eb('status', '=', 'QUEUED')]))
    .executeTakeFirstOrThrow();
  return { terkirim: Number(row.terkirim), gagal: Number(row.gagal), menunggu: Number(row.menunggu) };
}
