import type { FastifyInstance } from 'fastify';
import { nextJakartaTime } from '@mizan/core';
import { todayOf } from '../../lib/clock';
import { createReminderSender } from './pengingat.sender';
import { PLANNER_SPAN, forgetPlan, handleIncoming, planReminders } from './pengingat.service';
import * as repo from './pengingat.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reminders to customers of this process (modules/pengingat). */
    reminders: {
      /** Plans today again (the setting changed) and sends what may go. */
      replanToday(): Promise<void>;
      /** Sends what may go now. */
      kick(): Promise<void>;
      /** Resolves when no planning, sending or reply handling is in progress (tests). */
      idle(): Promise<void>;
    };
  }
}

export interface ReminderOptions {
  /** The pause between two reminders (tests shorten it). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Reminders to customers (issue 24, part B): plans each Jakarta day's reminders at 00:01 and at
 * start (a server that was off at midnight; a day already planned answers 'already' from one
 * locked row, also with several processes), checked again hourly; sends them through the reminder
 * sender; remembers when a number was first linked (the first week's cap); hears replies (BERHENTI).
 */
export function scheduleReminders(app: FastifyInstance, options: ReminderOptions = {}) {
  const sender = createReminderSender({
    db: app.db,
    wa: app.wa,
    clock: app.clock,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
    onError: (err) => app.log.warn({ err }, 'reminder sender failed; it tries again within a minute'),
  });
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let planning: Promise<unknown> = Promise.resolve();
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };

  const plan = () => {
    planning = planning
      .then(async () => {
        const tanggal = todayOf(app.clock);
        const result = await planReminders(app.db, app.config.institutionName, tanggal, {
          span: PLANNER_SPAN[app.dbKind],
          signal: stop.signal,
        });
        if (result.outcome === 'done') app.log.info({ tanggal, planned: result.planned }, 'reminders planned');
        // Not awaited: a round lasts as long as its pauses between reminders.
        void sender.kick();
      })
      .catch((err: unknown) => app.log.error({ err }, 'planning reminders failed; tried again within the hour'));
    return track(planning);
  };

  const planNext = () => {
    if (stop.signal.aborted) return;
    const wait = nextJakartaTime(app.clock.now(), 0, 1).getTime() - app.clock.now().getTime();
    timer = setTimeout(
      () => {
        void plan().then(planNext);
      },
      Math.max(1000, Math.min(wait, 3_600_000)),
    );
    timer.unref();
  };

  const offStatus = app.wa.gateway.on('status', (snapshot) => {
    if (snapshot.status === 'READY' && snapshot.phone_number)
      void track(
        repo
          .rememberLinked(app.db, snapshot.phone_number, app.clock.now())
          .catch((err: unknown) => app.log.warn({ err }, 'linked number not recorded')),
      );
  });
  const offMessage = app.wa.gateway.on('message', (message) => {
    void track(
      handleIncoming(app.db, app.wa, app.config.institutionName, message)
        .then((outcome) => {
          if (outcome === 'stopped') app.log.info({ phone: message.phone }, 'customer stopped the reminders');
        })
        .catch((err: unknown) => app.log.error({ err }, 'incoming whatsapp message not handled')),
    );
  });

  app.decorate('reminders', {
    async replanToday() {
      await forgetPlan(app.db, todayOf(app.clock));
      await plan();
    },
    kick: () => sender.kick(),
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
      await sender.idle();
    },
  });

  app.addHook('onReady', async () => {
    const snapshot = app.wa.gateway.snapshot();
    if (snapshot.status === 'READY' && snapshot.phone_number)
      await repo.rememberLinked(app.db, snapshot.phone_number, app.clock.now()).catch(() => {});
    sender.start();
    void plan();
    planNext();
  });
  app.addHook('onClose', async () => {
    stop.abort();
    clearTimeout(timer);
    offStatus();
    offMessage();
    await sender.close();
    await Promise.allSettled([...pending]);
  });
}
