import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@mizan/core';
import { forbidden, unauthorized } from '../lib/errors';

export interface AuthContext {
  user: User;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

/**
 * onRequest hook: a valid bearer token whose session is neither revoked nor expired, of an
 * active user. Everything but login and health sits behind it.
 */
export function authenticate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized('Silakan masuk terlebih dahulu');
    const claims = await app.tokens.verify(match[1]);
    if (!claims) throw unauthorized();
    const row = await app.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.username', 'users.nama_lengkap', 'users.role'])
      .where('sessions.id', '=', claims.sessionId)
      .where('sessions.user_id', '=', claims.userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', new Date())
      .where('users.is_active', '=', true)
      .executeTakeFirst();
    if (!row) throw unauthorized();
    request.auth = { user: row, sessionId: claims.sessionId };
  };
}

/** preHandler: only admins pass. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (currentUser(request).role !== 'admin') throw forbidden('Hanya administrator yang dapat melakukan tindakan ini');
}
