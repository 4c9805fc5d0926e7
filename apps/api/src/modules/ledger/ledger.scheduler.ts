import type { FastifyInstance } from 'fastify';
import { nextJakartaTime } from '@mizan/core';
import { todayOf } from '../../lib/clock';
import { LEDGER_BATCH, lastLedgerRun, runDailyLedger } from './ledger.service';

/** When the daily ledger runs: 00:05 in Jakarta, after the day's first minutes. */
export const LEDGER_HOUR = 0;
export const LEDGER_MINUTE = 5;

/**
 * Runs the daily ledger at 00:05 Asia/Jakarta, and once when the server is ready if the last
 * finished run is older than today (a server that was off at midnight, a first start on old
 * data). A run in progress is not started twice in this process; other processes on the same
 * PostgreSQL skip the day's batches another one holds (ledger.service.ts). Closing the server
 * stops between batches; the next start resumes at the saved cursor.
 */
export function scheduleDailyLedger(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const stop = new AbortController();

  const run = () => {
    if (running || stop.signal.aborted) return running;
    const tanggal = todayOf(app.clock);
    running = runDailyLedger(app.db, tanggal, { signal: stop.signal, batch: LEDGER_BATCH[app.dbKind] })
      .then((result) => {
        if (result.outcome === 'done')
          app.log.info({ tanggal, processed: result.processed, written: result.written }, 'daily ledger finished');
      })
      .catch((err: unknown) => app.log.error({ err, tanggal }, 'daily ledger failed; it runs again at the next start or 00:05'))
      .finally(() => {
        running = null;
      });
    return running;
  };

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

  app.addHook('onReady', async () => {
    const last = await lastLedgerRun(app.db);
    if (last === null || last < todayOf(app.clock)) void run();
    planNext();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    stop.abort();
    await running;
  });
}
