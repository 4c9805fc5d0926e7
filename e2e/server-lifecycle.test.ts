import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, E2E_ADMIN } from './support/server';

const login = (baseURL: string, username: string, password: string) =>
  fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('the server process', () => {
  it('keeps users across a restart on the same data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-restart-'));
    try {
      const first = await startServer({}, { dataDir, keepData: true });
      const created = await first.api('POST', '/auth/register', {
        username: 'tetap',
        nama_lengkap: 'Tetap Ada',
        password: 'password-tetap-1',
        role: 'user',
      });
      expect(created.status).toBe(201);
      await first.stop();
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

      const second = await startServer({}, { dataDir, keepData: true });
      expect((await login(second.baseURL, 'tetap', 'password-tetap-1')).status).toBe(200);
      const health = await (await fetch(`${second.baseURL}/api/health`)).json();
      expect(health).toEqual({ success: true, data: { status: 'ok', db: 'pglite' } });
      await second.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    const server = await startServer();
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    // A sign-in takes a few hundred milliseconds of password hashing: long enough to be in flight.
    const pending = login(server.baseURL, E2E_ADMIN.username, E2E_ADMIN.password);
    await new Promise((r) => setTimeout(r, 50));
    server.process.kill('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(200);
    expect((await response.json()).data.token).toMatch(/\./);
    expect(await exited).toBe(0);
    await server.stop();
  });

  it('refuses to start with invalid configuration, listing every problem', async () => {
    await expect(startServer({ PORT: 'abc', WA_GATEWAY: 'telegram', LOG_LEVEL: 'loud' })).rejects.toThrow(
      /PORT harus bilangan bulat[\s\S]*WA_GATEWAY harus[\s\S]*LOG_LEVEL harus/,
    );
  });
});
