import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startServer, E2E_ADMIN } from './support/server';
import { templateDbDir } from './support/db-template';

const root = path.resolve(import.meta.dirname, '..');

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

  it('refuses to start with scheduled backups into a folder it cannot create, saying what to do', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-backup-dir-'));
    try {
      const notAFolder = path.join(dataDir, 'not-a-folder');
      fs.writeFileSync(notAFolder, 'x');
      await expect(
        startServer({ BACKUP_SCHEDULE: '01:00', BACKUP_DIR: path.join(notAFolder, 'backups') }, { dataDir, keepData: true }),
      ).rejects.toThrow(
        /Konfigurasi tidak valid:\s+- Folder cadangan \S+ \(BACKUP_DIR\) tidak dapat dipakai: folder cadangan tidak dapat dibuat \(ENOTDIR[\s\S]*BACKUP_SCHEDULE=off/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Whether the port answers HTTP; each time on a new connection, so that none keeps a stopping server waiting. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(true);
      })
      .on('error', () => resolve(false));
  });

/** Every process below `pid`, from `ps`: under `npm start`, scripts/start.mjs and the server. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// An init script without a process group signals the pid it started: npm's (docs/operations.md).
describe('`npm start` stopped through npm’s own pid', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s stops the server within seconds, and npm exits 0 after it', async (signal) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-npm-start-'));
    if (fs.existsSync(templateDbDir())) fs.cpSync(templateDbDir(), path.join(dataDir, 'db'), { recursive: true });
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        // Any free port: the server prints the one it got.
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        WA_GATEWAY: 'simulator',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        BACKUP_SCHEDULE: 'off',
        // The web app plays no part here: npm start neither builds nor serves it.
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (d) => (output += d));
    npm.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    let below: number[] = [];
    let stopped = false;
    try {
      let deadline: NodeJS.Timeout | undefined;
      const port = await new Promise<number>((resolve, reject) => {
        deadline = setTimeout(() => reject(new Error(`npm start did not start the server:\n${output}`)), 90_000);
        npm.stdout.on('data', () => {
          const listening = /berjalan di http:\/\/[^:\s]+:(\d+)/.exec(output);
          if (listening) resolve(Number(listening[1]));
        });
        void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)));
      }).finally(() => clearTimeout(deadline));
      expect(await answers(port)).toBe(true);
      below = descendantsOf(npm.pid!);
      expect(below.length, 'scripts/start.mjs and the server').toBeGreaterThanOrEqual(2);

      const sentAt = performance.now();
      npm.kill(signal);
      // Bounded, so that a server left running fails the test here (and is stopped below).
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise((resolve) => (timer = setTimeout(() => resolve('still running'), 15_000))),
      ]).finally(() => clearTimeout(timer));
      expect(code, output).toBe(0);
      expect(performance.now() - sentAt).toBeLessThan(5000);
      expect(below.filter(isAlive)).toEqual([]);
      expect(await answers(port)).toBe(false);
      stopped = true;
    } finally {
      // When the test failed, nothing of this npm start is left running for the next test.
      if (!stopped) for (const pid of [npm.pid!, ...below].filter(isAlive)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
