import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BarisJurnal, SumberJurnal } from '@mizan/core';
import type { DB } from './schema';

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
export function journalCtes(journals: readonly JurnalOfEvent[]): RawBuilder<unknown> {
  const withLines = journals.filter((j) => j.lines.length > 0);
  return sql`
    j as (
      insert into jurnal (tanggal, sumber, mutasi_id, dicatat_oleh, membalik_id)
      select t.tanggal, 'mutasi', t.id, t.dicatat_oleh,
        (select r.id from jurnal r where r.mutasi_id = t.membalik_id)
      from t where t.urutan = any(${withLines.map((j) => j.urutan)}::int[]) order by t.urutan
      returning id, mutasi_id, tanggal
    ),
    ${linesAndBalances(withLines, sql`(select t.urutan, j.id, j.tanggal, t.akun_kas_id from t join j on j.mutasi_id = t.id)`)}`;
}

/**
 * The CTE `b` writing the lines of `journals` to their headers `heads` (a relation of `urutan`,
 * `id`, `tanggal`, `akun_kas_id`), each role mapped to its account (the role `kas` to the header's
 * cash or bank account when it names one), then the balances under `mizan.massal`.
 */
function linesAndBalances(journals: readonly JurnalOfEvent[], heads: RawBuilder<unknown>) {
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
    ),
    ${balanceCtes}`;
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
