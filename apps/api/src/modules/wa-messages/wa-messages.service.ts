import type { WaMessage, WaMessageList, WaMessageListQuery, WaMessageSummary } from '@mizan/core';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { messageLog, type WhatsApp } from '../../lib/whatsapp';
import { NOT_CONNECTED } from '../wa-sessions/wa-sessions.service';
import * as repo from './wa-messages.repository';

export const MESSAGE_NOT_FOUND = 'Pesan tidak ditemukan';
export const NOT_RESENDABLE = 'Hanya pesan yang gagal atau tidak pasti terkirim yang dapat dikirim ulang';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findMessage>>>;

function toMessage(row: Row): WaMessage {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** `GET /api/wa-messages`: the message log, newest first. */
export async function listMessages(db: Database, query: WaMessageListQuery): Promise<WaMessageList> {
  const { rows, hasMore } = await repo.listMessages(db, query);
  return {
    messages: rows.map(toMessage),
    pagination: { current_page: query.page, items_per_page: query.limit, has_more: hasMore },
  };
}

/** `GET /api/wa-messages/ringkasan`: today's counters of the WhatsApp page. */
export async function messageSummary(db: Database, tanggal: string): Promise<WaMessageSummary> {
  return { tanggal, ...(await repo.summary(db, tanggal)) };
}

/**
 * "Kirim ulang" of a FAILED or UNCERTAIN message: back to QUEUED and handed over now, through the
 * outbox's pacing and number check; answers the row as it ends (SENT, or FAILED again with the
 * reason). Only while WhatsApp is connected: a person waiting on the button gets the result.
 */
export async function resendMessage(db: Database, wa: WhatsApp, id: number): Promise<WaMessage> {
  const row = await repo.findMessage(db, id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  if (row.status !== 'FAILED' && row.status !== 'UNCERTAIN') throw conflict(NOT_RESENDABLE);
  if (wa.gateway.snapshot().status !== 'READY') throw conflict(NOT_CONNECTED);
  const queued = await messageLog.requeue(db, id);
  // Another person resent it (or it was settled by a receipt) between the read and now.
  if (!queued) throw conflict(NOT_RESENDABLE);
  await wa.outbox.deliver([{ idempotencyKey: queued.idempotency_key, phone: queued.phone_number, text: queued.text }]);
  return toMessage((await repo.findMessage(db, id))!);
}
