// The daily reconciliation of the books (issue 48 item 5, `runDailyReconciliation`) at scale:
// yesterday's run forgotten and run again, timed with the event loop's delay measured meanwhile in
// the same process (the job runs in the server's process). Every money event, journal and
// journal line is read (in ranges on PGlite, one scan each on PostgreSQL). Target: 100 000
// customers / 3 000 000 payments within 2 minutes on PGlite and 1 on PostgreSQL, pro rata when the
// data has another count; the loop never held 100 ms or more. A sound scale database reconciles
// with no difference.
import { sql } from 'kysely';
import { addDays, todayJakarta } from '@mizan/core';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/app';
import { deleteRun } from '../apps/api/src/db/job-runs';
import {
  REKONSILIASI_JOB,
  latestReconciliation,
  runDailyReconciliation,
} from '../apps/api/src/modules/akuntansi/rekonsiliasi.service';
import { withLoopDelay } from './ledger-job';

export const REKONSILIASI_JOB_TARGET_SECONDS = { pglite: 120, postgres: 60 } as const;
export const REKONSILIASI_JOB_LOOP_MS = 100;
/** The payments the target is set for. */
const TARGET_PAYMENTS = 3_000_000;

export interface RekonsiliasiJobFigures {
  events: number;
  lines: number;
  payments: number;
  seconds: number;
  loopMaxMs: number;
  loopP99Ms: number;
  /** Seconds allowed for this many payments (pro rata of the target). */
  allowedSeconds: number;
  /** The checks that found a difference (must be none). */
  differing: string[];
  status: 'met' | 'NOT MET';
}

export async function measureRekonsiliasiJob(
  env: Record<string, string>,
  kind: 'pglite' | 'postgres',
): Promise<RekonsiliasiJobFigures> {
  const config = loadConfig({ ...process.env, ...env });
  const handle = await openDatabase(config);
  try {
    const tanggal = addDays(todayJakarta(), -1);
    await deleteRun(handle.db, REKONSILIASI_JOB, tanggal);
    const measured = await withLoopDelay(() => runDailyReconciliation(handle.db, tanggal, { kind }));
    const result = await latestReconciliation(handle.db);
    const counts = (
      await sql<{ payments: number; events: number; lines: number }>`
        select (select count(*) from pembayaran where deleted_at is null)::int as payments,
               (select count(*) from mutasi_pinjaman)::int as events,
               (select count(*) from jurnal_baris)::int as lines`.execute(handle.db)
    ).rows[0]!;
    const differing = (result?.cek ?? []).filter((c) => !c.cocok).map((c) => `${c.cek} ${c.akun_kode ?? ''}`.trim());
    const allowedSeconds = (REKONSILIASI_JOB_TARGET_SECONDS[kind] * Math.max(counts.payments, 1)) / TARGET_PAYMENTS;
    const ok =
      measured.result.outcome === 'done' &&
      measured.seconds <= allowedSeconds &&
      measured.loopMaxMs < REKONSILIASI_JOB_LOOP_MS &&
      differing.length === 0;
    return {
      ...counts,
      seconds: measured.seconds,
      loopMaxMs: measured.loopMaxMs,
      loopP99Ms: measured.loopP99Ms,
      allowedSeconds,
      differing,
      status: ok ? 'met' : 'NOT MET',
    };
  } finally {
    await handle.close();
  }
}

export const rekonsiliasiJobLines = (f: RekonsiliasiJobFigures) => [
  `rekonsiliasi pembukuan harian: ${f.events.toLocaleString('id-ID')} mutasi, ${f.lines.toLocaleString('id-ID')} baris jurnal, ` +
    `${f.seconds.toFixed(1)} dtk (boleh ${f.allowedSeconds.toFixed(1)} dtk), event loop maks ${f.loopMaxMs.toFixed(1)} ms ` +
    `/ p99 ${f.loopP99Ms.toFixed(1)} ms, ${f.differing.length === 0 ? 'cocok' : `TIDAK COCOK: ${f.differing.join(', ')}`} — ${f.status}`,
];
