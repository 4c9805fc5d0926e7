// The portfolio snapshots at scale (issue 23), timed with the event loop's delay measured meanwhile
// in the same process (they run in the server process in production):
// - the close of a day: the portfolio summed from the loans' stored ledgers (what the daily job
//   records before moving on, and what GET /api/dashboard/portfolio computes for "now");
// - the back-fill of the last 12 month-ends from the payment history, as at a first start on old
//   data: every loan granted by the last month-end, its ledger at each of the 12 dates. It runs
//   once in an installation's life (and for a month-end the server was off over).
// The event loop must never be held 100 ms or more.
import { todayJakarta } from '@mizan/core';
import { loadConfig } from '../apps/api/src/config';
import { withLoopDelay } from './ledger-job';
import { openDatabase } from '../apps/api/src/app';
import {
  BACKFILL_BATCH,
  BACKFILL_JOB,
  backfillMonthEnds,
  recordClosingSnapshot,
} from '../apps/api/src/modules/portfolio/portfolio.service';

/** Targets: the back-fill of 300 000 loans within these seconds (pro rata); the loop never held 100 ms. */
export const BACKFILL_TARGET_SECONDS = { pglite: 120, postgres: 60 } as const;
export const PORTFOLIO_LOOP_MS = 100;

interface Timed {
  seconds: number;
  loopMaxMs: number;
  loopP99Ms: number;
}

export interface PortfolioJobFigures {
  closing: Timed;
  backfill: Timed & { loans: number; monthEnds: number };
  targetSeconds: number;
  status: 'met' | 'NOT MET';
}

export async function measurePortfolioJob(
  env: Record<string, string>,
  kind: 'pglite' | 'postgres',
): Promise<PortfolioJobFigures> {
  const config = loadConfig({ ...process.env, ...env });
  const handle = await openDatabase(config);
  const db = handle.db;
  try {
    const today = todayJakarta();
    // A date no real snapshot has, removed again afterwards.
    const probe = '1999-12-31';
    await db.deleteFrom('portfolio_snapshots').where('tanggal', '=', probe).execute();
    const closing = await withLoopDelay(() => recordClosingSnapshot(db, probe));
    await db.deleteFrom('portfolio_snapshots').where('tanggal', '=', probe).execute();

    // As at a first start: no month-end recorded, no back-fill run.
    await db.deleteFrom('portfolio_snapshots').execute();
    await db.deleteFrom('job_runs').where('job', '=', BACKFILL_JOB).execute();
    const backfill = await withLoopDelay(() => backfillMonthEnds(db, today, { batch: BACKFILL_BATCH[kind] }));
    const targetSeconds = BACKFILL_TARGET_SECONDS[kind];
    const allowed = (targetSeconds * Math.max(backfill.result.processed, 1)) / 300_000;
    const loopOk = Math.max(closing.loopMaxMs, backfill.loopMaxMs) < PORTFOLIO_LOOP_MS;
    return {
      closing,
      backfill: { ...backfill, loans: backfill.result.processed, monthEnds: backfill.result.filled.length },
      targetSeconds,
      status: backfill.seconds <= allowed && loopOk ? 'met' : 'NOT MET',
    };
  } finally {
    await handle.close();
  }
}

const loopText = (f: Timed) => `event loop maks ${f.loopMaxMs.toFixed(0)} ms, p99 ${f.loopP99Ms.toFixed(0)} ms`;

export const portfolioJobLines = (f: PortfolioJobFigures) => [
  `snapshot portofolio, susulan 12 akhir bulan: ${f.backfill.loans.toLocaleString('id-ID')} pinjaman × ${f.backfill.monthEnds} tanggal, ` +
    `${f.backfill.seconds.toFixed(1)} dtk, ${loopText(f.backfill)} (target 300.000 pinjaman ≤ ${f.targetSeconds} dtk, loop < ${PORTFOLIO_LOOP_MS} ms): ${f.status}`,
  `snapshot portofolio, tutup hari (dari ringkasan tersimpan): ${(f.closing.seconds * 1000).toFixed(0)} ms, ${loopText(f.closing)}`,
];

// `npx tsx bench/portfolio-job.ts`: this measurement alone, on the scale database npm run bench uses.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { prepareDatabase } = await import('./prepare');
  const prepared = await prepareDatabase();
  const figures = await measurePortfolioJob(prepared.env, prepared.kind);
  for (const line of portfolioJobLines(figures)) console.log(line);
}
