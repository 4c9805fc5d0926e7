import type { Kysely } from 'kysely';
import {
  ZERO_PARTS,
  addDays,
  cekPeran,
  cekRekonsiliasiLabels,
  hasilRekonsiliasi,
  jurnalMutasi,
  mutasiPartNames,
  satuanCek,
  type AkunRekonsiliasi,
  type AngkaRekonsiliasi,
  type MutasiParts,
  type Rekonsiliasi,
  type RekonsiliasiRunInput,
  rekonsiliasiMessages as m,
} from '@mizan/core';
import type { DB } from '../../db/schema';
import { claimRun, advanceRun, nextTurn } from '../../db/job-runs';
import { instantText } from '../../db/json-rows';
import { validationFailed } from '../../lib/errors';
import * as repo from './rekonsiliasi.repository';

// The daily reconciliation of the books (issue 48 item 5; docs/decisions/books.md
// "Reconciliation"): as of a day, the accounts the loans' money is posted to against the money
// events' own parts, the trial balance, the kept balances against the lines, and every event's
// journal. The job of a day runs once (`job_runs`), its result stored for the dashboard and /metrics.

/** Past the last id of any table. */
const NO_END = 2_147_483_647;

/** The daily job's name in `job_runs`. */
export const REKONSILIASI_JOB = 'rekonsiliasi-buku';

/**
 * Ids per range read. PGlite runs a statement on the server's own thread: a range of 5 000 money
 * events or 20 000 journals or lines takes 15–60 ms there, as does the look for the events without
 * a journal over 5 000 events (docs/performance.md "The books").
 * PostgreSQL works in its own processes: there each table is one scan (a range past any id).
 */
export const REKONSILIASI_BATCH = {
  pglite: { mutasi: 5_000, jurnal: 20_000, baris: 20_000, tanpaJurnal: 5_000 },
  postgres: { mutasi: NO_END, jurnal: NO_END, baris: NO_END, tanpaJurnal: NO_END },
} as const;

/** The day the daily job of `today` (the Jakarta date) reconciles: yesterday, whose books are complete at 00:05. */
export const reconciliationDay = (today: string) => addDays(today, -1);

type Table = 'mutasi' | 'jurnal' | 'baris';
type Until = Record<Table, number>;

interface Options {
  kind: 'pglite' | 'postgres';
  /** Rows per range read of every table (tests), instead of `REKONSILIASI_BATCH`. */
  batch?: number;
  signal?: AbortSignal;
}

/** Runs `work` in the run's one transaction, or (PGlite) in a transaction of its own. */
type Step = <T>(work: (trx: Kysely<DB>) => Promise<T>) => Promise<T>;

/** PostgreSQL's refusal of a repeatable-read transaction that would see a row changed after its snapshot. */
const isSerializationFailure = (err: unknown) => (err as { code?: unknown } | null)?.code === '40001';

/** A run stopped between its ranges (the server is closing): nothing is stored, the day runs again. */
class Stopped extends Error {}

/** The ranges' sums. */
class Sums {
  readonly mutasi = new Map<'pokok' | 'non-pokok', MutasiParts>();
  readonly baris = new Map<number, { baris: number; baris_sebelum_bulan: number }>();
  events = 0;
  journals = 0;
  mutasiTanpaJurnal = 0;

  async addEvents(trx: Kysely<DB>, tanggal: string, mutasi: repo.IdRange) {
    for (const row of await repo.eventSums(trx, tanggal, mutasi)) {
      const sum = this.mutasi.get(row.tipe) ?? { ...ZERO_PARTS };
      for (const part of mutasiPartNames) sum[part] += Number(row[part]);
      this.mutasi.set(row.tipe, sum);
      this.events += row.events;
    }
  }

  async addJournals(trx: Kysely<DB>, tanggal: string, jurnal: repo.IdRange) {
    this.journals += await repo.eventJournalCount(trx, tanggal, jurnal);
  }

  /**
   * The events without a journal: an event whose journal has no line (it moved nothing the books
   * hold) has none, rightly; only the others count.
   */
  async addEventsWithoutJournal(trx: Kysely<DB>, tanggal: string, mutasi: repo.IdRange) {
    for (const e of await repo.eventsWithoutJournal(trx, tanggal, mutasi))
      if (jurnalMutasi(e.tipe, e.jenis, e, e.dibalik ?? undefined).length > 0) this.mutasiTanpaJurnal += 1;
  }

  async addLines(trx: Kysely<DB>, tanggal: string, baris: repo.IdRange) {
    for (const row of await repo.lineSums(trx, tanggal, baris)) {
      const sum = this.baris.get(row.akun_id) ?? { baris: 0, baris_sebelum_bulan: 0 };
      sum.baris += Number(row.baris);
      sum.baris_sebelum_bulan += Number(row.baris_sebelum_bulan);
      this.baris.set(row.akun_id, sum);
    }
  }
}

/**
 * Reads every money event, journal and journal line up to the ids where they ended when the run
 * began, in ranges, the event loop getting a turn between them; then, only when the events
 * outnumber their journals, looks for the events without one.
 */
async function readRanges(step: Step, sums: Sums, tanggal: string, until: Until, options: Options) {
  const ranges = async (
    table: Table,
    read: (trx: Kysely<DB>, range: repo.IdRange) => Promise<void>,
    batch = options.batch ?? REKONSILIASI_BATCH[options.kind][table],
  ) => {
    for (let after = 0; after < until[table]; after += batch) {
      if (options.signal?.aborted) throw new Stopped();
      await step((trx) => read(trx, [after, Math.min(after + batch, until[table])]));
      await nextTurn();
    }
  };
  await ranges('mutasi', (trx, range) => sums.addEvents(trx, tanggal, range));
  // A journal that was there when the run began is of an event that was there too (ids up to `until.mutasi`).
  await ranges('jurnal', (trx, range) => sums.addJournals(trx, tanggal, range));
  await ranges('baris', (trx, range) => sums.addLines(trx, tanggal, range));
  if (sums.events !== sums.journals)
    await ranges(
      'mutasi',
      (trx, range) => sums.addEventsWithoutJournal(trx, tanggal, range),
      options.batch ?? REKONSILIASI_BATCH[options.kind].tanpaJurnal,
    );
}

/**
 * The day closed, in the transaction that stores its result: what was written since the ranges
 * were read (ids after `from`), the kept balances, the fund and the roles' accounts, then the checks.
 */
async function closeDay(trx: Kysely<DB>, sums: Sums, tanggal: string, from: Until) {
  const since = (table: Table): repo.IdRange => [from[table], NO_END];
  await sums.addEvents(trx, tanggal, since('mutasi'));
  await sums.addEventsWithoutJournal(trx, tanggal, since('mutasi'));
  await sums.addLines(trx, tanggal, since('baris'));
  const kept = await repo.keptBalances(trx, tanggal);
  const fund = await repo.fundTotals(trx, tanggal);
  const roles = await repo.roleAccounts(trx, cekPeran);
  const akunPeran = Object.fromEntries(roles.map(({ peran, ...akun }) => [peran, akun])) as Record<
    (typeof cekPeran)[number],
    AkunRekonsiliasi & { semua_kode: string[] }
  >;
  const angka: AngkaRekonsiliasi = {
    mutasi: [...sums.mutasi].map(([tipe, parts]) => ({ tipe, parts })),
    danaKebajikan: { masuk: Number(fund.masuk), keluar: Number(fund.keluar) },
    akunPeran,
    akun: kept.map((a) => ({
      kode: a.kode,
      nama: a.nama,
      saldo_normal: a.saldo_normal,
      saldo: Number(a.saldo),
      harian: Number(a.harian),
      bulanan: Number(a.bulanan),
      baris: sums.baris.get(a.akun_id)?.baris ?? 0,
      baris_sebelum_bulan: sums.baris.get(a.akun_id)?.baris_sebelum_bulan ?? 0,
    })),
    mutasiTanpaJurnal: sums.mutasiTanpaJurnal,
  };
  return hasilRekonsiliasi(angka);
}

/**
 * Reconciles the books as of `tanggal` and stores the result; `claim` makes it the daily job's
 * run of that day (once: a finished day is 'already', a day another process holds is 'busy').
 * On PostgreSQL everything is read in one repeatable-read snapshot (the job's row locked for the
 * run); on PGlite each range is a transaction of its own, so that requests are answered between
 * them, and the day is closed in the transaction that stores it: PGlite's one connection never
 * runs two transactions at once, so what was written meanwhile has ids after the ranges and is
 * read there with the balances it moved.
 */
async function reconcile(
  db: Kysely<DB>,
  tanggal: string,
  by: { claim: true } | { claim: false; userId: number },
  options: Options,
): Promise<{ outcome: 'done' | 'already' | 'busy'; id: number | null }> {
  const claim = async (trx: Kysely<DB>) => {
    if (!by.claim) return 'ok' as const;
    const run = await claimRun(trx, REKONSILIASI_JOB, tanggal);
    if (!run) return 'busy' as const;
    return run.finished_at ? ('already' as const) : ('ok' as const);
  };
  const store = async (trx: Kysely<DB>, sums: Sums, from: Until) => {
    const checks = await closeDay(trx, sums, tanggal, from);
    const id = await repo.insertReconciliation(trx, { tanggal, dijalankan_oleh: by.claim ? null : by.userId }, checks);
    if (by.claim) await advanceRun(trx, REKONSILIASI_JOB, tanggal, 0, checks.length, true);
    return id;
  };
  const sums = new Sums();

  if (options.kind === 'postgres') {
    // The job's row is made first on its own, so that the snapshot's lock below never waits for
    // another process's insert of it.
    if (by.claim) {
      const first = await db.transaction().execute(claim);
      if (first !== 'ok') return { outcome: first, id: null };
    }
    try {
      return await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const claimed = await claim(trx);
          if (claimed !== 'ok') return { outcome: claimed, id: null };
          const until = await repo.lastIds(trx);
          await readRanges((work) => work(trx), sums, tanggal, until, options);
          return { outcome: 'done' as const, id: await store(trx, sums, until) };
        });
    } catch (err) {
      // Another process finished the day after this snapshot was taken.
      if (isSerializationFailure(err)) return { outcome: 'busy', id: null };
      if (err instanceof Stopped) return { outcome: 'busy', id: null };
      throw err;
    }
  }

  const first = await db.transaction().execute(async (trx) => ({ claimed: await claim(trx), until: await repo.lastIds(trx) }));
  if (first.claimed !== 'ok') return { outcome: first.claimed, id: null };
  const step: Step = (work) => db.transaction().execute(work);
  try {
    await readRanges(step, sums, tanggal, first.until, options);
  } catch (err) {
    if (err instanceof Stopped) return { outcome: 'busy', id: null };
    throw err;
  }
  return db.transaction().execute(async (trx) => {
    const claimed = await claim(trx);
    if (claimed !== 'ok') return { outcome: claimed, id: null };
    return { outcome: 'done' as const, id: await store(trx, sums, first.until) };
  });
}

/**
 * The daily job: reconciles the books as of `tanggal` (yesterday, `reconciliationDay`) once,
 * across processes and calls: 'already' when the day was done, 'busy' when another process (or
 * call) holds it or the run was stopped; a run that did not finish (a crash, a stop) runs again.
 */
export function runDailyReconciliation(db: Kysely<DB>, tanggal: string, options: Options) {
  return reconcile(db, tanggal, { claim: true }, options);
}

/**
 * Reconciles the books now, as of `input.tanggal` (default `today`, never after it), for a user
 * (an administrator), and answers the stored result.
 */
export async function reconcileNow(
  db: Kysely<DB>,
  userId: number,
  input: RekonsiliasiRunInput,
  options: Options & { today: string },
): Promise<Rekonsiliasi> {
  const tanggal = input.tanggal ?? options.today;
  if (tanggal > options.today) throw validationFailed([{ path: 'tanggal', msg: m.tanggalMasaDepan }], m.tanggalMasaDepan);
  const { id } = await reconcile(db, tanggal, { claim: false, userId }, options);
  const stored = await repo.reconciliation(db, id!);
  return toAnswer(stored!);
}

/** The latest reconciliation, or null before the first. */
export async function latestReconciliation(db: Kysely<DB>): Promise<Rekonsiliasi | null> {
  const row = await repo.reconciliation(db, 'terbaru');
  return row ? toAnswer(row) : null;
}

function toAnswer(row: NonNullable<Awaited<ReturnType<typeof repo.reconciliation>>>): Rekonsiliasi {
  return {
    id: row.id,
    tanggal: row.tanggal,
    dijalankan_pada: instantText(row.created_at),
    dijalankan_oleh: row.dijalankan_oleh,
    cocok: row.cocok,
    cek: (row.cek ?? []).map((c) => ({
      ...c,
      label: cekRekonsiliasiLabels[c.cek],
      satuan: satuanCek(c.cek),
      seharusnya: Number(c.seharusnya),
      tercatat: Number(c.tercatat),
      selisih: Number(c.selisih),
    })),
  };
}
