import { LRUCache } from 'lru-cache';
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** A working day: a token signed in the morning is refused the next morning. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export interface TokenSigner {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid token, or null for anything malformed, tampered, expired or alg:none. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Verified tokens remembered (by their exact text) so a session's requests skip the HMAC. */
const VERIFIED_CACHE_SIZE = 2000;

/** HS256 signer; only HS256 is accepted on verification. */
export function createTokenSigner(secret: string): TokenSigner {
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = crypto.webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature and claims never change, so a verified token string stays valid until
  // its `exp` (checked again on every hit, as jose does). Revocation is not decided here: the
  // session row is checked on every request (plugins/auth.ts).
  const verified = new LRUCache<string, { claims: TokenClaims; exp: number }>({ max: VERIFIED_CACHE_SIZE });
  return {
    async sign({ userId, sessionId }, expiresAt) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp > Math.floor(Date.now() / 1000)) return hit.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
        const claims = { userId, sessionId };
        if (typeof payload.exp === 'number') {
          verified.set(token, { claims, exp: payload.exp });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
