import { todayJakarta, type WaMessage, type WaMessageList, type WaMessageListQuery, type WaMessageSummary } from '@mizan/core';
import { batchesByKey } from '../../lib/batches';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { messageLog, type WhatsApp } from '../../lib/whatsapp';
import { toMessage } from '../../lib/whatsapp/message-json';
import { NOT_CONNECTED } from '../wa-sessions/wa-sessions.service';
import * as repo from './wa-messages.repository';
import { capToday, checkBeforeSend, customerSendBlock } from '../pengingat/pengingat.service';

export const MESSAGE_NOT_FOUND = 'Pesan tidak ditemukan';
export const NOT_RESENDABLE = 'Hanya pesan yang gagal atau tidak pasti terkirim yang dapat dikirim ulang';

/** `GET /api/wa-messages`: the message log, newest first. */
export async function listMessages(db: Database, query: WaMessageListQuery): Promise<WaMessageList> {
  const { rows, hasMore } = await repo.listMessages(db, query);
  return {
    messages: rows.map(toMessage),
    pagination: { current_page: query.page, items_per_page: query.limit, has_more: hasMore },
  };
}

/** The messages of an export (issue 26 B), newest first, in batches of `limit`, read by key. */
export function messageBatches(db: Database, query: Omit<WaMessageListQuery, 'page' | 'limit'>, limit = 1000) {
  return batchesByKey(
    (position) => repo.messagesBatch(db, query, limit, position.after as { key: string; id: number } | null),
    limit,
    toMessage,
  );
}

/** `GET /api/wa-messages/ringkasan`: today's counters of the WhatsApp page. */
export async function messageSummary(db: Database, wa: WhatsApp, now: Date): Promise<WaMessageSummary> {
  const [counts, cap] = await Promise.all([repo.summary(db, todayJakarta(now)), capToday(db, wa, now)]);
  return { tanggal: todayJakarta(now), ...counts, batas: cap.batas, sisa_batas: cap.sisa };
}

/**
 * "Kirim ulang" of a FAILED or UNCERTAIN message: back to QUEUED and handed over now, through the
 * outbox's pacing and number check; answers the row as it ends (SENT, or FAILED again with the
 * reason). Only while WhatsApp is connected: a person waiting on the button gets the result.
 */
export async function resendMessage(db: Database, wa: WhatsApp, id: number, now: Date): Promise<WaMessage> {
  const row = await repo.findMessage(db, id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  if (row.status !== 'FAILED' && row.status !== 'UNCERTAIN') throw conflict(NOT_RESENDABLE);
  if (wa.gateway.snapshot().status !== 'READY') throw conflict(NOT_CONNECTED);
  // A message to a customer: within the window and the day's cap; a reminder is checked again
  // as before any sending (paid meanwhile, opted out: not sent, the reason said).
  let phone = row.phone_number;
  if (row.jenis === 'pengingat' || row.jenis === 'manual') {
    const block = await customerSendBlock(db, wa, now);
    if (block) throw conflict(block);
  }
  if (row.jenis === 'pengingat') {
    const check = await checkBeforeSend(db, row, todayJakarta(now));
    if (check.reason !== null) throw conflict(`Pengingat tidak dikirim ulang: ${check.reason}`);
    phone = check.phone;
  }
  const queued = await messageLog.requeue(db, id, row.jenis === 'pengingat' ? todayJakarta(now) : undefined);
  // Another person resent it (or it was settled by a receipt) between the read and now.
  if (!queued) throw conflict(NOT_RESENDABLE);
  await wa.outbox.deliver([{ idempotencyKey: queued.idempotency_key, phone, text: queued.text }]);
  return toMessage((await repo.findMessage(db, id))!);
}
