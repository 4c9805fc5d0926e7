import type { WaSession, WaTestResult } from '@mizan/core';
import type { Database } from '../../db/database';
import { AppError, conflict, notFound } from '../../lib/errors';
import {
  DELIVERED_STATUSES,
  messageLog,
  SimulatorGateway,
  WaStateError,
  type WaSnapshot,
  type WhatsApp,
} from '../../lib/whatsapp';
import * as recipients from '../wa-recipients/wa-recipients.service';

export const NOT_CONNECTED = 'WhatsApp belum terhubung. Hubungkan WhatsApp di Pengaturan Umum terlebih dahulu.';
export const NO_ACTIVE_RECIPIENTS = 'Belum ada penerima notifikasi aktif. Tambahkan penerima terlebih dahulu.';

/** A gateway refusal as the API answers it. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof WaStateError)) return error;
  switch (error.reason) {
    case 'no-session':
    case 'no-qr':
      return notFound(error.message);
    case 'already-connected':
    case 'not-ready':
      return conflict(error.message);
    default:
      return new AppError(503, error.message);
  }
}

async function guarded<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw toAppError(error);
  }
}

/** The gateway's snapshot plus what the message log knows of it: a test message sent on it. */
async function toSession(db: Database, snapshot: WaSnapshot): Promise<WaSession> {
  const sent =
    snapshot.status === 'READY' && snapshot.session_id ? await messageLog.lastTestSentAt(db, snapshot.session_id) : null;
  return { ...snapshot, test_message_sent_at: sent ? sent.toISOString() : null };
}

export function sessionStatus(db: Database, wa: WhatsApp): Promise<WaSession> {
  return toSession(db, wa.gateway.snapshot());
}

/** New pairing: PENDING with a QR code. A gateway that ends FAILED/ERROR instead answers 503 with its error. */
export async function createSession(db: Database, wa: WhatsApp): Promise<WaSession> {
  const snapshot = await guarded(() => wa.gateway.create());
  if (snapshot.status === 'ERROR' || snapshot.status === 'FAILED')
    throw new AppError(503, snapshot.error ?? 'Gagal membuat session');
  return toSession(db, snapshot);
}

export async function sessionQr(db: Database, wa: WhatsApp): Promise<WaSession> {
  return toSession(db, await guarded(() => wa.gateway.qr()));
}

export async function logoutSession(db: Database, wa: WhatsApp): Promise<WaSession> {
  await guarded(() => wa.gateway.logout());
  return toSession(db, wa.gateway.snapshot());
}

/** Simulator only: the fake phone scans the QR code. */
export function simulateScan(db: Database, wa: WhatsApp): Promise<WaSession> {
  if (!(wa.gateway instanceof SimulatorGateway)) throw notFound('Hanya tersedia dalam mode simulator');
  let snapshot: WaSnapshot;
  try {
    snapshot = wa.gateway.scan();
  } catch (error) {
    throw toAppError(error);
  }
  return toSession(db, snapshot);
}

/**
 * Sends `message` to every active recipient through the message log. Each (request key,
 * recipient) pair is sent at most once: repeating a request with the same key answers from the
 * log instead of sending again.
 */
export async function sendTestMessage(
  db: Database,
  wa: WhatsApp,
  input: { message: string; requestKey: string; userId: number },
): Promise<WaTestResult> {
  if (wa.gateway.snapshot().status !== 'READY') throw conflict(NOT_CONNECTED);
  const active = await recipients.listActiveRecipients(db);
  if (active.length === 0) throw conflict(NO_ACTIVE_RECIPIENTS);
  const items = active.map((r) => ({
    idempotencyKey: `test:${input.requestKey}:${r.id}`,
    recipientId: r.id,
    nama: r.name,
    phone: r.phone_number,
    text: input.message,
    createdBy: input.userId,
  }));
  const log = await wa.outbox.send(items);
  return {
    total_recipients: active.length,
    recipients: active.map(({ id, name, phone_number }) => ({ id, name, phone_number })),
    wa_response: items.map((item) => {
      const row = log.get(item.idempotencyKey)!;
      return {
        success: DELIVERED_STATUSES.includes(row.status),
        status: row.status,
        message_id: row.message_id,
        error: row.error,
      };
    }),
  };
}
