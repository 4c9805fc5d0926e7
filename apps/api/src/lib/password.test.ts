import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// Issue 11: password hashes use scrypt with OWASP's current recommended parameters.
describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 with a fresh 16-byte salt and a 64-byte key', async () => {
    const [a, b] = await Promise.all([hashPassword('rahasia-123'), hashPassword('rahasia-123')]);
    const [scheme, n, r, p, salt, key] = a.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1]);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain('rahasia');
  });

  it('verifies the right password only, and refuses malformed hashes', async () => {
    const hash = await hashPassword('Kata-Sandi-ÅÅ');
    expect(await verifyPassword('Kata-Sandi-ÅÅ', hash)).toBe(true);
    expect(await verifyPassword('kata-sandi-ÅÅ', hash)).toBe(false);
    expect(await verifyPassword('Kata-Sandi-ÅÅ', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$abc$def')).toBe(false);
  });
});
