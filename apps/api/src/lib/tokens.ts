import fs from 'node:fs';
import path from 'node:path';
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

/** HS256 signer; only HS256 is accepted on verification. */
export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId }, expiresAt) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
        return { userId, sessionId };
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET, or one generated once and kept in DATA_DIR/secret (mode 0600). */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
