/**
 * Several server processes on one PostgreSQL (issue 28 A), as an operator runs them: two instances
 * side by side (each its own port and DATA_DIR, as behind a reverse proxy), and `WEB_CONCURRENCY=2`
 * (one port, Node's cluster). They share the token secret, the sign-in limits and sign-outs, the
 * daily job and the WhatsApp session; a rolling restart loses no request; SIGTERM stops cleanly;
 * GET /metrics holds every process's figures, also when one of them does not answer (issue 46).
 * Needs TEST_DATABASE_URL (as CI sets); on PGlite only the refusal of WEB_CONCURRENCY is tested.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { metricFamily, parseMetrics, valuesBy } from '../apps/api/src/test/prometheus';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server';
import { murabahahPayload, nasabahPayload, tinyPng } from './support/data';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.log('e2e/processes: several processes on one PostgreSQL skipped — set TEST_DATABASE_URL to run them');

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-proc-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A throw-away database on the TEST_DATABASE_URL server, dropped at the end. */
async function freshDatabase(): Promise<string> {
  const name = `mizan_e2e_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanup.push(async () => {
    const dropper = new pg.Client({ connectionString: pgUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

const started = async (env: Record<string, string>, dataDir: string) => {
  const server = await startServer(env, { dataDir, keepData: true });
  cleanup.push(() => server.stop());
  return server;
};

const login = (server: RunningServer, username: string, password: string) =>
  fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
const call = (server: RunningServer, url: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.baseURL}/api${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
const tokenOf = async (response: Response) => ((await response.json()) as { data: { token: string } }).data.token;

/**
 * A GET on a connection of its own (fetch would reuse one): the cluster's primary hands each new
 * connection to the next server process in turn, so requests sent this way reach every process.
 * Resolves with null when no answer came within `timeoutMs`.
 */
function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.setTimeout(timeoutMs, () => {
      request.destroy();
      resolve(null);
    });
    request.on('error', reject);
  });
}

/** Runs the compiled server until it exits (it is expected to refuse to start). */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        WA_GATEWAY: 'simulator',
        BACKUP_SCHEDULE: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('several server processes', () => {
  it('refuses WEB_CONCURRENCY > 1 on the embedded database, saying why', async () => {
    const { code, output } = await runUntilExit({ WEB_CONCURRENCY: '2', DATABASE_URL: '', DATA_DIR: folder() });
    expect(code).toBe(1);
    expect(output).toContain(
      'WEB_CONCURRENCY=2 memerlukan PostgreSQL (DATABASE_URL): database bawaan (PGlite) hanya dapat dibuka oleh satu proses.',
    );
  });

  describe.runIf(pgUrl)('on one PostgreSQL', () => {
    it('two instances with their own DATA_DIR share tokens, sign-in limits, sign-outs, the daily job and the WhatsApp session', async () => {
      const url = await freshDatabase();
      const env = { DATABASE_URL: url, JWT_SECRET: '' };
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      cleanup.push(() => db.end());
      // Two loans, then the day's jobs forgotten, so that both processes find the ledger to do.
      const [dirA, dirB] = [folder(), folder()];
      const first = await started(env, dirA);
      for (const n of [1, 2]) {
        const nasabah = await first.api<{ id: number }>('POST', '/nasabah', nasabahPayload(`Nasabah ${n}`, n));
        const loan = await first.api('POST', '/pinjaman', murabahahPayload(nasabah.body.data.id, `PB-${n}`, '2026-10-01'));
        expect(loan.status).toBe(201);
      }
      await first.stop();
      await db.query('delete from job_runs');
      const [a, b] = await Promise.all([started(env, dirA), started(env, dirB)]);

      // A token signed by one is good at the other (the secret is in the database).
      const admin = await tokenOf(await login(a, E2E_ADMIN.username, E2E_ADMIN.password));
      expect((await call(b, '/auth/profile', admin)).status).toBe(200);

      // Six wrong passwords, alternating between the two: the sixth is refused as too many.
      const kasir = await a.api('POST', '/auth/register', {
        username: 'kasir',
        nama_lengkap: 'Kasir',
        password: 'password-kasir-1',
        role: 'user',
      });
      expect(kasir.status).toBe(201);
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? b : a, 'kasir', `salah-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const locked = await login(b, 'kasir', 'password-kasir-1');
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { message: string }).message).toMatch(/^Terlalu banyak percobaan masuk/);

      // Signed out at one, refused by the other at once.
      const session = await tokenOf(await login(b, E2E_ADMIN.username, E2E_ADMIN.password));
      expect((await call(b, '/auth/profile', session)).status).toBe(200);
      expect((await call(a, '/auth/logout', session, { method: 'POST' })).status).toBe(200);
      expect((await call(b, '/auth/profile', session)).status).toBe(401);

      // Both started the day's ledger at once: its two loans were done once, by one of them.
      const ledger = await db.query<{ processed: number; finished: boolean }>(
        `select processed, finished_at is not null as finished from job_runs where job = 'ledger-harian'`,
      );
      expect(ledger.rows).toEqual([{ processed: 2, finished: true }]);

      // WhatsApp: one process owns the session (whichever took it first); the other may not connect it.
      const [atA, atB] = [await a.api('POST', '/wa-sessions/create'), await b.api('POST', '/wa-sessions/create')];
      expect([atA.status, atB.status].sort()).toEqual([200, 503]);
      const [owner, other] = atA.status === 200 ? [a, b] : [b, a];
      expect((atA.status === 503 ? atA : atB).body.message).toBe('Session WhatsApp sedang dipegang oleh instance server lain.');
      expect((await owner.api('POST', '/wa-sessions/simulator/scan')).status).toBe(200);

      // A loan recorded at the other process: its notification is sent by the owner at once.
      expect(
        (await other.api('POST', '/wa-notification-recipients', { name: 'Pak Manajer', phone_number: '081234567001' })).status,
      ).toBe(201);
      const nasabah = await b.api<{ id: number }>('POST', '/nasabah', nasabahPayload('Siti Dua Proses', 3));
      expect(nasabah.status).toBe(201);
      const form = new FormData();
      for (const [key, value] of Object.entries(murabahahPayload(nasabah.body.data.id, 'PB-3', '2026-11-02')))
        if (value !== null) form.append(key, String(value));
      form.append('kwitansi', tinyPng(), 'kwitansi.png');
      const loan = await b.api<{ id: number }>('POST', '/pinjaman', form);
      expect(loan.status, JSON.stringify(loan.body)).toBe(201);
      const deadline = Date.now() + 10_000;
      let statusOfMessage = '';
      while (Date.now() < deadline) {
        const row = await db.query<{ status: string }>(
          `select status from wa_messages where jenis = 'notifikasi' order by id desc limit 1`,
        );
        statusOfMessage = row.rows[0]?.status ?? '';
        if (statusOfMessage === 'SENT') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(statusOfMessage).toBe('SENT');

      // A receipt now lives in the data folder the database knows: a process on yet another
      // folder is refused, naming it.
      const elsewhere = folder();
      const refusedStart = await runUntilExit({ DATABASE_URL: url, DATA_DIR: elsewhere });
      expect(refusedStart.code).toBe(1);
      expect(refusedStart.output).toContain(`Folder data ${elsewhere} bukan folder data yang dipakai database ini`);
    });

    it('WEB_CONCURRENCY=2: a rolling restart (SIGHUP) loses no request; SIGTERM stops every process and exits 0', async () => {
      const url = await freshDatabase();
      const server = await startServer({ DATABASE_URL: url, WEB_CONCURRENCY: '2' }, { dataDir: folder() });
      cleanup.push(() => server.stop());
      const token = await tokenOf(await login(server, E2E_ADMIN.username, E2E_ADMIN.password));

      let running = true;
      const failures: string[] = [];
      let answered = 0;
      const load = async () => {
        while (running) {
          try {
            const res = await call(server, '/nasabah?limit=5', token);
            if (res.status === 200) answered++;
            else failures.push(String(res.status));
            await res.arrayBuffer();
            const health = await fetch(`${server.baseURL}/api/health`);
            if (health.status !== 200) failures.push(`health ${health.status}`);
            await health.arrayBuffer();
          } catch (error) {
            failures.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
          }
        }
      };
      const loops = Array.from({ length: 4 }, load);
      await new Promise((r) => setTimeout(r, 500));
      server.process.kill('SIGHUP');
      const deadline = Date.now() + 60_000;
      while (!server.output().includes('Semua 2 proses server sudah dimulai ulang.') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      running = false;
      await Promise.all(loops);
      expect(server.output()).toContain('Semua 2 proses server sudah dimulai ulang.');
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(20);

      const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
      const stopAt = Date.now();
      server.process.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - stopAt).toBeLessThan(10_000);
    });

    it('WEB_CONCURRENCY=2: GET /metrics holds each process’s figures and their sum; a process that does not answer leaves a partial answer that says so', async () => {
      const metricsToken = 'metrics-token-dua-proses-123';
      const url = await freshDatabase();
      const server = await startServer(
        { DATABASE_URL: url, WEB_CONCURRENCY: '2', METRICS_TOKEN: metricsToken },
        { dataDir: folder() },
      );
      cleanup.push(() => server.stop());
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      cleanup.push(() => db.end());
      // Two WhatsApp messages wait (no session is connected): each process reads the same two.
      await db.query(
        `insert into wa_messages (idempotency_key, phone_number, text, status)
         values ('metrics:1', '6281200000001', 'a', 'QUEUED'), ('metrics:2', '6281200000002', 'b', 'QUEUED')`,
      );
      /** A scrape; null when it reached the process that is stopped below and so got no answer. */
      const scrape = async (timeoutMs?: number) => {
        const res = await getOnNewConnection(`${server.baseURL}/metrics`, { authorization: `Bearer ${metricsToken}` }, timeoutMs);
        if (!res) return null;
        expect(res.status, res.body).toBe(200);
        return parseMetrics(res.body);
      };
      const readinessAnswered = (families: NonNullable<Awaited<ReturnType<typeof scrape>>>) =>
        Number(
          metricFamily(families, 'mizan_http_requests_total').metrics.find(
            (m) => m.labels?.route === '/api/health/ready' && m.labels?.status_code === '200',
          )?.value ?? 0,
        );

      // The server answers as soon as its first process listens; a scrape counts only those that do.
      const deadline = Date.now() + 60_000;
      while (!server.output().includes('dengan 2 proses server') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(server.output()).toContain('dengan 2 proses server');

      // Ten requests, each on its own connection, so that both processes answer some of them.
      for (let i = 0; i < 10; i++) expect((await getOnNewConnection(`${server.baseURL}/api/health/ready`))?.status).toBe(200);

      const all = (await scrape())!;
      expect(valuesBy(all, 'mizan_server_processes', 'state')).toEqual({ answered: 2, missing: 0 });
      const up = valuesBy(all, 'mizan_server_process_up', 'pid');
      const pids = Object.keys(up);
      expect(pids).toHaveLength(2);
      expect(Object.values(up)).toEqual([1, 1]);
      const memory = valuesBy(all, 'mizan_server_process_resident_memory_bytes', 'pid');
      expect(Object.keys(memory).sort()).toEqual([...pids].sort());
      for (const pid of pids) expect(memory[pid]).toBeGreaterThan(10_000_000);
      const lag = valuesBy(all, 'mizan_server_process_eventloop_lag_p99_seconds', 'pid');
      expect(Object.keys(lag).sort()).toEqual([...pids].sort());
      // Counted by each process, summed; read from the database by each, shown once.
      expect(readinessAnswered(all)).toBe(10);
      expect(metricFamily(all, 'mizan_wa_outbox_queued').metrics[0]!.value).toBe('2');

      // One process stops answering (SIGSTOP, as a process stuck in a long piece of work): the
      // scrape still answers, after the primary's 2 s wait, with the other's figures and says so.
      const [stuck, alive] = pids.map(Number) as [number, number];
      process.kill(stuck, 'SIGSTOP');
      cleanup.push(() => {
        try {
          process.kill(stuck, 'SIGCONT');
        } catch {
          // already gone
        }
      });
      // The first new connection may be handed to the stopped process: try again on another.
      let partial = await scrape(4000);
      if (!partial) partial = await scrape(4000);
      expect(partial).not.toBeNull();
      expect(valuesBy(partial!, 'mizan_server_processes', 'state')).toEqual({ answered: 1, missing: 1 });
      expect(valuesBy(partial!, 'mizan_server_process_up', 'pid')).toEqual({ [stuck]: 0, [alive]: 1 });
      expect(Object.keys(valuesBy(partial!, 'mizan_server_process_resident_memory_bytes', 'pid'))).toEqual([String(alive)]);
      // Only the answering process's share of the ten requests: the full answer was a sum of both.
      expect(readinessAnswered(partial!)).toBeGreaterThan(0);
      expect(readinessAnswered(partial!)).toBeLessThan(10);
      expect(metricFamily(partial!, 'mizan_wa_outbox_queued').metrics[0]!.value).toBe('2');

      // Going again, it is counted again.
      process.kill(stuck, 'SIGCONT');
      const again = (await scrape())!;
      expect(valuesBy(again, 'mizan_server_processes', 'state')).toEqual({ answered: 2, missing: 0 });
      expect(valuesBy(again, 'mizan_server_process_up', 'pid')).toEqual({ [stuck]: 1, [alive]: 1 });
    });
  });
});
