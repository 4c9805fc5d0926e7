/**
 * Secrets in logs (issue 11): with request logging on (LOG_LEVEL=info), the server's output
 * never holds a password (right or wrong), a bearer token, or a receipt link signature's key,
 * while it does log the requests themselves.
 */
import { describe, expect, it } from 'vitest';
import { startServer, E2E_ADMIN } from './support/server';

describe('server logs', () => {
  it('log requests but no password or token', { timeout: 120_000 }, async () => {
    const server = await startServer({ LOG_LEVEL: 'info', NODE_ENV: 'production' });
    try {
      const post = (url: string, body: unknown, token?: string) =>
        fetch(`${server.baseURL}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const wrong = 'salah-sekali-RAHASIA-9931';
      expect((await post('/api/auth/login', { username: E2E_ADMIN.username, password: wrong })).status).toBe(401);
      const ok = await post('/api/auth/login', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
      const token = ((await ok.json()) as { data: { token: string } }).data.token;
      const newPassword = 'password-baru-RAHASIA-7714';
      const reg = await post(
        '/api/auth/register',
        { username: 'staf.baru', nama_lengkap: 'Staf Baru', password: newPassword, role: 'operator' },
        token,
      );
      expect(reg.status).toBe(201);
      expect((await fetch(`${server.baseURL}/api/nasabah`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      // A request that fails inside the server path is logged too (bad token).
      expect((await fetch(`${server.baseURL}/api/nasabah`, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
      await new Promise((r) => setTimeout(r, 300));

      const output = server.output();
      expect(output).toContain('/api/nasabah'); // requests are logged
      for (const secret of [wrong, E2E_ADMIN.password, newPassword, token, token.split('.')[2]!]) {
        expect(output.includes(secret), `secret found in the log`).toBe(false);
      }
    } finally {
      await server.stop();
    }
  });
});
