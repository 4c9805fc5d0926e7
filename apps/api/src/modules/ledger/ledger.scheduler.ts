import type { FastifyInstance } from 'fastify';
import { nextJakartaTime } from '@mizan/core';
import { todayOf } from '../../lib/clock';
import { dailyVacuum } from '../../db/maintenance';
import { LEDGER_BATCH, forgetLedgerDay, runDailyLedger } from './ledger.service';
import { getKolektibilitasSetting } from '../settings/settings.service';
import { backfillLoanEvents, gradeAllCustomers } from '../mutasi/mutasi.service';
import { JURNAL_BACKFILL_BATCH, backfillJournals } from '../akuntansi/akuntansi.service';
import { monthEndProvision } from './ledger.service';
import { reconciliationDay, runDailyReconciliation } from '../akuntansi/rekonsiliasi.service';
import { BACKFILL_BATCH, backfillMonthEnds } from '../portfolio/portfolio.service';

/** When the daily ledger runs: 00:05 in Jakarta, after the day's first minutes. */
export const LEDGER_HOUR = 0;
export const LEDGER_MINUTE = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily ledger job of this process (modules/ledger). */
    ledgerJob: {
      /** Computes today's ledgers again (after the classification changed), after any run in progress. */
      rerunToday(): void;
      /** Resolves when no run is in progress (tests). */
      idle(): Promise<void>;
    };
  }
}

/**
 * Runs the daily ledger at 00:05 Asia/Jakarta, and when the server is ready (a server that was
 * off at midnight, a first start on old data; a day already done is left alone), each run followed
 * by the grading of customers (one customer, one grade), the back-fill of the portfolio's
 * missing month-ends (modules/portfolio) and the reconciliation of the books as of yesterday
 * (modules/akuntansi). A run in progress is not started twice in this process;
 * other processes on the same PostgreSQL skip the day's batches another one holds (ledger.service.ts). Closing the server
 * stops between batches; the next start resumes at the saved cursor.
 */
export function scheduleDailyLedger(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  /** Today's run is to be done again when the current one ends (the classification changed). */
  let again = false;
  const stop = new AbortController();

  const work = async (tanggal: string) => {
    if (again) {
      again = false;
      await forgetLedgerDay(app.db, tanggal);
    }
    // The loans recorded before the money module get their events (once; resumed where it stopped).
    const derived = await backfillLoanEvents(app.db, tanggal, { signal: stop.signal, kind: app.dbKind });
    if (derived) app.log.info({ derived }, 'money events derived for loans recorded before them');
    // The money events recorded before the books get their journals (once; resumed where it stopped).
    const journalled = await backfillJournals(app.db, { batch: JURNAL_BACKFILL_BATCH[app.dbKind], signal: stop.signal });
    if (journalled) app.log.info({ journalled }, 'money events recorded before the books journalled');
    const result = await runDailyLedger(app.db, tanggal, {
      signal: stop.signal,
      batch: LEDGER_BATCH[app.dbKind],
      notifier: app.notifier,
    });
    app.notifier.committed();
    if (result.outcome === 'done')
      app.log.info({ tanggal, processed: result.processed, written: result.written }, 'daily ledger finished');
    if (result.outcome === 'busy') return;
    // One customer, one grade: the job moved each loan's own class; the customer's worst again.
    const setting = await getKolektibilitasSetting(app.db);
    if (setting.satu_nasabah_satu_kualitas) await gradeAllCustomers(app.db, setting.bands, stop.signal);
    // Month-ends of the last 12 months with no snapshot (a first start on old data, a server
    // that was off over a month's end) are computed from the payment history.
    const backfill = await backfillMonthEnds(app.db, tanggal, { signal: stop.signal, batch: BACKFILL_BATCH[app.dbKind] });
    if (backfill.outcome === 'done' && backfill.filled.length > 0)
      app.log.info({ filled: backfill.filled, processed: backfill.processed }, 'portfolio month-ends back-filled');
    // The month-end provision (PPAP) of the last month-end, once its snapshot exists.
    const ppap = await monthEndProvision(app.db, tanggal);
    if (ppap?.outcome === 'done') app.log.info({ selisih: ppap.selisih }, 'month-end provision (PPAP) journalled');
    // The books reconciled as of yesterday (once a day across processes; docs/decisions/books.md).
    // A failure is logged and leaves the day to the next start or 00:05, without stopping the vacuum.
    const day = reconciliationDay(tanggal);
    await runDailyReconciliation(app.db, day, { kind: app.dbKind, signal: stop.signal }).then(
      ({ outcome, id }) => {
        if (outcome === 'done') app.log.info({ tanggal: day, rekonsiliasi: id }, 'books reconciled');
      },
      (err: unknown) =>
        app.log.error({ err, tanggal: day }, 'books reconciliation failed; it runs again at the next start or 00:05'),
    );
    // PGlite has no autovacuum: the day's rewritten rows are vacuumed, a table per turn (db/maintenance.ts).
    const vacuum = await dailyVacuum(app.db, app.dbKind, tanggal, stop.signal);
    if (vacuum.waiting.length > 0)
      app.log.info({ tables: vacuum.waiting }, 'tables with many dead rows are vacuumed at the next start');
  };

  const run = (): Promise<void> | null => {
    if (running || stop.signal.aborted) return running;
    const tanggal = todayOf(app.clock);
    running = work(tanggal)
      .catch((err: unknown) =>
        app.log.error({ err, tanggal }, 'daily ledger or portfolio back-fill failed; it runs again at the next start or 00:05'),
      )
      .finally(() => {
        running = null;
        if (again && !stop.signal.aborted) void run();
      });
    return running;
  };

  app.decorate('ledgerJob', {
    rerunToday() {
      again = true;
      void run();
    },
    async idle() {
      while (running) await running;
    },
  });

  const planNext = () => {
    const wait = nextJakartaTime(app.clock.now(), LEDGER_HOUR, LEDGER_MINUTE).getTime() - app.clock.now().getTime();
    timer = setTimeout(
      () => {
        void run()?.then(planNext);
      },
      Math.max(1000, wait),
    );
    timer.unref();
  };

  // At every start: the day's ledger if it is not done yet (a finished day answers 'already' from
  // one locked row), then the month-ends still missing (none, once filled).
  app.addHook('onReady', async () => {
    void run();
    planNext();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    stop.abort();
    await running;
  });
}
