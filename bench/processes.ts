import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

export const root = path.resolve(import.meta.dirname, '..');
export const tsxBin = path.join(root, 'node_modules/.bin/tsx');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Started {
  baseURL: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Whether the process has ended, by itself or by a signal (then `exitCode` stays null). */
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The API server of a benchmark (its scripts add their own settings): quiet logs, the WhatsApp simulator, no scheduled backup, no web app. */
export const benchServerEnv = (env: Record<string, string>): Record<string, string> => ({
  ...env,
  LOG_LEVEL: 'warn',
  WA_GATEWAY: 'simulator',
  BACKUP_SCHEDULE: 'off',
  WEB_DIST_DIR: path.join(root, 'bench/dist-none'),
});

/** Spawns a TypeScript server with tsx on a free port and waits until `readyPath` answers 200. */
export async function startServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 180_000,
): Promise<Started> {
  const port = await freePort();
  const child = spawn(tsxBin, [script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended(child)) throw new Error(`${path.basename(script)} berhenti saat mulai:\n${output}`);
    try {
      const res = await fetch(baseURL + readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${path.basename(script)} tidak siap dalam ${timeoutMs / 1000} dtk:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (ended(child)) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Runs a TypeScript script with tsx to completion and returns its standard output. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsxBin, [script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${path.basename(script)} gagal (${code}):\n${stderr}`)),
    );
  });
}
