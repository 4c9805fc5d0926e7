import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { JenisMutasi, JurnalFilters, MutasiParts } from '@mizan/core';
import type { DB } from '../../db/schema';
import { journalCtes, type JurnalOfEvent } from '../../db/journal-writes';
import { selectJsonRows, sortKeyColumn } from '../../db/json-rows';
import { pageWindow } from '../../db/paging';

export { massal } from '../../db/journal-writes';

// The books' reads and the back-fill's writes (issue 48; migration 2026_12_07_0910).

/** A money event as its journal needs it. */
export type EventForJournal = MutasiParts & {
  id: number;
  pinjaman_id: number;
  jenis: JenisMutasi;
  tanggal: string;
  membalik_id: number | null;
  dicatat_oleh: number | null;
  tipe: 'pokok' | 'non-pokok';
  /** A reversal: the kind of the event it reverses. */
  dibalik: JenisMutasi | null;
  akun_kas_id: number | null;
};

/**
 * The next `limit` money events after `afterId` (id order), as an index range, and of them those
 * that have no journal yet, with what their journal needs. The range is taken first: an anti-join
 * over the whole table let the planner scan millions of rows per batch. Each event's loan, reversed
 * event and journal are then looked up through their indexes (LATERAL, LIMIT 1: never a join the
 * planner may turn into a hash of the whole table; with statistics from before the back-fill it
 * hashed every loan, event and journal for each batch, 0,4 s a batch at 10 000 customers).
 */
export async function eventsWithoutJournal(trx: Kysely<DB>, afterId: number, limit: number) {
  const { rows } = await sql<EventForJournal & { ada_jurnal: boolean }>`
    with next as (select * from mutasi_pinjaman where id > ${afterId} order by id limit ${limit})
    select m.*, l.tipe, o.jenis as dibalik, j.id is not null as ada_jurnal
    from next m
      cross join lateral (select l.tipe from pinjaman l where l.id = m.pinjaman_id limit 1) l
      left join lateral (select o.jenis from mutasi_pinjaman o where o.id = m.membalik_id limit 1) o on true
      left join lateral (select j.id from jurnal j where j.mutasi_id = m.id limit 1) j on true
    order by m.id`.execute(trx);
  return {
    events: rows.filter((r) => !r.ada_jurnal),
    lastId: rows.at(-1)?.id ?? afterId,
    scanned: rows.length,
  };
}

/**
 * Writes the journals of existing money events (the back-fill): `events[i]` is journalled with
 * `journals` entry of `urutan` i + 1.
 */
export async function insertJournalsOfEvents(
  trx: Kysely<DB>,
  events: ReadonlyArray<{
    id: number;
    tanggal: string;
    dicatat_oleh: number | null;
    membalik_id: number | null;
    akun_kas_id: number | null;
  }>,
  journals: readonly JurnalOfEvent[],
) {
  if (events.length === 0) return;
  await sql`
    with t as (
      select * from unnest(${events.map((e) => e.id)}::int[], ${events.map((e) => e.tanggal)}::date[],
        ${events.map((e) => e.dicatat_oleh)}::int[], ${events.map((e) => e.membalik_id)}::int[],
        ${events.map((e) => e.akun_kas_id)}::int[])
        with ordinality as t(id, tanggal, dicatat_oleh, membalik_id, akun_kas_id, urutan)
    ),
    ${journalCtes(journals)}
    select 1`.execute(trx);
}

/** An account as the books' reads answer it. */
type AkunRow = Pick<Selectable<DB['akun']>, 'kode' | 'nama' | 'kelompok' | 'saldo_normal'>;

/** Whether a journal line, a payment or a loan names the account `id` (index look-ups, one each). */
const usedBy = (id: RawBuilder<unknown>) => sql<boolean>`(
  exists (select 1 from jurnal_baris b where b.akun_id = ${id})
  or exists (select 1 from pembayaran p where p.akun_kas_id = ${id})
  or exists (select 1 from pinjaman l where l.akun_kas_id = ${id}))`;

/** The chart of accounts by code, with the posting roles each account takes. */
export async function chartOfAccounts(db: Kysely<DB>) {
  const { rows } = await sql<
    AkunRow & { id: number; aktif: boolean; kas_bank: boolean; terpakai: boolean; peran: DB['akun_peran']['peran'][] }
  >`
    select a.id, a.kode, a.nama, a.kelompok, a.saldo_normal, a.aktif, a.kas_bank, ${usedBy(sql`a.id`)} as terpakai,
      coalesce(array_agg(p.peran order by p.peran) filter (where p.peran is not null), '{}') as peran
    from akun a left join akun_peran p on p.akun_id = a.id
    group by a.id order by a.kode`.execute(db);
  return rows;
}

/**
 * Each account's debits less credits up to `tanggal`: the months before its month from the monthly
 * balances, its month's days up to it from the daily ones (both kept at each commit).
 */
export async function balancesAsOf(db: Kysely<DB>, tanggal: string) {
  const { rows } = await sql<AkunRow & { akun_id: number; saldo: number }>`
    with s as (
      select akun_id, debit, kredit from saldo_akun_bulanan where bulan < date_trunc('month', ${tanggal}::date)
      union all
      select akun_id, debit, kredit from saldo_akun_harian
      where tanggal >= date_trunc('month', ${tanggal}::date) and tanggal <= ${tanggal}::date
    )
    select a.id as akun_id, a.kode, a.nama, a.kelompok, a.saldo_normal, (sum(s.debit) - sum(s.kredit))::bigint as saldo
    from s join akun a on a.id = s.akun_id
    group by a.id order by a.kode`.execute(db);
  return rows;
}

/** A loan's journals in the order they were posted, each with its lines (account code and name). */
export async function journalsOfLoan(db: Kysely<DB>, pinjamanId: number) {
  const { rows } = await sql<{
    id: number;
    tanggal: string;
    sumber: DB['jurnal']['sumber'];
    mutasi_id: number | null;
    jenis_mutasi: JenisMutasi | null;
    pinjaman_id: number | null;
    pembayaran_id: number | null;
    membalik_id: number | null;
    baris: { akun_id: number; kode: string; nama: string; debit: number; kredit: number }[];
  }>`
    select j.id, j.tanggal, j.sumber, j.mutasi_id, m.jenis as jenis_mutasi, m.pinjaman_id, m.pembayaran_id, j.membalik_id,
      (select json_agg(json_build_object('akun_id', b.akun_id, 'kode', a.kode, 'nama', a.nama,
          'debit', b.debit, 'kredit', b.kredit) order by b.id)
       from jurnal_baris b join akun a on a.id = b.akun_id where b.jurnal_id = j.id) as baris
    from mutasi_pinjaman m join jurnal j on j.mutasi_id = m.id
    where m.pinjaman_id = ${pinjamanId}
    order by j.id`.execute(db);
  return rows;
}

/** Disbursements of the dana kebajikan recorded before the books, without their journal. */
export function disbursementsWithoutJournal(trx: Kysely<DB>) {
  return trx
    .selectFrom('dana_kebajikan as d')
    .select(['d.id', 'd.tanggal', 'd.jumlah', 'd.tujuan', 'd.created_by'])
    .where('d.arah', '=', 'keluar')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('jurnal as j').select('j.id').whereRef('j.dana_kebajikan_id', '=', 'd.id'))))
    .orderBy('d.id')
    .execute();
}

export { insertJournals } from '../../db/journal-writes';

/** Whether a living (not deleted) loan of this id exists. */
export async function loanExists(db: Kysely<DB>, pinjamanId: number) {
  const row = await db
    .selectFrom('pinjaman')
    .select('id')
    .where('id', '=', pinjamanId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `akunId` is an active cash or bank account of the chart (money is received into or paid from it). */
export async function isActiveKasBank(trx: Kysely<DB>, akunId: number) {
  const row = await trx
    .selectFrom('akun')
    .select('id')
    .where('id', '=', akunId)
    .where('kas_bank', '=', true)
    .where('aktif', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active cash and bank accounts by code; `tunai`: the account of the role `kas` (cash). */
export function kasBankAccounts(db: Kysely<DB>) {
  return db
    .selectFrom('akun as a')
    .leftJoin('akun_peran as p', (join) => join.onRef('p.akun_id', '=', 'a.id').on('p.peran', '=', 'kas'))
    .select(['a.id', 'a.kode', 'a.nama'])
    .select((eb) => eb('p.peran', 'is not', null).as('tunai'))
    .where('a.kas_bank', '=', true)
    .where('a.aktif', '=', true)
    .orderBy('a.kode')
    .execute();
}

/** An account with whether a journal line uses it and the roles that post to it now. */
export async function accountForChange(trx: Kysely<DB>, id: number) {
  const { rows } = await sql<{
    id: number;
    kode: string;
    kelompok: DB['akun']['kelompok'];
    saldo_normal: DB['akun']['saldo_normal'];
    kas_bank: boolean;
    aktif: boolean;
    terpakai: boolean;
    peran: DB['akun_peran']['peran'][];
  }>`
    select a.id, a.kode, a.kelompok, a.saldo_normal, a.kas_bank, a.aktif,
      ${usedBy(sql`a.id`)} as terpakai,
      coalesce((select array_agg(p.peran order by p.peran) from akun_peran p where p.akun_id = a.id), '{}') as peran
    from akun a where a.id = ${id}
    for update of a`.execute(trx);
  return rows[0];
}

/** Whether another account has this code. */
export async function codeTaken(trx: Kysely<DB>, kode: string, exceptId?: number) {
  let query = trx.selectFrom('akun').select('id').where('kode', '=', kode);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

type AkunColumns = Pick<DB['akun'], 'kode' | 'nama' | 'kelompok' | 'saldo_normal'> & { kas_bank: boolean };

export async function insertAccount(trx: Kysely<DB>, values: AkunColumns) {
  const row = await trx.insertInto('akun').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccount(trx: Kysely<DB>, id: number, values: AkunColumns & { aktif: boolean }) {
  await trx
    .updateTable('akun')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteAccount(trx: Kysely<DB>, id: number) {
  await trx.deleteFrom('akun_peran_riwayat').where('akun_id', '=', id).execute();
  await trx.deleteFrom('akun').where('id', '=', id).execute();
}

/** Maps a posting role to an account from now on, remembering every account it has gone to. */
export async function mapRole(trx: Kysely<DB>, peran: DB['akun_peran']['peran'], akunId: number) {
  await trx
    .insertInto('akun_peran')
    .values({ peran, akun_id: akunId })
    .onConflict((oc) => oc.column('peran').doUpdateSet({ akun_id: akunId }))
    .execute();
  await trx
    .insertInto('akun_peran_riwayat')
    .values({ peran, akun_id: akunId })
    .onConflict((oc) => oc.columns(['peran', 'akun_id']).doNothing())
    .execute();
}

/**
 * The balance (debits less credits) up to `tanggal` of every account a posting role has gone to
 * (`akun_peran_riwayat`): months before from the monthly balances, the month's days from the daily.
 */
export async function roleBalanceAsOf(trx: Kysely<DB>, peran: DB['akun_peran']['peran'], tanggal: string) {
  const { rows } = await sql<{ saldo: string | null }>`
    with akun as (select akun_id from akun_peran_riwayat where peran = ${peran})
    select (coalesce(sum(debit), 0) - coalesce(sum(kredit), 0))::bigint as saldo from (
      select debit, kredit from saldo_akun_bulanan
      where akun_id in (select akun_id from akun) and bulan < date_trunc('month', ${tanggal}::date)
      union all
      select debit, kredit from saldo_akun_harian
      where akun_id in (select akun_id from akun)
        and tanggal >= date_trunc('month', ${tanggal}::date) and tanggal <= ${tanggal}::date
    ) s`.execute(trx);
  return Number(rows[0]?.saldo ?? 0);
}

/** An account of the chart by id, or undefined. */
export function findAkun(db: Kysely<DB>, akunId: number) {
  return db
    .selectFrom('akun')
    .select(['id', 'kode', 'nama', 'kelompok', 'saldo_normal'])
    .where('id', '=', akunId)
    .executeTakeFirst();
}

/** The Jurnal screen's filters, and, for an operator, only the journals they posted (`dicatat_oleh`). */
export type JournalFilters = Omit<JurnalFilters, 'dari' | 'sampai'> & {
  dari?: string | null;
  sampai?: string | null;
  dicatat_oleh?: number;
};

/** Journals matching the filters, with their money event (if any) as `m`. */
function filteredJournals(db: Kysely<DB>, f: JournalFilters) {
  let builder = db.selectFrom('jurnal as j').leftJoin('mutasi_pinjaman as m', 'm.id', 'j.mutasi_id');
  if (f.dari) builder = builder.where('j.tanggal', '>=', f.dari);
  if (f.sampai) builder = builder.where('j.tanggal', '<=', f.sampai);
  if (f.sumber) builder = builder.where('j.sumber', '=', f.sumber);
  if (f.jenis) builder = builder.where('m.jenis', '=', f.jenis);
  if (f.pinjaman_id !== undefined) builder = builder.where('m.pinjaman_id', '=', f.pinjaman_id);
  if (f.dicatat_oleh !== undefined) builder = builder.where('j.dicatat_oleh', '=', f.dicatat_oleh);
  if (f.akun_id !== undefined) {
    // The account's lines through its index (akun_id, tanggal, id), the period narrowing them too.
    let lines = db.selectFrom('jurnal_baris as b').select('b.jurnal_id').where('b.akun_id', '=', f.akun_id);
    if (f.dari) lines = lines.where('b.tanggal', '>=', f.dari);
    if (f.sampai) lines = lines.where('b.tanggal', '<=', f.sampai);
    builder = builder.where('j.id', 'in', lines);
  }
  return builder;
}

/** A journal's lines (account code and name, debit, credit), debits first as a journal is written, as one JSON array. */
const linesOfJournal = sql<{ akun_id: number; kode: string; nama: string; debit: number; kredit: number }[]>`(
  select json_agg(json_build_object('akun_id', b.akun_id, 'kode', a.kode, 'nama', a.nama,
      'debit', b.debit, 'kredit', b.kredit) order by b.debit = 0, b.id)
  from jurnal_baris b join akun a on a.id = b.akun_id where b.jurnal_id = j.id)`;

const journalColumns = [
  'j.id',
  'j.tanggal',
  'j.sumber',
  'j.mutasi_id',
  'm.jenis as jenis_mutasi',
  'm.pinjaman_id',
  'm.pembayaran_id',
  'j.membalik_id',
  'j.keterangan',
  'p.nomor_pinjaman',
  'p.nasabah_nama',
] as const;

/** One page of journals, newest first (date, then posting order), each with its lines; and how many match. */
export async function journalPage(db: Kysely<DB>, filters: JournalFilters, paging: { page: number; limit: number }) {
  const page = filteredJournals(db, filters)
    .leftJoin('pinjaman as p', 'p.id', 'm.pinjaman_id')
    .select(journalColumns)
    .select(linesOfJournal.as('baris'))
    .select(sortKeyColumn(sql.ref('j.tanggal')))
    .orderBy('j.tanggal', 'desc')
    .orderBy('j.id', 'desc')
    .$call((builder) => pageWindow(builder, paging));
  const rows = await selectJsonRows(db, page, 'desc');
  return { rows, total: await countJournals(db, filters) };
}

/** How many journals match the filters. */
export async function countJournals(db: Kysely<DB>, filters: JournalFilters) {
  const { total } = await filteredJournals(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The next `limit` journals after `after` in the screen's order (newest first), keyset: an export's batch. */
export function journalBatch(
  db: Kysely<DB>,
  filters: JournalFilters,
  after: { tanggal: string; id: number } | null,
  limit: number,
) {
  let builder = filteredJournals(db, filters)
    .leftJoin('pinjaman as p', 'p.id', 'm.pinjaman_id')
    .select(journalColumns)
    .select(linesOfJournal.as('baris'));
  if (after) builder = builder.where(sql<boolean>`(j.tanggal, j.id) < (${after.tanggal}::date, ${after.id})`);
  return builder.orderBy('j.tanggal', 'desc').orderBy('j.id', 'desc').limit(limit).execute();
}

/** A line of an account's ledger with what its journal was for. */
export interface LedgerLineRow {
  id: number;
  jurnal_id: number;
  tanggal: string;
  debit: number;
  kredit: number;
  sumber: DB['jurnal']['sumber'];
  keterangan: string | null;
  jenis_mutasi: JenisMutasi | null;
  pinjaman_id: number | null;
  nomor_pinjaman: string | null;
  nasabah_nama: string | null;
}

/** The columns of a ledger line `b` with its journal `j`, its money event `m` and loan `p` joined. */
const ledgerLineColumns = sql`b.id, b.jurnal_id, b.tanggal, b.debit, b.kredit, j.sumber, j.keterangan,
  m.jenis as jenis_mutasi, m.pinjaman_id, p.nomor_pinjaman, p.nasabah_nama`;
const ledgerLineJoins = sql`join jurnal j on j.id = b.jurnal_id
  left join mutasi_pinjaman m on m.id = j.mutasi_id
  left join pinjaman p on p.id = m.pinjaman_id`;

/**
 * An account's ledger over `dari`–`sampai`, in one statement (one snapshot): the balance before
 * `dari` (debits less credits: the months before from the monthly balances, the month's days
 * before it from the daily ones), the period's debits and credits (daily balances), how many lines
 * it has, and the page of `limit` lines from the `offset`-th in date and posting order, with the
 * balance before that line: the whole days before its day from the daily balances, and its day's
 * lines before it through the index (akun_id, tanggal, id). A later page's running balance so
 * needs no earlier page read.
 */
export async function ledgerPage(
  db: Kysely<DB>,
  akunId: number,
  dari: string,
  sampai: string,
  window: { offset: number; limit: number },
) {
  const { rows } = await sql<{
    saldo_awal: number;
    total_debit: number;
    total_kredit: number;
    jumlah_baris: number;
    sebelum_halaman: number | null;
    baris: LedgerLineRow[] | null;
  }>`
    with awal as (
      select coalesce(sum(debit - kredit), 0) as saldo from (
        select debit, kredit from saldo_akun_bulanan where akun_id = ${akunId} and bulan < date_trunc('month', ${dari}::date)
        union all
        select debit, kredit from saldo_akun_harian
        where akun_id = ${akunId} and tanggal >= date_trunc('month', ${dari}::date) and tanggal < ${dari}::date
      ) s
    ),
    periode as (
      select coalesce(sum(debit), 0) as debit, coalesce(sum(kredit), 0) as kredit from saldo_akun_harian
      where akun_id = ${akunId} and tanggal between ${dari}::date and ${sampai}::date
    ),
    pertama as (
      select tanggal, id from jurnal_baris
      where akun_id = ${akunId} and tanggal between ${dari}::date and ${sampai}::date
      order by tanggal, id offset ${window.offset} limit 1
    ),
    halaman as (
      select b.* from jurnal_baris b, pertama f
      where b.akun_id = ${akunId} and (b.tanggal, b.id) >= (f.tanggal, f.id) and b.tanggal <= ${sampai}::date
      order by b.tanggal, b.id limit ${window.limit}
    )
    select (select saldo from awal)::bigint as saldo_awal,
      (select debit from periode)::bigint as total_debit,
      (select kredit from periode)::bigint as total_kredit,
      (select count(*) from jurnal_baris
        where akun_id = ${akunId} and tanggal between ${dari}::date and ${sampai}::date)::int as jumlah_baris,
      ((select coalesce(sum(h.debit - h.kredit), 0) from saldo_akun_harian h, pertama f
          where h.akun_id = ${akunId} and h.tanggal >= ${dari}::date and h.tanggal < f.tanggal)
        + (select coalesce(sum(b.debit - b.kredit), 0) from jurnal_baris b, pertama f
          where b.akun_id = ${akunId} and b.tanggal = f.tanggal and b.id < f.id))::bigint as sebelum_halaman,
      (select json_agg(row_to_json(l) order by l.tanggal, l.id) from (
        select ${ledgerLineColumns} from halaman b ${ledgerLineJoins}) l) as baris`.execute(db);
  const row = rows[0]!;
  return {
    saldo_awal: Number(row.saldo_awal),
    total_debit: Number(row.total_debit),
    total_kredit: Number(row.total_kredit),
    jumlah_baris: row.jumlah_baris,
    sebelum_halaman: Number(row.sebelum_halaman ?? 0),
    baris: row.baris ?? [],
  };
}

/** The next `limit` lines of an account over `dari`–`sampai` after `after`, in date and posting order (keyset). */
export async function ledgerBatch(
  db: Kysely<DB>,
  akunId: number,
  dari: string,
  sampai: string,
  after: { tanggal: string; id: number } | null,
  limit: number,
) {
  const { rows } = await sql<LedgerLineRow>`
    select ${ledgerLineColumns} from (
      select * from jurnal_baris
      where akun_id = ${akunId} and tanggal between ${dari}::date and ${sampai}::date
        ${after ? sql`and (tanggal, id) > (${after.tanggal}::date, ${after.id})` : sql``}
      order by tanggal, id limit ${limit}
    ) b ${ledgerLineJoins}
    order by b.tanggal, b.id`.execute(db);
  return rows;
}

/** The number of a loan of this id, deleted or not (its journals stay), or undefined when there is none. */
export async function loanNumber(db: Kysely<DB>, pinjamanId: number) {
  const row = await db.selectFrom('pinjaman').select('nomor_pinjaman').where('id', '=', pinjamanId).executeTakeFirst();
  return row?.nomor_pinjaman;
}
