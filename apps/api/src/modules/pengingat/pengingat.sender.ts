import type { Kysely } from 'kysely';
import { isInWindow, pauseSeconds, todayJakarta } from '@mizan/core';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { WhatsApp } from '../../lib/whatsapp';
import { createRounds } from '../../lib/whatsapp/rounds';
import { getPengingatSetting } from '../settings/settings.service';
import * as repo from './pengingat.repository';
import { capToday, checkBeforeSend } from './pengingat.service';

/** How often the sender looks without being told (the window opening at 08:00, another process's plan). */
export const REMINDER_POLL_MS = 60_000;

/**
 * The sender of reminders (issue 24, part B), apart from the notifications' dispatcher: only
 * while WhatsApp is READY, reminders are on and the window is open (POJK 22/2023 Pasal 62:
 * core `isInWindow`), one at a time in due-date order, each checked again right before it goes
 * (paid meanwhile, loan lunas or deleted, customer opted out → SKIPPED with the reason), with the
 * setting's random pause between two (default 20–45 s) and no more than the day's cap (the first
 * week's after a number was linked). What is left at the day's end becomes EXPIRED: never sent
 * late. Each row is claimed QUEUED → SENDING before its call (lib/whatsapp/outbox.ts), so with
 * several processes no reminder goes twice.
 */
export function createReminderSender(options: {
  db: Kysely<DB>;
  wa: WhatsApp;
  clock: Clock;
  /** The pause between two reminders (tests shorten it). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onError?: (error: unknown) => void;
}) {
  const { db, wa, clock } = options;
  const random = options.random ?? Math.random;
  /** The earliest time (ms, real clock) the next reminder may go. */
  let nextAt = 0;
  const wakers = new Set<() => void>();

  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          wakers.delete(done);
          resolve();
        };
        const t = setTimeout(done, ms);
        wakers.add(done);
      }));

  const drain = async (active: () => boolean) => {
    while (active()) {
      const now = clock.now();
      const today = todayJakarta(now);
      await repo.expireBefore(db, today);
      const setting = await getPengingatSetting(db);
      if (!setting.aktif || !isInWindow(now, setting)) return;
      const row = await repo.nextQueued(db, today);
      if (!row) return;
      if ((await capToday(db, wa, now, setting)).sisa <= 0) return;
      const check = await checkBeforeSend(db, row, today);
      if (check.reason !== null) {
        await repo.markSkipped(db, row.id, check.reason);
        continue;
      }
      const wait = nextAt - Date.now();
      if (wait > 0) {
        // Everything is checked again after the pause (a payment may come in meanwhile).
        await sleep(wait);
        nextAt = 0;
        continue;
      }
      if (check.phone !== row.phone_number) await repo.changePhone(db, row.id, check.phone);
      await wa.outbox.deliver([{ idempotencyKey: row.idempotency_key, phone: check.phone, text: row.text }]);
      nextAt = Date.now() + pauseSeconds([setting.jeda_detik.min, setting.jeda_detik.max], random()) * 1000;
    }
  };

  return createRounds({
    gateway: wa.gateway,
    drain,
    pollMs: REMINDER_POLL_MS,
    ...(options.onError ? { onError: options.onError } : {}),
    onClose: () => {
      for (const wake of wakers) wake();
    },
  });
}
