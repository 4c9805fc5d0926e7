import type { Database } from '../../db/database';
import { messageLog } from './message-log.repository';
import type { WaOutbox } from './outbox';
import { createRounds } from './rounds';
import type { WaGateway } from './types';

/** How often the sender looks for waiting messages without being told (another process wrote them). */
export const DISPATCH_POLL_MS = 30_000;
/** Waiting messages handed over per round. */
const ROUND = 20;

/**
 * The sender of waiting notifications and reminders (issue 24): messages are written QUEUED (a
 * notification by its reaction after the business write committed, modules/reactions) and wait in
 * the log, across restarts and while WhatsApp is not connected; this hands them over, oldest first,
 * through the outbox's pacing, whenever the session is READY: when told (`kick`, after a round of
 * reactions), when the session becomes READY, and every 30 s. With Baileys only the process that
 * owns the session sends (the others' gateways are never READY); in any case each row is claimed
 * QUEUED → SENDING before its call, so no row is sent by two processes or twice.
 */
export function createDispatcher(options: {
  db: Database;
  gateway: WaGateway;
  outbox: WaOutbox;
  onError?: (error: unknown) => void;
}) {
  const { db, outbox } = options;
  return createRounds({
    gateway: options.gateway,
    pollMs: DISPATCH_POLL_MS,
    ...(options.onError ? { onError: options.onError } : {}),
    drain: async (active) => {
      while (active()) {
        const rows = await messageLog.queued(db, ROUND);
        if (rows.length === 0) return;
        await outbox.deliver(rows.map((r) => ({ idempotencyKey: r.idempotency_key, phone: r.phone_number, text: r.text })));
      }
    },
  });
}

export type WaDispatcher = ReturnType<typeof createDispatcher>;
