/**
 * GET /metrics (issue 28 B): absent without METRICS_TOKEN, refused without the right token, and in
 * Prometheus's text format otherwise — read back with a parser of that format: requests and
 * latency per route, the event-loop delay, the database connections, the WhatsApp queue, the
 * last backup and the process's own figures by pid. How the figures of several processes are
 * combined, also when one does not answer (issue 46). GET /api/health/ready: the database
 * answered within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Counter, Gauge, Registry } from 'prom-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { populate } from '../test/populate';
import { metricFamily as family, parseMetrics, valuesBy } from '../test/prometheus';
import { aggregateProcessMetrics } from './metrics';

const TOKEN = 'metrics-token-untuk-test-123';
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  plain = await createTestApp();
  await populate(t);
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

let lastText = '';
const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = res.body;
  return parseMetrics(res.body);
};
/** A sample's value straight from the text (the parser keeps no labels of a histogram's lines). */
const sample = (line: string) => {
  const found = lastText.split('\n').find((l) => l.startsWith(`${line} `));
  if (!found) throw new Error(`${line} not in /metrics`);
  return Number(found.slice(line.length + 1));
};

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-yang-salah-123' }],
    ['a staff token', 'staff'],
  ])('refuses %s with 401 in Indonesian', async (_label, headers) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: headers === 'staff' ? { authorization: `Bearer ${t.token}` } : headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Token metrics tidak valid' });
  });

  it('counts requests and their latency per route, with Node, database, WhatsApp and backup figures', async () => {
    for (let i = 0; i < 3; i++) expect((await t.request({ method: 'GET', url: '/api/nasabah?limit=5' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/nasabah/999999' })).statusCode).toBe(404);
    const families = await scrape();

    const requests = family(families, 'mizan_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const count = (route: string, status: string) =>
      Number(
        requests.metrics.find((m) => m.labels?.route === route && m.labels?.status_code === status && m.labels?.method === 'GET')
          ?.value ?? 0,
      );
    expect(count('/api/nasabah', '200')).toBe(3);
    expect(count('/api/nasabah/:id', '404')).toBe(1);

    const latency = family(families, 'mizan_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    expect(latency.metrics.length).toBeGreaterThan(0);
    const labels = 'method="GET",route="/api/nasabah"';
    expect(sample(`mizan_http_request_duration_seconds_count{${labels}}`)).toBe(3);
    expect(sample(`mizan_http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(3);
    expect(sample(`mizan_http_request_duration_seconds_sum{${labels}}`)).toBeGreaterThan(0);

    expect(Number(family(families, 'nodejs_eventloop_lag_p99_seconds').metrics[0]!.value)).toBeGreaterThanOrEqual(0);
    const connections = family(families, 'mizan_db_connections').metrics;
    expect(connections.map((m) => m.labels?.state).sort()).toEqual(['idle', 'total', 'waiting']);
    expect(Number(connections.find((m) => m.labels?.state === 'total')!.value)).toBeGreaterThanOrEqual(1);

    // Nothing waits in the WhatsApp queue and no backup was made yet.
    expect(family(families, 'mizan_wa_outbox_queued').metrics[0]!.value).toBe('0');
    expect(family(families, 'mizan_wa_outbox_oldest_age_seconds').metrics[0]!.value).toBe('0');
    expect(family(families, 'mizan_backup_last_success_timestamp_seconds').metrics[0]!.value).toBe('0');
    expect(family(families, 'mizan_backup_last_failed').metrics[0]!.value).toBe('0');
  });

  it('shows the waiting WhatsApp messages with the oldest one’s age, and the last backup', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await t.app.db
      .insertInto('wa_messages')
      .values([
        { idempotency_key: 'metrics:1', phone_number: '6281200000001', text: 'a', status: 'QUEUED', created_at: tenMinutesAgo },
        { idempotency_key: 'metrics:2', phone_number: '6281200000002', text: 'b', status: 'QUEUED' },
        { idempotency_key: 'metrics:3', phone_number: '6281200000003', text: 'c', status: 'SENT', created_at: new Date(0) },
      ])
      .execute();
    expect((await t.request({ method: 'POST', url: '/api/backup/runs' })).statusCode).toBe(202);
    await t.app.backups.idle();
    const { finished_at } = await t.app.db.selectFrom('backup_runs').select('finished_at').executeTakeFirstOrThrow();

    const families = await scrape();
    expect(family(families, 'mizan_wa_outbox_queued').metrics[0]!.value).toBe('2');
    const age = Number(family(families, 'mizan_wa_outbox_oldest_age_seconds').metrics[0]!.value);
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(900);
    expect(Number(family(families, 'mizan_backup_last_success_timestamp_seconds').metrics[0]!.value)).toBe(
      new Date(finished_at!).getTime() / 1000,
    );
  });
});

describe('GET /metrics: the figures of each server process', () => {
  it('shows this process by its pid, with its memory and event-loop delay, as the one process that answered', async () => {
    const families = await scrape();
    const pid = String(process.pid);
    expect(valuesBy(families, 'mizan_server_processes', 'state')).toEqual({ answered: 1, missing: 0 });
    expect(valuesBy(families, 'mizan_server_process_up', 'pid')).toEqual({ [pid]: 1 });
    expect(Object.keys(valuesBy(families, 'mizan_server_process_resident_memory_bytes', 'pid'))).toEqual([pid]);
    expect(valuesBy(families, 'mizan_server_process_resident_memory_bytes', 'pid')[pid]).toBeGreaterThan(10_000_000);
    expect(valuesBy(families, 'mizan_server_process_eventloop_lag_p99_seconds', 'pid')[pid]).toBeGreaterThanOrEqual(0);
  });
});

/** What one server process sends the primary: a few of its figures, named as installMetrics names them. */
async function figuresOfProcess(pid: number, nasabahRequests: number, residentBytes: number) {
  const registry = new Registry();
  new Counter({
    name: 'mizan_http_requests_total',
    help: 'HTTP requests answered, per route and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  }).inc({ method: 'GET', route: '/api/nasabah', status_code: '200' }, nasabahRequests);
  // Read from the database: every process sees the same two waiting messages.
  new Gauge({ name: 'mizan_wa_outbox_queued', help: 'WhatsApp messages waiting', aggregator: 'max', registers: [registry] }).set(
    2,
  );
  const processes = new Gauge({
    name: 'mizan_server_processes',
    help: 'processes',
    labelNames: ['state'],
    registers: [registry],
  });
  processes.set({ state: 'answered' }, 1);
  processes.set({ state: 'missing' }, 0);
  new Gauge({ name: 'mizan_server_process_up', help: 'up', labelNames: ['pid'], registers: [registry] }).set(
    { pid: String(pid) },
    1,
  );
  new Gauge({
    name: 'mizan_server_process_resident_memory_bytes',
    help: 'memory',
    labelNames: ['pid'],
    registers: [registry],
  }).set({ pid: String(pid) }, residentBytes);
  return registry.getMetricsAsJSON();
}

describe('aggregateProcessMetrics: one answer from several processes', () => {
  it('sums what each process counted, keeps the figures read from the database once, and keeps each process apart', async () => {
    const families = parseMetrics(
      await aggregateProcessMetrics([await figuresOfProcess(101, 3, 150e6), await figuresOfProcess(102, 4, 170e6)], []),
    );
    expect(family(families, 'mizan_http_requests_total').metrics).toEqual([
      { labels: { method: 'GET', route: '/api/nasabah', status_code: '200' }, value: '7' },
    ]);
    expect(family(families, 'mizan_wa_outbox_queued').metrics[0]!.value).toBe('2');
    expect(valuesBy(families, 'mizan_server_processes', 'state')).toEqual({ answered: 2, missing: 0 });
    expect(valuesBy(families, 'mizan_server_process_up', 'pid')).toEqual({ 101: 1, 102: 1 });
    expect(valuesBy(families, 'mizan_server_process_resident_memory_bytes', 'pid')).toEqual({ 101: 150e6, 102: 170e6 });
  });

  it('answers with the figures of the processes that answered, and counts and names the one that did not', async () => {
    const families = parseMetrics(await aggregateProcessMetrics([await figuresOfProcess(101, 3, 150e6)], [102]));
    expect(family(families, 'mizan_http_requests_total').metrics[0]!.value).toBe('3');
    expect(valuesBy(families, 'mizan_server_processes', 'state')).toEqual({ answered: 1, missing: 1 });
    expect(valuesBy(families, 'mizan_server_process_up', 'pid')).toEqual({ 101: 1, 102: 0 });
    expect(valuesBy(families, 'mizan_server_process_resident_memory_bytes', 'pid')).toEqual({ 101: 150e6 });
  });

  it('still answers when no process answered, saying that all are missing', async () => {
    const families = parseMetrics(await aggregateProcessMetrics([], [101, 102]));
    expect(valuesBy(families, 'mizan_server_processes', 'state')).toEqual({ answered: 0, missing: 2 });
    expect(valuesBy(families, 'mizan_server_process_up', 'pid')).toEqual({ 101: 0, 102: 0 });
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready with the database and how long it took, to anyone', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/ready', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ready', db: t.app.dbKind, db_ms: expect.any(Number) });
  });
});
