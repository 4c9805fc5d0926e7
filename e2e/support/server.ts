import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { templateDbDir } from './db-template';

const root = path.resolve(import.meta.dirname, '../..');

export const E2E_ADMIN = { username: 'admin', password: 'admin-e2e-rahasia', nama_lengkap: 'Administrator' };

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  /** Calls the API as the administrator (signs in once, lazily); a FormData body is sent as multipart. */
  api<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: { success: boolean; data: T; message?: string } }>;
  stop(): Promise<void>;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the real server (compiled API, built web app, fresh temporary DATA_DIR, PGlite) on a free port. */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  let dataDir = options.dataDir;
  if (!dataDir) {
    // A new folder starts from the migrated empty cluster (support/db-template.ts).
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-e2e-'));
    if (fs.existsSync(templateDbDir())) fs.cpSync(templateDbDir(), path.join(dataDir, 'db'), { recursive: true });
  }
  // The compiled server, as `npm start` runs it (built by global-setup.ts).
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      WA_GATEWAY: 'simulator',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: process.env.E2E_DIST_DIR ?? '',
      BACKUP_SCHEDULE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  let token: string | null = null;
  const api: RunningServer['api'] = async (method, url, body) => {
    if (!token) {
      const res = await fetch(`${baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
      });
      token = ((await res.json()) as { data: { token: string } }).data.token;
    }
    // FormData goes as multipart (fetch sets its boundary); anything else as JSON.
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${baseURL}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
    });
    return { status: res.status, body: (await res.json()) as never };
  };

  return {
    baseURL,
    dataDir,
    process: child,
    api,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
