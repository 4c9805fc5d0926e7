import type { WaSession, WaTestResult } from '@mizan/core';
import type { Database } from '../../db/database';
import { AppError, conflict, notFound } from '../../lib/errors';
import { DELIVERED_STATUSES, SimulatorGateway, WaStateError, type WaSnapshot, type WhatsApp } from '../../lib/whatsapp';
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

const toSession = (snapshot: WaSnapshot): WaSession => snapshot;

export function sessionStatus(wa: WhatsApp): WaSession {
  return toSession(wa.gateway.snapshot());
}

/** New pairing: PENDING with a QR code. A gateway that ends FAILED/ERROR instead answers 503 with its error. */
export async function createSession(wa: WhatsApp): Promise<WaSession> {
  const snapshot = await guarded(() => wa.gateway.create());
  if (snapshot.status === 'ERROR' || snapshot.status === 'FAILED') throw new AppError(503, snapshot.error ?? 'Gagal membuat session');
  return toSession(snapshot);
}

export async function sessionQr(wa: WhatsApp): Promise<WaSession> {
  return toSession(await guarded(() => wa.gateway.qr()));
}

export async function logoutSession(wa: WhatsApp): Promise<WaSession> {
  await guarded(() => wa.gateway.logout());
  return toSession(wa.gateway.snapshot());
}

/** Simulator only: the fake phone scans the QR code. */
export function simulateScan(wa: WhatsApp): WaSession {
  if (!(wa.gateway instanceof SimulatorGateway)) throw notFound('Hanya tersedia dalam mode simulator');
  try {
    return toSession(wa.gateway.scan());
  } catch (error) {
    throw toAppError(error);
  }
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
