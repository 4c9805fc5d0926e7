import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BarisJurnal, SumberJurnal } from '@mizan/core';
import type { DB } from './schema';
import { nextTurn } from './job-runs';

// The writing of journals (issue 48; docs/decisions/books.md), shared by the one writer of money
// (modules/mutasi: a money event's journal in the event's own statement) and the books' back-fill
// (modules/akuntansi).
// The lines name posting roles; the statement maps each to its account (`akun_peran`): a role
// without an account would leave the journal unbalanced, and the database refuses that
// (migration 2026_12_07_0910).

/** The journal of the event at place `urutan` of its statement (1-based), as lines by role. */
export interface JurnalOfEvent {
  urutan: number;
  lines: readonly BarisJurnal[];
}

/** The lines of journals as the statement's arrays: each line's journal (`urutan`), role, debit and credit. */
function lineArrays(journals: readonly JurnalOfEvent[]) {
  const arrays = { urutan: [] as number[], peran: [] as string[], debit: [] as number[], kredit: [] as number[] };
  for (const j of journals)
    for (const line of j.lines) {
      arrays.urutan.push(j.urutan);
      arrays.peran.push(line.peran);
      arrays.debit.push(line.debit);
      arrays.kredit.push(line.kredit);
    }
  return arrays;
}

/**
 * The common table expressions that write the journals of money events: `t` must be a CTE of the
 * events with `id` (the mutasi row), `urutan`, `tanggal`, `dicatat_oleh`,
 * `membalik_id` (the mutasi row reversed) and `akun_kas_id` (the cash or bank account its cash
 * moved through; null: the role `kas`'s account). Journals with no line (an event that moved nothing the
 * books hold) are not written. A reversal's journal names the journal of the event it reverses.
 * Under `mizan.massal` (an import, a back-fill: the per-journal trigger stands aside) the same
 * statement adds the journals to the balances per account, set-based.
 */
export function journalCtes(journals: readonly JurnalOfEvent[], saldo?: SaldoMassal): RawBuilder<unknown> {
  const withLines = journals.filter((j) => j.lines.length > 0);
  return sql`
    j as (
      insert into jurnal (tanggal, sumber, mutasi_id, dicatat_oleh, membalik_id)
      select t.tanggal, 'mutasi', t.id, t.dicatat_oleh,
        (select r.id from jurnal r where r.mutasi_id = t.membalik_id)
      from t where t.urutan = any(${withLines.map((j) => j.urutan)}::int[]) order by t.urutan
      returning id, mutasi_id, tanggal
    ),
    ${linesAndBalances(withLines, sql`(select t.urutan, j.id, j.tanggal, t.akun_kas_id from t join j on j.mutasi_id = t.id)`, saldo)}`;
}

/**
 * The end of a statement made with `journalCtes`: nothing, or with a collector (`saldoMassal`) the
 * sums of its lines per account and day, for `SaldoMassal.add`.
 */
export function journalResult(saldo?: SaldoMassal): RawBuilder<SaldoRow> {
  return saldo
    ? sql<SaldoRow>`select akun_id, tanggal::text as tanggal, sum(debit)::text as debit, sum(kredit)::text as kredit from b group by 1, 2`
    : sql<SaldoRow>`select 1`;
}

/**
 * The CTE `b` writing the lines of `journals` to their headers `heads` (a relation of `urutan`,
 * `id`, `tanggal`, `akun_kas_id`), each role mapped to its account (the role `kas` to the header's
 * cash or bank account when it names one), then the balances under `mizan.massal`.
 */
function linesAndBalances(journals: readonly JurnalOfEvent[], heads: RawBuilder<unknown>, saldo?: SaldoMassal) {
  const { urutan, peran, debit, kredit } = lineArrays(journals);
  return sql`
    b as (
      insert into jurnal_baris (jurnal_id, akun_id, tanggal, debit, kredit)
      select k.id, coalesce(case when l.peran = 'kas' then k.akun_kas_id end, ap.akun_id), k.tanggal, l.debit, l.kredit
      from unnest(${urutan}::int[], ${peran}::text[], ${debit}::bigint[], ${kredit}::bigint[])
          with ordinality as l(urutan, peran, debit, kredit, n)
        join ${heads} as k on k.urutan = l.urutan
        join akun_peran ap on ap.peran = l.peran
      order by l.n
      returning jurnal_id, akun_id, tanggal, debit, kredit
    )${
      saldo
        ? sql``
        : sql`,
    ${balanceCtes}`
    }`;
}

/**
 * After a CTE `b` of the lines a statement wrote (`jurnal_id, akun_id, tanggal, debit, kredit`):
 * under `mizan.massal` (the per-journal trigger stands aside) the same statement adds them to the
 * balances per account and day and per month, set-based.
 */
const balanceCtes = sql`
    massal as (select current_setting('mizan.massal', true) = 'on' as aktif),
    saldo_hari as (
      insert into saldo_akun_harian as s (akun_id, tanggal, debit, kredit)
      select akun_id, tanggal, sum(debit), sum(kredit) from b
      where (select aktif from massal) group by 1, 2 order by 1, 2
      on conflict (akun_id, tanggal) do update set debit = s.debit + excluded.debit, kredit = s.kredit + excluded.kredit
    ),
    saldo_bulan as (
      insert into saldo_akun_bulanan as s (akun_id, bulan, debit, kredit)
      select akun_id, date_trunc('month', tanggal)::date, sum(debit), sum(kredit) from b
      where (select aktif from massal) group by 1, 2 order by 1, 2
      on conflict (akun_id, bulan) do update set debit = s.debit + excluded.debit, kredit = s.kredit + excluded.kredit
    )`;

/**
 * For the rest of this transaction the row triggers that keep counters stand aside
 * (`mizan.massal`): a batch that writes many rows (an import, a back-fill) keeps them set-based,
 * the journals' balances per account by `journalCtes`' own statement.
 */
export async function massal(trx: Kysely<DB>) {
  await sql`select set_config('mizan.massal', 'on', true)`.execute(trx);
}

/** The sums of a statement's lines of one account and day (text: exact bigint sums). */
export interface SaldoRow {
  akun_id: number;
  tanggal: string;
  debit: string;
  kredit: string;
}

/** Rows per statement when a collector writes its balances (PGlite runs a statement on the server's thread). */
const SALDO_ROWS = 1000;

/**
 * A back-fill's balances per account and day, collected from the statements of one transaction
 * (`journalResult`) and added to `saldo_akun_harian` and `saldo_akun_bulanan` once, by `simpan`,
 * before the transaction commits: a batch of 200 loans writes some 25 statements of lines spread
 * over the same accounts and years of days, and each statement's own upsert of its ~600 account-days
 * cost as much as the lines' insert (docs/performance.md "The books"). Made by `saldoMassal` alone,
 * which turns the per-journal trigger aside (otherwise the lines would be counted twice).
 */
export class SaldoMassal {
  private readonly days = new Map<string, { akun_id: number; tanggal: string; debit: bigint; kredit: bigint }>();

  /** Adds a statement's sums (`journalResult`'s rows). */
  add(rows: readonly SaldoRow[]) {
    for (const row of rows) {
      const key = `${row.akun_id}|${row.tanggal}`;
      const day = this.days.get(key);
      if (day) {
        day.debit += BigInt(row.debit);
        day.kredit += BigInt(row.kredit);
      } else
        this.days.set(key, { akun_id: row.akun_id, tanggal: row.tanggal, debit: BigInt(row.debit), kredit: BigInt(row.kredit) });
    }
  }

  /**
   * Adds what was collected to the balances per account and day, then per month, in account and
   * day order (the order the per-journal trigger locks rows in: never crosswise with a payment's
   * commit), `SALDO_ROWS` rows a statement with a turn between them; empties the collector. Call it
   * in the transaction that wrote the lines, before it commits.
   */
  async simpan(trx: Kysely<DB>) {
    const days = [...this.days.values()].sort((a, b) =>
      a.akun_id !== b.akun_id ? a.akun_id - b.akun_id : a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : 0,
    );
    this.days.clear();
    const months = new Map<string, { akun_id: number; bulan: string; debit: bigint; kredit: bigint }>();
    for (const d of days) {
      const bulan = `${d.tanggal.slice(0, 7)}-01`;
      const key = `${d.akun_id}|${bulan}`;
      const month = months.get(key);
      if (month) {
        month.debit += d.debit;
        month.kredit += d.kredit;
      } else months.set(key, { akun_id: d.akun_id, bulan, debit: d.debit, kredit: d.kredit });
    }
    for (let start = 0; start < days.length; start += SALDO_ROWS) {
      const rows = days.slice(start, start + SALDO_ROWS);
      await sql`
        insert into saldo_akun_harian as s (akun_id, tanggal, debit, kredit)
        select * from unnest(${rows.map((r) => r.akun_id)}::int[], ${rows.map((r) => r.tanggal)}::date[],
          ${rows.map((r) => r.debit.toString())}::bigint[], ${rows.map((r) => r.kredit.toString())}::bigint[]) as u(akun_id, tanggal, debit, kredit)
        order by 1, 2
        on conflict (akun_id, tanggal) do update set debit = s.debit + excluded.debit, kredit = s.kredit + excluded.kredit`.execute(
        trx,
      );
      await nextTurn();
    }
    const all = [...months.values()];
    for (let start = 0; start < all.length; start += SALDO_ROWS) {
      const rows = all.slice(start, start + SALDO_ROWS);
      await sql`
        insert into saldo_akun_bulanan as s (akun_id, bulan, debit, kredit)
        select * from unnest(${rows.map((r) => r.akun_id)}::int[], ${rows.map((r) => r.bulan)}::date[],
          ${rows.map((r) => r.debit.toString())}::bigint[], ${rows.map((r) => r.kredit.toString())}::bigint[]) as u(akun_id, bulan, debit, kredit)
        order by 1, 2
        on conflict (akun_id, bulan) do update set debit = s.debit + excluded.debit, kredit = s.kredit + excluded.kredit`.execute(
        trx,
      );
      await nextTurn();
    }
  }
}

/**
 * `massal` for a back-fill that collects its balances: the per-journal trigger stands aside for the
 * rest of the transaction and the statements given the answered collector leave the balances to
 * its `simpan`, called before the transaction commits.
 */
export async function saldoMassal(trx: Kysely<DB>): Promise<SaldoMassal> {
  await massal(trx);
  return new SaldoMassal();
}

/** A journal that is not a loan's money event (a disbursement of the dana kebajikan; general journals). */
export interface NewJurnal {
  tanggal: string;
  sumber: Exclude<SumberJurnal, 'mutasi'>;
  dana_kebajikan_id?: number | null;
  keterangan?: string | null;
  dicatat_oleh: number | null;
  /** The cash or bank account its role `kas` posts to; null or absent: the role's own account. */
  akun_kas_id?: number | null;
  lines: readonly BarisJurnal[];
}

/**
 * Writes journals that are not money events of a loan, each with its lines, in one statement (the
 * database checks each journal's balance over the statement's lines; a journal without lines is
 * refused at commit). Answers their ids in the given order.
 */
export async function insertJournals(trx: Kysely<DB>, journals: readonly NewJurnal[]): Promise<number[]> {
  if (journals.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    with h as (
      select nextval('jurnal_id_seq')::int as id, h.*
      from unnest(${journals.map((j) => j.tanggal)}::date[], ${journals.map((j) => j.sumber)}::text[],
        ${journals.map((j) => j.dana_kebajikan_id ?? null)}::int[], ${journals.map((j) => j.keterangan ?? null)}::text[],
        ${journals.map((j) => j.dicatat_oleh)}::int[], ${journals.map((j) => j.akun_kas_id ?? null)}::int[])
        with ordinality as h(tanggal, sumber, dana_kebajikan_id, keterangan, dicatat_oleh, akun_kas_id, urutan)
    ),
    j as (
      insert into jurnal (id, tanggal, sumber, dana_kebajikan_id, keterangan, dicatat_oleh)
      select id, tanggal, sumber, dana_kebajikan_id, keterangan, dicatat_oleh from h
    ),
    ${linesAndBalances(
      journals.map((j, index) => ({ urutan: index + 1, lines: j.lines })),
      sql`h`,
    )}
    select id from h order by urutan`.execute(trx);
  return rows.map((r) => r.id);
}
