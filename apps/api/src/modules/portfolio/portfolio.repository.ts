import { PAR_HARI, statusBelumCair, statusBerjalan } from '@mizan/core';
import { sql, type Kysely } from 'kysely';
import type { DB, PortfolioSnapshotsTable } from '../../db/schema';
import { countNasabah, countPinjaman } from '../../db/stat-counters';
import { ledgerLoanColumns, livingPaymentsOfLoans } from '../../db/ledger-reads';

/** The living running loans summed per stored class, with the outstanding of those 30+ days past due. */
export async function runningPerClass(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('pinjaman')
    .select([
      'kolektibilitas',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('sisa_pokok'), sql<number>`0`).as('outstanding'),
      sql<number>`coalesce(sum(sisa_pokok) filter (where hari_tunggakan > ${PAR_HARI}), 0)`.as('par30'),
    ])
    .where('deleted_at', 'is', null)
    .where('status', 'in', statusBerjalan)
    .groupBy('kolektibilitas')
    .execute();
  return rows.map((r) => ({
    kelas: Number(r.kolektibilitas),
    n: Number(r.n),
    outstanding: Number(r.outstanding),
    par30: Number(r.par30),
  }));
}

/** Living customers and the living running loans (aktif and macet) with Σ jumlah, from the maintained counters. */
export async function livingCounts(db: Kysely<DB>) {
  const [nasabah, pinjaman] = await Promise.all([countNasabah(db), countPinjaman(db)]);
  return { jumlah_nasabah: nasabah.total, pinjaman_aktif: pinjaman.berjalan, nilai_pinjaman_aktif: pinjaman.nilaiBerjalan };
}

/** The snapshot columns a row is written with (everything but its date, kind and state). */
export type SnapshotFigures =
  Omit<PortfolioSnapshotsTable, 'tanggal' | 'jenis' | 'lengkap' | 'created_at'> extends infer F
    ? { [K in keyof F]: number }
    : never;

/** Writes the day's snapshot unless one is there (several processes: the first one stays). */
export async function insertSnapshot(db: Kysely<DB>, tanggal: string, jenis: 'harian' | 'susulan', figures: SnapshotFigures) {
  await db
    .insertInto('portfolio_snapshots')
    .values({ tanggal, jenis, lengkap: true, ...figures })
    .onConflict((oc) => oc.column('tanggal').doNothing())
    .execute();
}

/** The finished snapshots of the given dates. */
export function snapshotsOn(db: Kysely<DB>, dates: readonly string[]) {
  if (dates.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portfolio_snapshots')
    .selectAll()
    .where('tanggal', 'in', dates)
    .where('lengkap', '=', true)
    .orderBy('tanggal')
    .execute();
}

/** Which of the given dates have a row (finished or being back-filled). */
export async function datesWithSnapshot(db: Kysely<DB>, dates: readonly string[]) {
  if (dates.length === 0) return new Map<string, boolean>();
  const rows = await db.selectFrom('portfolio_snapshots').select(['tanggal', 'lengkap']).where('tanggal', 'in', dates).execute();
  return new Map(rows.map((r) => [r.tanggal, r.lengkap]));
}

/** Drops the rows of the given dates (their figures are computed again by the back-fill). */
export async function deleteSnapshots(db: Kysely<DB>, dates: readonly string[]) {
  if (dates.length > 0) await db.deleteFrom('portfolio_snapshots').where('tanggal', 'in', dates).execute();
}

/** Drops the back-filled rows that were never finished (a back-fill starting over). */
export async function deleteUnfinished(db: Kysely<DB>) {
  await db.deleteFrom('portfolio_snapshots').where('lengkap', '=', false).execute();
}

/** Empty back-fill rows for the dates, to be summed into batch by batch. */
export async function insertUnfinished(db: Kysely<DB>, dates: readonly string[]) {
  if (dates.length === 0) return;
  await db
    .insertInto('portfolio_snapshots')
    .values(dates.map((tanggal) => ({ tanggal, jenis: 'susulan' as const, lengkap: false })))
    .onConflict((oc) => oc.column('tanggal').doNothing())
    .execute();
}

/** The back-fill rows still being summed, by date. */
export async function unfinishedDates(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('portfolio_snapshots')
    .select('tanggal')
    .where('lengkap', '=', false)
    .orderBy('tanggal')
    .execute();
  return rows.map((r) => r.tanggal);
}

/** Adds one batch's sums into an unfinished back-fill row. */
export async function addToUnfinished(db: Kysely<DB>, tanggal: string, add: Partial<SnapshotFigures>) {
  const entries = Object.entries(add).filter(([, v]) => v !== 0) as [keyof SnapshotFigures, number][];
  if (entries.length === 0) return;
  const set = Object.fromEntries(entries.map(([column, value]) => [column, sql`${sql.ref(column)} + ${value}`]));
  await db.updateTable('portfolio_snapshots').set(set).where('tanggal', '=', tanggal).where('lengkap', '=', false).execute();
}

/** Finishes a back-fill row with the figures that are not summed over loans. */
export async function finishUnfinished(db: Kysely<DB>, tanggal: string, figures: Partial<SnapshotFigures>) {
  await db
    .updateTable('portfolio_snapshots')
    .set({ ...figures, lengkap: true })
    .where('tanggal', '=', tanggal)
    .where('lengkap', '=', false)
    .execute();
}

/** Customers living at the close of `tanggal` (Jakarta): created by then and not deleted by then. */
export async function nasabahLivingAt(db: Kysely<DB>, tanggal: string): Promise<number> {
  const endOfDay = sql`(${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'`;
  const row = await db
    .selectFrom('nasabah')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`created_at < ${endOfDay}`)
    .where((eb) => eb.or([eb('deleted_at', 'is', null), eb(sql`deleted_at`, '>=', endOfDay)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether any living loan that is not pending was granted by `until`. */
export async function anyLoanUntil(db: Kysely<DB>, until: string): Promise<boolean> {
  const row = await db
    .selectFrom('pinjaman')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('tanggal_pinjam', '<=', until)
    .where('status', 'not in', statusBelumCair)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The next living loans after `afterId` granted by `until`, not pending, for the back-fill: with
 * what `portfolioLoanAt` reads.
 */
export function loansForHistory(db: Kysely<DB>, afterId: number, limit: number, until: string) {
  return db
    .selectFrom('pinjaman')
    .select(['id', ...ledgerLoanColumns])
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .where('tanggal_pinjam', '<=', until)
    .where('status', 'not in', statusBelumCair)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The living payments of the given loans up to `until`. */
export const paymentsOfLoansUntil = (db: Kysely<DB>, loanIds: readonly number[], until: string) =>
  livingPaymentsOfLoans(db, loanIds, until);
