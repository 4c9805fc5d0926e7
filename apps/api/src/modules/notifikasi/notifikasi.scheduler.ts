import type { FastifyInstance } from 'fastify';
import { jakartaInstant, nextJakartaTime } from '@mizan/core';
import { todayOf } from '../../lib/clock';
import { getNotifikasiSetting } from '../settings/settings.service';
import { sendDailyRecap } from './notifikasi.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily recap's scheduler of this process (modules/notifikasi). */
    recapJob: {
      /** Resolves when no check is in progress (tests). */
      idle(): Promise<void>;
    };
  }
}

/**
 * Sends the daily recap at the setting's `jam_rekap` (Asia/Jakarta), and at start when that time of
 * today has passed and today's recap was not sent (a server that was off at 17:00). The time is read
 * again at every planning, so a change takes effect from the next recap (at the latest after one
 * hour: the plan is checked hourly).
 */
export function scheduleDailyRecap(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  const at = async () => {
    const [hour, minute] = (await getNotifikasiSetting(app.db)).jam_rekap.split(':').map(Number) as [number, number];
    return { hour, minute };
  };

  const runIfDue = async () => {
    const now = app.clock.now();
    const today = todayOf(app.clock);
    const { hour, minute } = await at();
    if (now.getTime() < jakartaInstant(today, hour, minute).getTime()) return;
    const outcome = await sendDailyRecap(app.db, app.notifier, today);
    if (outcome === 'sent') {
      app.log.info({ tanggal: today }, 'daily recap queued');
      app.notifier.committed();
    }
  };

  const plan = async () => {
    if (stopped) return;
    const { hour, minute } = await at();
    const next = nextJakartaTime(app.clock.now(), hour, minute).getTime() - app.clock.now().getTime();
    // Checked at least hourly, so a changed time is followed.
    timer = setTimeout(
      () => {
        running = runIfDue()
          .catch((err: unknown) => app.log.error({ err }, 'daily recap failed; tried again within the hour'))
          .finally(() => void plan().catch(() => {}));
      },
      Math.max(1000, Math.min(next + 1000, 3_600_000)),
    );
    timer.unref();
  };

  app.decorate('recapJob', {
    async idle() {
      await running;
    },
  });

  app.addHook('onReady', async () => {
    running = runIfDue()
      .catch((err: unknown) => app.log.error({ err }, 'daily recap failed at start'))
      .finally(() => void plan().catch(() => {}));
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
