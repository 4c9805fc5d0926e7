import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-url';

const now = new Date('2026-01-01T00:00:00Z');
const signer = createUrlSigner('secret-secret-secret-secret-secret-12');

function parts(url: string) {
  const [path, query] = url.split('?');
  const params = new URLSearchParams(query);
  return { path: path!, exp: params.get('exp') ?? undefined, sig: params.get('sig') ?? undefined };
}

describe('signed file links', () => {
  it('verifies its own link until it expires, for that path only', () => {
    const { path, exp, sig } = parts(signer.sign('/uploads/kwitansi/a.png', 60, now));
    expect(Number(exp)).toBe(now.getTime() / 1000 + 60);
    expect(signer.verify(path, exp, sig, now)).toBe(true);
    expect(signer.verify(path, exp, sig, new Date(now.getTime() + 59_000))).toBe(true);
    expect(signer.verify(path, exp, sig, new Date(now.getTime() + 60_000))).toBe(false);
    expect(signer.verify('/uploads/kwitansi/b.png', exp, sig, now)).toBe(false);
    expect(signer.verify(path, String(Number(exp) + 3600), sig, now)).toBe(false);
  });

  it('refuses missing, malformed and foreign signatures', () => {
    const { path, exp, sig } = parts(signer.sign('/x', 60, now));
    expect(signer.verify(path, undefined, sig, now)).toBe(false);
    expect(signer.verify(path, exp, undefined, now)).toBe(false);
    expect(signer.verify(path, '1e12', sig, now)).toBe(false);
    expect(signer.verify(path, exp, `${sig}x`, now)).toBe(false);
    expect(createUrlSigner('another-secret-another-secret-123').verify(path, exp, sig, now)).toBe(false);
  });
});
