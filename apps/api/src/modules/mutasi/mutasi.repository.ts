import { sql, type Kysely } from 'kysely';
import { jurnalMutasi, mutasiPartNames, ZERO_PARTS, type JenisMutasi, type MutasiParts } from '@mizan/core';
import type { DB } from '../../db/schema';
import { nextTurn } from '../../db/job-runs';
import { journalCtes, journalResult, type SaldoMassal, type SaldoRow } from '../../db/journal-writes';

export { saldoMassal, type SaldoMassal } from '../../db/journal-writes';

/** An event to write: its parts and what it is (modules/mutasi writes every row). */
export type NewMutasi = MutasiParts & {
  pinjaman_id: number;
  /** The loan's kind: its journal posts to the murabahah receivable or the mudharabah financing. */
  tipe: 'pokok' | 'non-pokok';
  /** A reversal: the kind of the event it reverses (its journal is that event's, turned). */
  dibalik?: JenisMutasi;
  jenis: DB['mutasi_pinjaman']['jenis'];
  tanggal: string;
  pembayaran_id?: number | null;
  tazir_id?: number | null;
  tawidh_id?: number | null;
  membalik_id?: number | null;
  alasan?: string | null;
  diturunkan?: boolean;
  dicatat_oleh: number | null;
  /** The cash or bank account the event's cash moved through; null or absent: the role `kas`'s account. */
  akun_kas_id?: number | null;
};

/**
 * Rows per INSERT: one statement of arrays (unnest) per 250 rows, a turn for other requests
 * between them (PGlite runs on this thread; a row-by-row VALUES list cost half a millisecond a row).
 */
const INSERT_ROWS = 250;

const column = <K extends keyof NewMutasi>(rows: readonly NewMutasi[], key: K) => rows.map((row) => row[key] ?? null);

/**
 * Writes events in the given order (their ids follow it), each with its balanced journal (core
 * `jurnalMutasi`, issue 48) in the same statement: the event and its journal exist together or not
 * at all, and a payment pays no round trip for its books. (A back-fill writes through `eventWriter`.)
 */
export async function insertEvents(trx: Kysely<DB>, events: readonly NewMutasi[]) {
  for (let start = 0; start < events.length; start += INSERT_ROWS) {
    await insertStatement(trx, events.slice(start, start + INSERT_ROWS));
    if (start + INSERT_ROWS < events.length) await nextTurn();
  }
}

/** One statement of `insertEvents` and `eventWriter`: the rows with their journals. */
async function insertStatement(trx: Kysely<DB>, rows: readonly NewMutasi[], saldo?: SaldoMassal) {
  const parts = mutasiPartNames.map((name) => sql`${column(rows, name)}::bigint[]`);
  const names = sql.join(
    [
      'pinjaman_id',
      'jenis',
      'tanggal',
      ...mutasiPartNames,
      'pembayaran_id',
      'tazir_id',
      'tawidh_id',
      'membalik_id',
      'alasan',
      'diturunkan',
      'dicatat_oleh',
      'akun_kas_id',
    ].map((name) => sql.ref(name)),
  );
  const journals = rows.map((row, index) => ({
    urutan: index + 1,
    lines: jurnalMutasi(row.tipe, row.jenis, row, row.dibalik),
  }));
  const { rows: balances } = await sql<SaldoRow>`
    with t as (
      select nextval('mutasi_pinjaman_id_seq')::int as id, t.*
      from unnest(${column(rows, 'pinjaman_id')}::int[], ${column(rows, 'jenis')}::text[], ${column(rows, 'tanggal')}::date[],
        ${sql.join(parts)}, ${column(rows, 'pembayaran_id')}::int[], ${column(rows, 'tazir_id')}::int[], ${column(rows, 'tawidh_id')}::int[],
        ${column(rows, 'membalik_id')}::int[], ${column(rows, 'alasan')}::text[],
        ${rows.map((row) => row.diturunkan ?? false)}::boolean[], ${column(rows, 'dicatat_oleh')}::int[],
        ${column(rows, 'akun_kas_id')}::int[])
        with ordinality as t(${names}, urutan)
    ),
    m as (insert into mutasi_pinjaman (id, ${names}) select id, ${names} from t),
    ${journalCtes(journals, saldo)}
    ${journalResult(saldo)}`.execute(trx);
  saldo?.add(balances);
}

/**
 * A back-fill's writer of events that overlaps computing with writing: `push` hands it events in
 * order and returns as soon as the statement of each full `rows` is sent (the previous one
 * answered first: one statement at a time, in order), so the caller derives the next events while
 * PostgreSQL writes these; `finish` writes the rest and waits for all. A failed statement fails the
 * next `push` or `finish` (the transaction is then rolled back by its caller).
 */
export function eventWriter(trx: Kysely<DB>, options: { saldo?: SaldoMassal; rows?: number } = {}) {
  const size = options.rows ?? INSERT_ROWS;
  let buffer: NewMutasi[] = [];
  let pending: Promise<void> = Promise.resolve();
  return {
    async push(events: readonly NewMutasi[]) {
      buffer.push(...events);
      while (buffer.length >= size) {
        const rows = buffer.slice(0, size);
        buffer = buffer.slice(size);
        await pending;
        pending = insertStatement(trx, rows, options.saldo);
        // Handled when awaited; until then a failure must not count as unhandled.
        pending.catch(() => {});
        // A turn, so that the statement goes out before the caller computes again.
        await nextTurn();
      }
    },
    async finish() {
      await pending;
      if (buffer.length > 0) await insertStatement(trx, buffer, options.saldo);
      buffer = [];
    },
  };
}

/** The sum of each given loan's events, part by part, and how many it has (0: none posted yet). */
export async function postedOf(trx: Kysely<DB>, loanIds: readonly number[]) {
  const posted = new Map<number, { parts: MutasiParts; count: number }>();
  if (loanIds.length === 0) return posted;
  const { rows } = await sql<MutasiParts & { pinjaman_id: number; count: number }>`
    select pinjaman_id, count(*)::int as count,
      ${sql.join(mutasiPartNames.map((name) => sql`coalesce(sum(${sql.ref(name)}), 0)::bigint as ${sql.ref(name)}`))}
    from mutasi_pinjaman where pinjaman_id = any(${[...loanIds]}::int[]) group by pinjaman_id`.execute(trx);
  for (const row of rows) {
    const parts = { ...ZERO_PARTS };
    for (const name of mutasiPartNames) parts[name] = Number(row[name]);
    posted.set(row.pinjaman_id, { parts, count: row.count });
  }
  return posted;
}

/**
 * The event that a payment's correction or cancellation reverses: its latest payment event not
 * reversed yet (a payment moved back and forth has several, all but one reversed); a recovery's
 * on a loan written off.
 */
export function liveEventOfPayment(trx: Kysely<DB>, pembayaranId: number) {
  return trx
    .selectFrom('mutasi_pinjaman as m')
    .innerJoin('pinjaman as l', 'l.id', 'm.pinjaman_id')
    .selectAll('m')
    .select('l.tipe')
    .where('m.pembayaran_id', '=', pembayaranId)
    .where('m.jenis', 'in', ['pembayaran', 'pelunasan', 'pemulihan'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('mutasi_pinjaman as r').select('r.id').whereRef('r.membalik_id', '=', 'm.id'))))
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
}

/** A loan's events, oldest first, with who recorded them (the loan page's history). */
export function eventsOfLoan(db: Kysely<DB>, pinjamanId: number) {
  return db
    .selectFrom('mutasi_pinjaman as m')
    .leftJoin('users as u', 'u.id', 'm.dicatat_oleh')
    .leftJoin('pembayaran as p', 'p.id', 'm.pembayaran_id')
    .selectAll('m')
    .select(['u.nama_lengkap as dicatat_oleh_nama', 'p.angsuran_ke', 'p.jenis as pembayaran_jenis'])
    .where('m.pinjaman_id', '=', pinjamanId)
    .orderBy('m.id')
    .execute();
}

/** Up to `limit` loans after `afterId` in id order, locked (a write to one of them waits for the batch). */
export async function lockLoansAfter(trx: Kysely<DB>, afterId: number, limit: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('pinjaman')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** The early settlement a payment recorded, if it is one (its figures follow from its quote: it is not edited by hand). */
export function settlementOfPayment(db: Kysely<DB>, pembayaranId: number) {
  return db
    .selectFrom('pelunasan_dipercepat')
    .select(['id', 'khasm', 'margin_tidak_ditagih'])
    .where('pembayaran_id', '=', pembayaranId)
    .executeTakeFirst();
}
