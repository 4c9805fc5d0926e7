import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

const secret = 'token-test-secret-token-test-secret-123';

afterEach(() => {
  vi.useRealTimers();
});

describe('token signer', () => {
  it('verifies a token again from memory, and still refuses it once expired', async () => {
    const signer = createTokenSigner(secret);
    const expiresAt = new Date(Date.now() + 60_000);
    const token = await signer.sign({ userId: 7, sessionId: 'abc' }, expiresAt);
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 'abc' });
    expect(await signer.verify(token)).toEqual({ userId: 7, sessionId: 'abc' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt.getTime() + 1000);
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a tampered copy of a token it has verified, and tokens of another secret', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign({ userId: 1, sessionId: 's1' }, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sid: 's1', sub: '2', exp: 9_999_999_999 })).toString('base64url');
    expect(await signer.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await signer.verify(`${token}x`)).toBeNull();
    const other = createTokenSigner('another-secret-another-secret-12345678');
    expect(await other.verify(token)).toBeNull();
  });
});
