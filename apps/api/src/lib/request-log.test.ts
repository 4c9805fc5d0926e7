import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../test/test-db';

// What the server writes to its log for routine requests (health polling, the web app's files)
// and for staff work, at the default level and at debug (issue 22 §5).
interface Line {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
}

async function serverWithLog(level: 'info' | 'debug') {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-log-'));
  const distDir = path.join(dataDir, 'web');
  fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>%INSTITUTION_NAME%</title>');
  fs.writeFileSync(path.join(distDir, 'app.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  const config = loadConfig(
    { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'rahasia-admin-123', DATA_DIR: dataDir, WA_GATEWAY: 'simulator' },
    { webDistDir: distDir, jwtSecret: 'test-secret-test-secret-test-secret-123' },
  );
  const app: FastifyInstance = await buildApp(config, { database: await createTestDatabase(), logger: pino({ level }, sink) });
  await app.ready();
  const urlsLogged = (msg: string) => lines.filter((l) => l.msg === msg).map((l) => l.req?.url ?? '');
  return { app, lines, urlsLogged };
}

const visit = (app: FastifyInstance) =>
  Promise.all([
    app.inject({ method: 'GET', url: '/api/health' }),
    app.inject({ method: 'GET', url: '/' }),
    app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
    app.inject({ method: 'GET', url: '/nasabah?q=siti' }),
    app.inject({ method: 'GET', url: '/api/nasabah' }),
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'salah-sekali' } }),
  ]);

describe('request log at the default level (info)', () => {
  let server: Awaited<ReturnType<typeof serverWithLog>>;
  beforeAll(async () => {
    server = await serverWithLog('info');
    const answers = await visit(server.app);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 401, 401]);
  });
  afterAll(() => server.app.close());

  it('says nothing of the health check and the web app files', () => {
    const all = server.lines.map((l) => l.req?.url).filter(Boolean);
    for (const url of ['/api/health', '/', '/assets/app-abc123.js', '/nasabah?q=siti']) expect(all).not.toContain(url);
  });

  it('logs staff requests when they arrive and when they are answered, with the status', () => {
    expect(server.urlsLogged('incoming request').sort()).toEqual(['/api/auth/login', '/api/nasabah']);
    const completed = server.lines.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => l.res?.statusCode)).toEqual([401, 401]);
    expect(completed.every((l) => l.level === 30)).toBe(true);
  });
});

describe('request log at debug', () => {
  let server: Awaited<ReturnType<typeof serverWithLog>>;
  beforeAll(async () => {
    server = await serverWithLog('debug');
    await visit(server.app);
  });
  afterAll(() => server.app.close());

  it('shows the routine requests at debug level and staff requests at info', () => {
    const incoming = server.lines.filter((l) => l.msg === 'incoming request');
    const byUrl = new Map(incoming.map((l) => [l.req!.url, l.level]));
    expect(Object.fromEntries(byUrl)).toEqual({
      '/api/health': 20,
      '/': 20,
      '/assets/app-abc123.js': 20,
      '/nasabah?q=siti': 20,
      '/api/nasabah': 30,
      '/api/auth/login': 30,
    });
    expect(
      server.lines
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.level)
        .sort(),
    ).toEqual([20, 20, 20, 20, 30, 30]);
  });
});
