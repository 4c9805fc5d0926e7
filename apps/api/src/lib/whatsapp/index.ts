import type { WaGatewayKind } from '../../config';
import type { Database } from '../../db/database';
import { createDbAuthStore } from './auth-store';
import { BaileysGateway } from './baileys';
import { loadBaileys, type BaileysLogger } from './baileys-module';
import { messageLog } from './message-log.repository';
import { WaOutbox } from './outbox';
import { createDispatcher, type WaDispatcher } from './dispatcher';
import { postgresAdvisoryLock, processLock, type SessionLock } from './session-lock';
import { SimulatorGateway } from './simulator';
import type { WaGateway } from './types';

export * from './types';
export { SimulatorGateway } from './simulator';
export { messageLog, DELIVERED_STATUSES } from './message-log.repository';

/** Pause between two sends (ms). Real WhatsApp: human-like pacing (docs/whatsapp.md). */
export const SEND_GAP_MS: Record<WaGatewayKind, readonly [number, number]> = {
  baileys: [400, 1200],
  simulator: [10, 40],
};

/** The WhatsApp subsystem of one server process: gateway, message log recovery, paced sending. */
export interface WhatsApp {
  readonly gateway: WaGateway;
  readonly outbox: WaOutbox;
  /** The sender of waiting notifications and reminders. */
  readonly dispatcher: WaDispatcher;
  /** Recovers the message log (when this process owns the session), then resumes the session. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateWhatsAppOptions {
  kind: WaGatewayKind;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  logger?: BaileysLogger & { warn(obj: unknown, msg?: string): void };
  /** A ready-made gateway (tests). */
  gateway?: WaGateway;
  /** Where the time of a hand-over is read (the app's clock). */
  now?: () => Date;
}

/** Announced when a message is written to wait in `wa_messages` (migration 2026_12_02_0900). */
export const WA_QUEUED_CHANNEL = 'wa_queued';

export function createWhatsApp({ kind, db, dbKind, logger, gateway: given, now }: CreateWhatsAppOptions): WhatsApp {
  const lock: SessionLock = dbKind === 'postgres' ? postgresAdvisoryLock(db) : processLock;
  const gateway: WaGateway =
    given ??
    (kind === 'simulator'
      ? new SimulatorGateway(lock)
      : new BaileysGateway({ load: loadBaileys, authStore: createDbAuthStore(db), lock, ...(logger ? { logger } : {}) }));
  const outbox = new WaOutbox(db, gateway, { gapMs: SEND_GAP_MS[gateway.kind], ...(now ? { now } : {}) });
  const dispatcher = createDispatcher({
    db,
    gateway,
    outbox,
    onError: (error) => logger?.warn({ err: error }, 'whatsapp sender failed; it tries again in 30 s'),
  });
  const offAck = gateway.on('ack', ({ messageId, status }) => {
    messageLog
      .applyAck(db, messageId, status)
      .catch((error: unknown) => logger?.warn({ err: error }, 'whatsapp receipt not recorded'));
  });

  return {
    gateway,
    outbox,
    dispatcher,
    async start() {
      if (await lock.acquire()) {
        const recovered = await messageLog.recoverAfterRestart(db);
        if (recovered.uncertain + recovered.abandoned > 0)
          logger?.warn(recovered, 'whatsapp message log recovered after a restart');
      }
      await gateway.start();
      dispatcher.start();
    },
    async close() {
      await dispatcher.close();
      offAck();
      await gateway.close();
      await lock.release();
    },
  };
}
