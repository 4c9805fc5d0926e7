// The derivation of the money events of loans recorded before them (issue 47 item 5: the job of
// migration 2026_12_04_0900, `backfillLoanEvents`), at scale: every loan's events are emptied and
// derived again from its payments (the akad, then each payment in date order), timed with the
// event loop's delay measured meanwhile in the same process (the job runs in the server's process).
// Target of issue 47: 100 000 customers / 3 000 000 payments within 20 minutes on PGlite and 10 on
// PostgreSQL, pro rata when the data has another count; the loop never held 100 ms or more. After
// it, every loan's events add up to its stored balances (checked on a sample). Since the books
// (issue 48) each event is written with its journal, so this is also the journals' migration for a
// database from before the events; a database that had the events before the books journals them
// with `backfillJournals` (migration 2026_12_07_0910), measured after it the same way (its
// journals emptied, journalled again; same target). After both, the trial balance balances.
import { sql } from 'kysely';
import { partsAreZero, todayJakarta } from '@mizan/core';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { deleteRuns } from '../apps/api/src/db/job-runs';
import { BACKFILL_JOB, backfillLoanEvents, eventsAgree } from '../apps/api/src/modules/mutasi/mutasi.service';
import {
  JURNAL_BACKFILL_BATCH,
  JURNAL_BACKFILL_JOB,
  backfillJournals,
} from '../apps/api/src/modules/akuntansi/akuntansi.service';
import { withLoopDelay } from './ledger-job';

export const MUTASI_JOB_TARGET_SECONDS = { pglite: 20 * 60, postgres: 10 * 60 } as const;
export const MUTASI_JOB_LOOP_MS = 100;
/** The payments the target is set for. */
const TARGET_PAYMENTS = 3_000_000;

export interface MutasiJobFigures {
  loans: number;
  payments: number;
  events: number;
  seconds: number;
  loopMaxMs: number;
  loopP99Ms: number;
  /** Seconds allowed for this many payments (pro rata of the target). */
  allowedSeconds: number;
  /** Loans of a sample whose events did not add up to their balances (must be 0). */
  disagreeing: number;
  /** The journals of events recorded before the books: written again from the events alone. */
  journals: { events: number; lines: number; seconds: number; loopMaxMs: number; loopP99Ms: number };
  /** Debits less credits over every line, and the per-account balances' sum less the lines' (both must be 0). */
  trialBalanceDifference: number;
  balancesDifference: number;
  /** Money events left without a journal after the back-fill (an event that moves nothing the books hold has none). */
  eventsWithoutJournal: number;
  status: 'met' | 'NOT MET';
}

export async function measureMutasiJob(env: Record<string, string>, kind: 'pglite' | 'postgres'): Promise<MutasiJobFigures> {
  const config = loadConfig({ ...process.env, ...env });
  const handle = await openDatabase(config);
  try {
    const today = todayJakarta();
    // As a database migrated from before the events: none, and the job not run.
    const emptyBooks = () => sql`truncate jurnal_baris, jurnal, saldo_akun_harian, saldo_akun_bulanan`.execute(handle.db);
    await sql`truncate jurnal_baris, jurnal, saldo_akun_harian, saldo_akun_bulanan, mutasi_pinjaman`.execute(handle.db);
    await deleteRuns(handle.db, BACKFILL_JOB);
    const { result, ...measured } = await withLoopDelay(() => backfillLoanEvents(handle.db, today, { kind }));
    // As a database migrated from issue 47's events to the books: events, no journals.
    await emptyBooks();
    await deleteRuns(handle.db, JURNAL_BACKFILL_JOB);
    const journalled = await withLoopDelay(() => backfillJournals(handle.db, { batch: JURNAL_BACKFILL_BATCH[kind] }));
    const books = (
      await sql<{ lines: number; selisih: number; saldo_selisih: number; tanpa_jurnal: number }>`
        select (select count(*) from jurnal_baris)::int as lines,
               (select count(*) from mutasi_pinjaman m where not exists (select 1 from jurnal j where j.mutasi_id = m.id))::int
                 as tanpa_jurnal,
               (select coalesce(sum(debit - kredit), 0) from jurnal_baris)::bigint as selisih,
               abs((select coalesce(sum(debit), 0) from saldo_akun_harian) - (select coalesce(sum(debit), 0) from jurnal_baris))
             + abs((select coalesce(sum(kredit), 0) from saldo_akun_harian) - (select coalesce(sum(kredit), 0) from jurnal_baris))
             + abs((select coalesce(sum(debit), 0) from saldo_akun_bulanan) - (select coalesce(sum(debit), 0) from jurnal_baris))
             + abs((select coalesce(sum(kredit), 0) from saldo_akun_bulanan) - (select coalesce(sum(kredit), 0) from jurnal_baris))
               ::bigint as saldo_selisih`.execute(handle.db)
    ).rows[0]!;
    const counts = (
      await sql<{ payments: number; events: number }>`
        select (select count(*) from pembayaran where deleted_at is null)::int as payments,
               (select count(*) from mutasi_pinjaman)::int as events`.execute(handle.db)
    ).rows[0]!;
    const sample = (await sql<{ id: number }>`select id from pinjaman order by random() limit 200`.execute(handle.db)).rows;
    let disagreeing = 0;
    for (const { id } of sample) if (!partsAreZero((await eventsAgree(handle.db, id, today)).selisih)) disagreeing += 1;
    const allowedSeconds = (MUTASI_JOB_TARGET_SECONDS[kind] * Math.max(counts.payments, 1)) / TARGET_PAYMENTS;
    const ok =
      measured.seconds <= allowedSeconds &&
      measured.loopMaxMs < MUTASI_JOB_LOOP_MS &&
      disagreeing === 0 &&
      journalled.seconds <= allowedSeconds &&
      journalled.loopMaxMs < MUTASI_JOB_LOOP_MS &&
      books.selisih === 0 &&
      books.saldo_selisih === 0;
    return {
      loans: result ?? 0,
      payments: counts.payments,
      events: counts.events,
      ...measured,
      allowedSeconds,
      disagreeing,
      journals: {
        events: journalled.result ?? 0,
        lines: books.lines,
        seconds: journalled.seconds,
        loopMaxMs: journalled.loopMaxMs,
        loopP99Ms: journalled.loopP99Ms,
      },
      trialBalanceDifference: books.selisih,
      balancesDifference: books.saldo_selisih,
      eventsWithoutJournal: books.tanpa_jurnal,
      status: ok ? 'met' : 'NOT MET',
    };
  } finally {
    await handle.close();
  }
}

export const mutasiJobLines = (f: MutasiJobFigures) => [
  `mutasi pinjaman diturunkan (job migrasi 2026_12_04_0900): ${f.loans.toLocaleString('id-ID')} pinjaman, ` +
    `${f.payments.toLocaleString('id-ID')} pembayaran → ${f.events.toLocaleString('id-ID')} mutasi, ${f.seconds.toFixed(1)} dtk ` +
    `(boleh ${f.allowedSeconds.toFixed(0)} dtk), event loop maks ${f.loopMaxMs.toFixed(0)} ms, p99 ${f.loopP99Ms.toFixed(0)} ms, ` +
    `${f.disagreeing} dari 200 contoh tidak cocok: ${f.status}`,
  `jurnal mutasi yang sudah ada (job migrasi 2026_12_07_0910): ${f.journals.events.toLocaleString('id-ID')} mutasi → ` +
    `${f.journals.lines.toLocaleString('id-ID')} baris jurnal, ${f.journals.seconds.toFixed(1)} dtk (boleh ${f.allowedSeconds.toFixed(0)} dtk), ` +
    `event loop maks ${f.journals.loopMaxMs.toFixed(0)} ms, p99 ${f.journals.loopP99Ms.toFixed(0)} ms; ` +
    `neraca saldo selisih Rp ${f.trialBalanceDifference}, saldo per akun selisih Rp ${f.balancesDifference}, ` +
    `${f.eventsWithoutJournal} mutasi tanpa jurnal: ${f.status}`,
];

// `npx tsx bench/mutasi-job.ts`: this measurement alone, on the scale database npm run bench uses.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { prepareDatabase } = await import('./prepare');
  const prepared = await prepareDatabase();
  const figures = await measureMutasiJob(prepared.env, prepared.kind);
  for (const line of mutasiJobLines(figures)) console.log(line);
}
