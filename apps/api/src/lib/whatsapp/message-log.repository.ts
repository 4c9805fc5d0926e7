import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { WaMessagesTable } from '../../db/schema';
import type { WaAckStatus } from './types';

export type WaMessageRow = Selectable<WaMessagesTable>;
export type WaMessageStatus = WaMessageRow['status'];

/** Statuses that mean the message reached WhatsApp. */
export const DELIVERED_STATUSES: readonly WaMessageStatus[] = ['SENT', 'DELIVERED', 'READ'];

export const UNCERTAIN_MESSAGE =
  'Server berhenti saat pesan sedang dikirim; tidak pasti apakah pesan terkirim. Pesan ini tidak dikirim ulang otomatis.';
export const ABANDONED_MESSAGE = 'Tidak dikirim: server berhenti sebelum pesan ini dikirim.';

const MAX_ERROR_LENGTH = 500;
/** Rows per insert statement (14 parameters each, far below PostgreSQL's 65 535). */
const ENQUEUE_CHUNK = 2000;

export interface NewWaMessage {
  idempotencyKey: string;
  /** What kind of message (default 'test'). */
  jenis?: 'test' | 'notifikasi' | 'pengingat' | 'manual' | 'balasan';
  /** The event a notification tells of. */
  acara?: string | null;
  recipientId: number | null;
  /** The recipient's name as it is now (kept with the message). */
  nama?: string | null;
  phone: string;
  text: string;
  createdBy: number | null;
  /** The gateway session it is sent on (WaSnapshot.session_id). */
  sessionId?: string | null;
  /** A reminder's (or a message by hand's) customer, loan, instalment and due date. */
  nasabahId?: number | null;
  pinjamanId?: number | null;
  angsuranKe?: number | null;
  jatuhTempo?: string | null;
  /** The Jakarta day a reminder belongs to (EXPIRED after it). */
  untukTanggal?: string | null;
}

/**
 * The message log (table wa_messages): every message is written QUEUED before anything is sent,
 * SENDING with its message id just before the gateway call, then SENT or FAILED, later DELIVERED
 * or READ from receipts. After a crash, SENDING rows become UNCERTAIN and are never re-sent.
 * Every transition names the state it leaves, so two writers can never both move one row.
 */
export const messageLog = {
  /**
   * Writes QUEUED rows; a key that exists already is left alone. Returns the keys of new rows.
   * In statements of ENQUEUE_CHUNK rows (a day's reminders can be thousands; a statement's
   * parameters are limited).
   */
  async enqueue(db: Database, messages: NewWaMessage[]): Promise<Set<string>> {
    const fresh = new Set<string>();
    for (let i = 0; i < messages.length; i += ENQUEUE_CHUNK) {
      const inserted = await db
        .insertInto('wa_messages')
        .values(
          messages.slice(i, i + ENQUEUE_CHUNK).map((m) => ({
            idempotency_key: m.idempotencyKey,
            recipient_id: m.recipientId,
            phone_number: m.phone,
            nama: m.nama ?? null,
            text: m.text,
            status: 'QUEUED' as const,
            created_by: m.createdBy,
            session_id: m.sessionId ?? null,
            jenis: m.jenis ?? 'test',
            acara: m.acara ?? null,
            nasabah_id: m.nasabahId ?? null,
            pinjaman_id: m.pinjamanId ?? null,
            angsuran_ke: m.angsuranKe ?? null,
            jatuh_tempo: m.jatuhTempo ?? null,
            untuk_tanggal: m.untukTanggal ?? null,
          })),
        )
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('idempotency_key')
        .execute();
      for (const row of inserted) fresh.add(row.idempotency_key);
    }
    return fresh;
  },

  async findByKeys(db: Database, keys: string[]): Promise<Map<string, WaMessageRow>> {
    if (keys.length === 0) return new Map();
    const rows = await db.selectFrom('wa_messages').selectAll().where('idempotency_key', 'in', keys).execute();
    return new Map(rows.map((row) => [row.idempotency_key, row]));
  },

  /**
   * QUEUED → SENDING with the message id about to be used (one attempt more), at `at` (the day's
   * cap counts it). False if the row was not QUEUED.
   */
  async claim(db: Database, key: string, messageId: string, at: Date = new Date()): Promise<boolean> {
    const result = await db
      .updateTable('wa_messages')
      .set((eb) => ({
        status: 'SENDING',
        message_id: messageId,
        attempts: eb('attempts', '+', 1),
        dikirim_pada: at,
        updated_at: new Date(),
      }))
      .where('idempotency_key', '=', key)
      .where('status', '=', 'QUEUED')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** SENDING → SENT (a receipt that arrived first keeps its DELIVERED/READ). */
  async markSent(db: Database, key: string, messageId: string) {
    await db
      .updateTable('wa_messages')
      .set({ status: 'SENT', message_id: messageId, error: null, updated_at: new Date() })
      .where('idempotency_key', '=', key)
      .where('status', '=', 'SENDING')
      .execute();
  },

  /** When a test message (key `test:…`) last reached WhatsApp on this session; null if none did. */
  async lastTestSentAt(db: Database, sessionId: string): Promise<Date | null> {
    const row = await db
      .selectFrom('wa_messages')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('session_id', '=', sessionId)
      .where('idempotency_key', 'like', 'test:%')
      .where('status', 'in', DELIVERED_STATUSES)
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  },

  /** The oldest waiting notifications, for the dispatcher (reminders have their own sender). */
  queued(db: Database, limit: number) {
    return db
      .selectFrom('wa_messages')
      .select(['idempotency_key', 'phone_number', 'text'])
      .where('status', '=', 'QUEUED')
      .where('jenis', '=', 'notifikasi')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * "Kirim ulang": FAILED or UNCERTAIN → QUEUED, for the sender to hand over again. Returns the
   * row, or null when it was not in one of those states (sent meanwhile, resent by someone else).
   */
  async requeue(db: Database, id: number, untukTanggal?: string) {
    return (
      (await db
        .updateTable('wa_messages')
        .set({ status: 'QUEUED', updated_at: new Date(), ...(untukTanggal ? { untuk_tanggal: untukTanggal } : {}) })
        .where('id', '=', id)
        .where('status', 'in', ['FAILED', 'UNCERTAIN'])
        .returning(['idempotency_key', 'phone_number', 'text'])
        .executeTakeFirst()) ?? null
    );
  },

  /** QUEUED or SENDING → FAILED with the reason. */
  async markFailed(db: Database, key: string, error: string) {
    await db
      .updateTable('wa_messages')
      .set({ status: 'FAILED', error: error.slice(0, MAX_ERROR_LENGTH), updated_at: new Date() })
      .where('idempotency_key', '=', key)
      .where('status', 'in', ['QUEUED', 'SENDING'])
      .execute();
  },

  /** A receipt from WhatsApp: forward only (SENT → DELIVERED → READ); it also settles UNCERTAIN. */
  async applyAck(db: Database, messageId: string, status: WaAckStatus) {
    const from: WaMessageStatus[] =
      status === 'READ' ? ['SENDING', 'SENT', 'DELIVERED', 'UNCERTAIN'] : ['SENDING', 'SENT', 'UNCERTAIN'];
    await db
      .updateTable('wa_messages')
      .set({ status, error: null, updated_at: new Date() })
      .where('message_id', '=', messageId)
      .where('status', 'in', from)
      .execute();
  },

  /**
   * At start-up, before anything is sent: SENDING rows may or may not have reached WhatsApp, so
   * they become UNCERTAIN (never re-sent); QUEUED test, hand-sent and automatic-reply rows were
   * never handed over and their request is gone: FAILED. QUEUED notifications and reminders keep waiting for the
   * sender (lib/whatsapp/dispatcher.ts).
   */
  async recoverAfterRestart(db: Database): Promise<{ uncertain: number; abandoned: number }> {
    const now = new Date();
    const uncertain = await db
      .updateTable('wa_messages')
      .set({ status: 'UNCERTAIN', error: UNCERTAIN_MESSAGE, updated_at: now })
      .where('status', '=', 'SENDING')
      .executeTakeFirst();
    const abandoned = await db
      .updateTable('wa_messages')
      .set({ status: 'FAILED', error: ABANDONED_MESSAGE, updated_at: now })
      .where('status', '=', 'QUEUED')
      .where('jenis', 'in', ['test', 'manual', 'balasan'])
      .executeTakeFirst();
    return { uncertain: Number(uncertain.numUpdatedRows), abandoned: Number(abandoned.numUpdatedRows) };
  },
};
