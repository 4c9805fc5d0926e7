import type { Kysely } from 'kysely';
import {
  figuresOfTotals,
  kolektibilitasValues,
  monthDateRange,
  monthEndsBefore,
  parseIsoDate,
  paymentsByLoan,
  portfolioLoanAt,
  portfolioTotals,
  previousMonthEnd,
  type Kolektibilitas,
  type PortfolioPosition,
  type PortfolioOverview,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import * as jobRuns from '../../db/job-runs';
import { sumPembayaranBetween } from '../../db/stat-counters';
import { getKolektibilitasSetting, ledgerRules } from '../settings/settings.service';
import * as repo from './portfolio.repository';
import type { SnapshotFigures } from './portfolio.repository';

/** The month-ends the dashboard's chart shows (and the back-fill fills at a first start). */
export const HISTORY_MONTHS = 12;

/** The back-fill of missing month-ends in `job_runs`, keyed by the newest month-end it fills. */
export const BACKFILL_JOB = 'portofolio-susulan';

/**
 * Loans per back-fill batch. Each loan's ledger is computed for up to 12 month-ends, pure work on
 * the event loop between two statements: 100 loans (1 200 ledgers) keep a batch well under 100 ms.
 */
export const BACKFILL_BATCH = { pglite: 100, postgres: 250 } as const;

/**
 * Σ of the living payments of living loans dated `first` … `last`, from the maintained day
 * counters (db/stat-counters.ts): summing the rows joined to their loans read cold loan pages for
 * 120 ms and more on PGlite's thread at a busy month-end.
 */
const paymentsBetween = sumPembayaranBetween;

/** Payments of `tanggal`'s month up to and including that day. */
function monthToDate(db: Kysely<DB>, tanggal: string): Promise<number> {
  const d = parseIsoDate(tanggal)!;
  return paymentsBetween(db, monthDateRange(d.year, d.month).first, tanggal);
}

const kColumns = (kelas: Kolektibilitas) => [`jumlah_k${kelas}`, `outstanding_k${kelas}`] as const;

/** The figures of the portfolio as the loans' stored ledgers have them now, with today's collections. */
async function currentFigures(db: Kysely<DB>, tanggal: string): Promise<SnapshotFigures> {
  const [perClass, counts, hari, bulan] = await Promise.all([
    repo.runningPerClass(db),
    repo.livingCounts(db),
    paymentsBetween(db, tanggal, tanggal),
    monthToDate(db, tanggal),
  ]);
  const figures: SnapshotFigures = {
    ...counts,
    jumlah_k1: 0,
    outstanding_k1: 0,
    jumlah_k2: 0,
    outstanding_k2: 0,
    jumlah_k3: 0,
    outstanding_k3: 0,
    jumlah_k4: 0,
    outstanding_k4: 0,
    jumlah_k5: 0,
    outstanding_k5: 0,
    outstanding_par30: 0,
    penagihan_hari: hari,
    penagihan_bulan: bulan,
  };
  for (const row of perClass) {
    const kelas = Math.min(5, Math.max(1, row.kelas)) as Kolektibilitas;
    const [n, out] = kColumns(kelas);
    figures[n] += row.n;
    figures[out] += row.outstanding;
    figures.outstanding_par30 += row.par30;
  }
  return figures;
}

/**
 * A stored or current row as the API answers it: the ratios and provision computed by core. A row
 * stored before issue 47 has no `nilai_pinjaman_aktif` (null).
 */
function position(
  tanggal: string,
  f: Omit<SnapshotFigures, 'nilai_pinjaman_aktif'> & { nilai_pinjaman_aktif: number | null },
  ppap: Record<Kolektibilitas, number>,
): PortfolioPosition {
  const totals = {
    per_kelas: kolektibilitasValues.map((kelas) => {
      const [n, out] = kColumns(kelas);
      return { kelas, jumlah_pinjaman: f[n], outstanding: f[out] };
    }),
    outstanding_par30: f.outstanding_par30,
  };
  return {
    tanggal,
    jumlah_nasabah: f.jumlah_nasabah,
    pinjaman_aktif: f.pinjaman_aktif,
    nilai_pinjaman_aktif: f.nilai_pinjaman_aktif,
    penagihan_hari: f.penagihan_hari,
    penagihan_bulan: f.penagihan_bulan,
    ...figuresOfTotals(totals, ppap),
  };
}

/**
 * `GET /api/dashboard/portfolio`: the portfolio now, at the end of last month (null when no
 * snapshot of that day exists yet), and at each of the last 12 month-ends that has one.
 */
export async function portfolioOverview(db: Kysely<DB>, today: string): Promise<PortfolioOverview> {
  const { ppap_persen } = await getKolektibilitasSetting(db);
  const ends = monthEndsBefore(today, HISTORY_MONTHS);
  const [now, stored] = await Promise.all([currentFigures(db, today), repo.snapshotsOn(db, ends)]);
  const riwayat = stored.map((row) => position(row.tanggal, row, ppap_persen));
  const lastEnd = previousMonthEnd(today);
  return {
    sekarang: position(today, now, ppap_persen),
    akhir_bulan_lalu: riwayat.find((p) => p.tanggal === lastEnd) ?? null,
    riwayat,
  };
}

/**
 * The portfolio at the end of `bulan` (`YYYY-MM`) from its stored snapshot (null when none), or
 * today's position when `bulan` is this month or later; and the month-ends of the last
 * HISTORY_MONTHS that have a snapshot (the report's choices).
 */
export async function portfolioAtMonthEnd(db: Kysely<DB>, bulan: string, today: string) {
  const { ppap_persen } = await getKolektibilitasSetting(db);
  const ends = monthEndsBefore(today, HISTORY_MONTHS);
  const stored = await repo.snapshotsOn(db, ends);
  const tersedia = stored.map((row) => row.tanggal.slice(0, 7));
  if (bulan >= today.slice(0, 7))
    return { sumber: 'hari_ini' as const, posisi: position(today, await currentFigures(db, today), ppap_persen), tersedia };
  const end = monthDateRange(Number(bulan.slice(0, 4)), Number(bulan.slice(5, 7))).last;
  const [row] = await repo.snapshotsOn(db, [end]);
  return { sumber: 'akhir_bulan' as const, posisi: row ? position(row.tanggal, row, ppap_persen) : null, tersedia };
}

/**
 * The provision (PPAP) the classes required at the close of `tanggal` (a month-end), from its
 * stored snapshot and the institution's rates (core `figuresOfTotals`, the Laporan Kolektibilitas'
 * figure); null while that day has no finished snapshot.
 */
export async function requiredProvisionAt(db: Kysely<DB>, tanggal: string): Promise<number | null> {
  const [[row], { ppap_persen }] = await Promise.all([repo.snapshotsOn(db, [tanggal]), getKolektibilitasSetting(db)]);
  return row ? position(row.tanggal, row, ppap_persen).ppap_total : null;
}

/**
 * Records the portfolio at the close of `tanggal` from the loans' stored ledgers: called by the
 * daily job before it moves the loans on to the next day, when every loan still has the figures of
 * `tanggal` (each write of that day refreshed its loan with that date). A day that has a row keeps
 * it.
 */
export async function recordClosingSnapshot(db: Kysely<DB>, tanggal: string) {
  await repo.insertSnapshot(db, tanggal, 'harian', await currentFigures(db, tanggal));
}

export interface BackfillResult {
  outcome: 'done' | 'already' | 'busy';
  /** The month-ends filled by this call. */
  filled: string[];
  processed: number;
}

/**
 * Loans or payments dated `from` were added after the fact (an import, issue 26 C): the month-end
 * rows of the last 12 months from that day on are dropped, with the back-fill's record, so that
 * the next back-fill (the daily job's, which the caller starts again after the commit) computes
 * them from the history as it now is. Answers whether any row went. Inside the import's transaction.
 */
export async function forgetHistoryFrom(trx: Kysely<DB>, from: string, today: string): Promise<boolean> {
  const ends = monthEndsBefore(today, HISTORY_MONTHS).filter((end) => end >= from);
  if (ends.length === 0) return false;
  await repo.deleteSnapshots(trx, ends);
  await jobRuns.deleteRuns(trx, BACKFILL_JOB);
  return true;
}

/**
 * Back-fills the last 12 month-ends before `today` that have no snapshot (a first start on old
 * data, a server that was off over a month's end) from the payment history: each living loan's
 * ledger at each of those dates (core `portfolioLoanAt`), summed into the month-end rows batch by
 * batch through `runInBatches` (db/job-runs.ts), in the same transaction as the run's cursor, so a
 * crash resumes where it stopped and nothing is counted twice. Classes use today's bands; the rows
 * are read only once finished.
 */
export async function backfillMonthEnds(
  db: Kysely<DB>,
  today: string,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<BackfillResult> {
  const batch = options.batch ?? BACKFILL_BATCH.postgres;
  const { bands, metode } = await ledgerRules(db);
  const run = await jobRuns.runInBatches(
    db,
    BACKFILL_JOB,
    previousMonthEnd(today),
    async (trx, position) => {
      if (position.fresh) {
        const ends = monthEndsBefore(today, HISTORY_MONTHS);
        // Nothing lent by the last month-end (a new installation): nothing to fill yet, and no
        // row of zeros for the loans its staff will enter with their past dates. Tried again at
        // the next run.
        if (!(await repo.anyLoanUntil(trx, ends.at(-1)!))) return null;
        // A fresh start: rows a crashed run of another month left half-summed go, the missing
        // month-ends get empty rows to sum into.
        await repo.deleteUnfinished(trx);
        const present = await repo.datesWithSnapshot(trx, ends);
        await repo.insertUnfinished(
          trx,
          ends.filter((e) => !present.has(e)),
        );
      }
      const dates = await repo.unfinishedDates(trx);
      if (dates.length === 0) return { count: 0, cursor: position.cursor, finished: true, result: dates };
      const until = dates.at(-1)!;
      const loans = await repo.loansForHistory(trx, position.cursor, batch, until);
      const byLoan = paymentsByLoan(
        await repo.paymentsOfLoansUntil(
          trx,
          loans.map((l) => l.id),
          until,
        ),
      );
      for (const tanggal of dates) {
        // The loans running on that day, summed per class by core (`portfolioTotals`: the one rule
        // for classes and PAR 30), and their count and Σ jumlah (the dashboard's "Pinjaman Aktif",
        // "Total Nilai Pinjaman" of that day).
        const running = loans.flatMap((loan) => {
          const at = portfolioLoanAt(loan, byLoan.get(loan.id) ?? [], tanggal, bands, metode);
          return at ? [{ at, jumlah: loan.jumlah }] : [];
        });
        const totals = portfolioTotals(running.map((r) => r.at));
        const add: Partial<SnapshotFigures> = {
          outstanding_par30: totals.outstanding_par30,
          pinjaman_aktif: running.length,
          nilai_pinjaman_aktif: running.reduce((sum, r) => sum + r.jumlah, 0),
        };
        for (const { kelas, jumlah_pinjaman, outstanding } of totals.per_kelas) {
          const [n, out] = kColumns(kelas);
          add[n] = jumlah_pinjaman;
          add[out] = outstanding;
        }
        await repo.addToUnfinished(trx, tanggal, add);
      }
      const finished = loans.length < batch;
      if (finished) {
        for (const tanggal of dates) {
          const [jumlah_nasabah, penagihan_hari, penagihan_bulan] = await Promise.all([
            repo.nasabahLivingAt(trx, tanggal),
            paymentsBetween(trx, tanggal, tanggal),
            monthToDate(trx, tanggal),
          ]);
          await repo.finishUnfinished(trx, tanggal, { jumlah_nasabah, penagihan_hari, penagihan_bulan });
        }
      }
      return { count: loans.length, cursor: loans.at(-1)?.id ?? position.cursor, finished, result: dates };
    },
    options,
  );
  return { outcome: run.outcome, filled: run.results.at(-1) ?? [], processed: run.processed };
}
