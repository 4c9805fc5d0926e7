import crypto from 'node:crypto';

/** How long a signed receipt link stays valid: long enough for a detail page left open a while. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export interface UrlSigner {
  /** `path?exp=<unix seconds>&sig=<hmac>`: a link that works without a bearer header until `exp`. */
  sign(path: string, ttlSeconds?: number, now?: Date): string;
  /** Whether `sig` is this server's signature of `path` and `exp` has not passed. */
  verify(path: string, exp: unknown, sig: unknown, now?: Date): boolean;
}

/**
 * HMAC-SHA256 signer for short-lived file links (`<img src>`, downloads), keyed by a key derived
 * from the token secret so that it never signs anything a JWT check would accept, and vice versa.
 */
export function createUrlSigner(secret: string): UrlSigner {
  const key = crypto.createHmac('sha256', secret).update('mizan:signed-url:v1').digest();
  const mac = (path: string, exp: number) => crypto.createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');
  return {
    sign(path, ttlSeconds = SIGNED_URL_TTL_SECONDS, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return `${path}?exp=${exp}&sig=${mac(path, exp)}`;
    },
    verify(path, exp, sig, now = new Date()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expiresAt = Number(exp);
      if (expiresAt * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(path, expiresAt));
      const given = Buffer.from(sig);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}
