import cluster from 'node:cluster';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { unauthorized } from '../lib/errors';
import { operationalFigures, type OperationalFigures } from '../modules/health/health.service';

/** Seconds; from a health check's few milliseconds to a large export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** How long a process waits for the primary's sum of every process's metrics. */
const CLUSTER_TIMEOUT_MS = 5000;

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus's text format, only when METRICS_TOKEN is set and then only with
 * `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md "Monitoring"): requests and their
 * latency per route, Node's own figures (event-loop delay, memory, CPU), the database connections,
 * the WhatsApp queue's length and oldest age, and the last backup. With several processes
 * (WEB_CONCURRENCY) the answer is the sum over all of them, gathered by the primary.
 */
export function installMetrics(app: FastifyInstance, database: DatabaseHandle, token: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'mizan_http_requests_total',
    help: 'HTTP requests answered, per route and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'mizan_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'mizan_db_connections',
    help: 'Database connections of the server processes: total, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = database.connections();
      this.set({ state: 'total' }, now.total);
      this.set({ state: 'idle' }, now.idle);
      this.set({ state: 'waiting' }, now.waiting);
    },
  });
  // Read from the database at scrape time; the same in every process, so never summed.
  let pending: Promise<OperationalFigures> | null = null;
  const read = () =>
    (pending ??= operationalFigures(app.db, app.clock.now()).finally(() => setTimeout(() => (pending = null), 0)));
  new Gauge({
    name: 'mizan_wa_outbox_queued',
    help: 'WhatsApp messages waiting to be sent',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await read()).queued);
    },
  });
  new Gauge({
    name: 'mizan_wa_outbox_oldest_age_seconds',
    help: 'Age of the oldest WhatsApp message waiting to be sent (0 when none waits)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await read()).oldestSeconds);
    },
  });
  new Gauge({
    name: 'mizan_backup_last_success_timestamp_seconds',
    help: 'When the last successful backup of the server ended (Unix time; 0: none yet)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await read()).lastBackupSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'mizan_backup_last_failed',
    help: '1 when the server\u2019s last finished backup failed, else 0',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await read()).lastBackupFailed ? 1 : 0);
    },
  });

  if (cluster.isWorker) AggregatorRegistry.setRegistries([registry]);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'tidak dikenal';
    const labels = { method: request.method, route };
    requests.inc({ ...labels, status_code: String(reply.statusCode) });
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  // Scrapes that arrive while one is being written share its text: the figures are of the same
  // moment, and writing the text (every route's histogram) is one synchronous piece of work of a
  // few milliseconds that would otherwise run once per waiting scrape, back to back in one turn.
  let writing: Promise<string> | null = null;
  const write = () =>
    (writing ??= (cluster.isWorker ? metricsOfEveryProcess() : registry.metrics()).finally(() => (writing = null)));

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!given || !sameToken(given, token)) throw unauthorized('Token metrics tidak valid');
    const text = await write();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

/** A cluster worker asks the primary (primary.ts) for every process's metrics, summed. */
function metricsOfEveryProcess(): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('metrics of the other server processes did not arrive'));
    }, CLUSTER_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; id?: string; text?: string; error?: string };
      if (m?.type !== 'mizan:metrics' || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (m.error) reject(new Error(m.error));
      else resolve(m.text ?? '');
    };
    process.on('message', onMessage);
    process.send?.({ type: 'mizan:metrics?', id });
  });
}

/** In the primary of several processes: answers a worker's request with the sum over all of them. */
export function serveClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== 'mizan:metrics?') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: 'mizan:metrics', id: message.id, text }),
      (error: Error) => worker.send({ type: 'mizan:metrics', id: message.id, error: error.message }),
    );
  });
}
