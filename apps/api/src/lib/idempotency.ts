import crypto from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, conflict } from './errors';

/**
 * Idempotent writes (issue 51; docs/decisions/idempotency.md). A POST that creates money or a record
 * may carry an `Idempotency-Key` header (the web app sends one per form submission, kept across its
 * own retries). The first request with a key claims it (`idempotency_keys`, one row per user and
 * key, committed before the write) and its answer is kept with it when it is sent; a repeat with the
 * same body answers that answer (same status, same record), with another body 422; a repeat while the
 * first still runs waits for its answer. A server error gives the key back (the write rolled back), so
 * that a retry runs again. Keys are kept 48 hours.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEEP_HOURS = 48;
/** A claim without an answer after this long was left by a process that stopped: taken over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;
/** How long a repeat waits for the first request's answer, and how often it looks. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export const idempotencyMessages = {
  header: 'Idempotency-Key harus berisi 1–255 karakter huruf, angka atau tanda baca, tanpa spasi',
  otherBody:
    'Idempotency-Key ini sudah dipakai untuk permintaan lain. Kirim permintaan baru dengan kunci baru (misalnya muat ulang formulir).',
  stillRunning: 'Permintaan dengan Idempotency-Key ini masih diproses. Coba lagi sebentar lagi.',
};

/** The header as a route declares it (validated, and documented in the OpenAPI document). */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, idempotencyMessages.header)
    .optional()
    .describe('Satu kunci per pengiriman formulir: pengiriman ulang dengan kunci yang sama menjawab jawaban pertama'),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, whose answer is kept when it is sent. */
    idempotencyKey?: string;
  }
}

/** The body as canonical JSON (keys sorted), hashed with the method and route. */
function bodyHash(request: FastifyRequest) {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object' && !(value instanceof Date)
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return crypto
    .createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(canonical(request.body ?? null)) ?? ''}`,
    )
    .digest('hex');
}

interface Claimed {
  body_hash: string;
  status_code: number | null;
  response: string | null;
  content_type: string | null;
  created_at: Date;
}

let lastPrune = 0;

/** Claims the key for this request, or answers what the first request with it answered. */
export const claimIdempotencyKey: preHandlerAsyncHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !request.auth) return;
  const db = request.server.db;
  const userId = request.auth.user.id;
  const hash = bodyHash(request);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await sql<{ key: string }>`
      insert into idempotency_keys (user_id, key, method, url, body_hash)
      values (${userId}, ${key}, ${request.method}, ${request.routeOptions.url ?? request.url}, ${hash})
      on conflict (user_id, key) do nothing returning key`.execute(db);
    if (claimed.rows.length > 0) {
      request.idempotencyKey = key;
      return;
    }
    const found = (
      await sql<Claimed>`
        select body_hash, status_code, response, content_type, created_at from idempotency_keys
        where user_id = ${userId} and key = ${key}`.execute(db)
    ).rows[0];
    if (!found) continue; // given back (a server error) between the two statements: claim again
    if (found.body_hash !== hash) throw new AppError(422, idempotencyMessages.otherBody);
    if (found.status_code !== null) {
      return reply
        .code(found.status_code)
        .header('content-type', found.content_type ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(found.response ?? '');
    }
    if (Date.now() - new Date(found.created_at).getTime() > ABANDONED_AFTER_MS) {
      const taken = await sql`
        update idempotency_keys set created_at = now()
        where user_id = ${userId} and key = ${key} and status_code is null and created_at = ${found.created_at}`.execute(db);
      if (Number(taken.numAffectedRows ?? 0) > 0) {
        request.idempotencyKey = key;
        return;
      }
      continue;
    }
    if (Date.now() > deadline) throw conflict(idempotencyMessages.stillRunning);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

/** Keeps the answer of a request that claimed a key; a server error gives the key back. */
export const keepIdempotentAnswer: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
  const key = request.idempotencyKey;
  if (!key || !request.auth) return payload;
  request.idempotencyKey = undefined;
  const db = request.server.db;
  const userId = request.auth.user.id;
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    await sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and status_code is null`.execute(db);
    return payload;
  }
  const contentType = reply.getHeader('content-type');
  await sql`
    update idempotency_keys set status_code = ${reply.statusCode}, response = ${payload},
      content_type = ${typeof contentType === 'string' ? contentType : null}
    where user_id = ${userId} and key = ${key}`.execute(db);
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${KEEP_HOURS})`.execute(db);
  }
  return payload;
};
