import type { Database } from '../../db/database';
import { messageLog, type NewWaMessage, type WaMessageRow } from './message-log.repository';
import type { WaGateway, WaNumberCheck } from './types';

export const NOT_ON_WHATSAPP = 'Nomor tidak terdaftar di WhatsApp';

export interface OutboxOptions {
  /** Random pause between two consecutive sends, [min, max] in ms. */
  gapMs: readonly [number, number];
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Where the time a message is handed over is read (the app's clock: the day's cap counts by it). */
  now?: () => Date;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends through the gateway without ever losing or doubling a message: rows are logged before
 * anything leaves (message-log.repository.ts), numbers are checked for WhatsApp first, and sends are paced
 * one at a time across the whole process with a small random gap.
 */
export class WaOutbox {
  private chain: Promise<unknown> = Promise.resolve();
  private nextSendAt = 0;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly gateway: WaGateway,
    private readonly options: OutboxOptions,
  ) {
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /**
   * Logs and sends each message whose idempotency key is new; a key seen before is not sent
   * again. Resolves with the log row of every key once this batch is settled.
   */
  async send(items: NewWaMessage[]): Promise<Map<string, WaMessageRow>> {
    const sessionId = this.gateway.snapshot().session_id;
    const fresh = await messageLog.enqueue(
      this.db,
      items.map((item) => ({ sessionId, ...item })),
    );
    await this.deliver(items.filter((item) => fresh.has(item.idempotencyKey)));
    return messageLog.findByKeys(
      this.db,
      items.map((item) => item.idempotencyKey),
    );
  }

  /**
   * Hands QUEUED log rows over to WhatsApp, paced: the numbers are checked first (a number
   * without WhatsApp fails its row), then each row is claimed (QUEUED → SENDING: of several
   * processes or calls only one wins a row) and sent.
   */
  async deliver(items: ReadonlyArray<Pick<NewWaMessage, 'idempotencyKey' | 'phone' | 'text'>>): Promise<void> {
    if (items.length === 0) return;
    let checks: Map<string, WaNumberCheck> | null = null;
    try {
      const phones = [...new Set(items.map((item) => item.phone))];
      checks = new Map((await this.gateway.checkNumbers(phones)).map((check) => [check.phone, check]));
    } catch (error) {
      // Nothing has left yet: failing these rows is safe.
      for (const item of items) {
        await messageLog.markFailed(this.db, item.idempotencyKey, `Gagal memeriksa nomor WhatsApp: ${describe(error)}`);
      }
      return;
    }
    for (const item of items) {
      const check = checks.get(item.phone);
      if (!check?.exists) {
        await messageLog.markFailed(this.db, item.idempotencyKey, NOT_ON_WHATSAPP);
        continue;
      }
      await this.paced(() => this.sendOne(item, check.jid));
    }
  }

  /** Runs `task` after every earlier paced task, no sooner than the random gap after the last. */
  private paced(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(async () => {
      const wait = this.nextSendAt - Date.now();
      if (wait > 0) await this.sleep(wait);
      try {
        await task();
      } finally {
        const [min, max] = this.options.gapMs;
        this.nextSendAt = Date.now() + min + Math.round(this.random() * (max - min));
      }
    });
    this.chain = run.catch(() => {});
    return run;
  }

  private async sendOne(item: Pick<NewWaMessage, 'idempotencyKey' | 'phone' | 'text'>, jid: string | null) {
    const messageId = this.gateway.newMessageId();
    // Written before the call: if the process dies during it, the row says SENDING (→ UNCERTAIN).
    if (!(await messageLog.claim(this.db, item.idempotencyKey, messageId, this.options.now?.()))) return;
    try {
      const sent = await this.gateway.sendText(item.phone, item.text, { messageId, jid });
      await messageLog.markSent(this.db, item.idempotencyKey, sent.messageId);
    } catch (error) {
      await messageLog.markFailed(this.db, item.idempotencyKey, describe(error));
    }
  }
}

function describe(error: unknown): string {
  return (error as Error)?.message || String(error);
}
