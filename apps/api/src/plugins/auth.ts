import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@mizan/core';
import { forbidden, unauthorized } from '../lib/errors';
import type { TokenClaims } from '../lib/tokens';
import { findLiveSession } from '../modules/auth/auth.service';

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

/** A session found live in the database: its active user and when it expires (ms). */
interface LiveSession {
  user: Readonly<User>;
  expiresAt: number;
}

export interface SessionCache {
  /** Forgets every session: a `users` or `sessions` row changed. */
  invalidate(): void;
  lookup(sessionId: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined>;
}

/**
 * Live sessions remembered until the database announces any change to `users` or `sessions`
 * (db/database.ts AUTH_CHANGED_CHANNEL). Sound only where that announcement arrives before the
 * writing statement resolves, which is the embedded PGlite (one process, its own database): a
 * logout, revocation or deactivation has emptied the cache before its response is sent. A lookup
 * that was running while a change committed is answered once but not kept (the generation moved).
 */
export function createSessionCache(maxEntries = 5000): SessionCache {
  let generation = 0;
  const live = new LRUCache<string, LiveSession>({ max: maxEntries });
  return {
    invalidate() {
      generation += 1;
      live.clear();
    },
    async lookup(sessionId, load) {
      const hit = live.get(sessionId);
      if (hit) return hit;
      const startedAt = generation;
      const found = await load();
      if (found && startedAt === generation) live.set(sessionId, found);
      return found;
    },
  };
}

/**
 * onRequest hook: a valid bearer token whose session is neither revoked nor expired, of an
 * active user. Everything but login and health sits behind it. With a session cache (PGlite) the
 * session row is read once until `users` or `sessions` change; without one, on every request.
 */
export function authenticate(app: FastifyInstance, sessions?: SessionCache) {
  const load = async (claims: TokenClaims): Promise<LiveSession | undefined> => {
    const row = await findLiveSession(app.db, claims.sessionId, claims.userId, new Date());
    if (!row) return undefined;
    const { expires_at, ...user } = row;
    return { user: Object.freeze(user), expiresAt: expires_at.getTime() };
  };
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized('Silakan masuk terlebih dahulu');
    const claims = await app.tokens.verify(match[1]);
    if (!claims) throw unauthorized();
    const session = sessions ? await sessions.lookup(claims.sessionId, () => load(claims)) : await load(claims);
    if (!session || session.user.id !== claims.userId || session.expiresAt <= Date.now()) throw unauthorized();
    request.auth = { user: session.user, sessionId: claims.sessionId };
  };
}

/** preHandler: only admins pass. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (currentUser(request).role !== 'admin') throw forbidden('Hanya administrator yang dapat melakukan tindakan ini');
}
