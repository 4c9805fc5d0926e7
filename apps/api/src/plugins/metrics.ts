import cluster, { type Worker } from 'node:cluster';
import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { unauthorized } from '../lib/errors';
import { operationalFigures, type OperationalFigures } from '../modules/health/health.service';
import { latestReconciliation } from '../modules/akuntansi/rekonsiliasi.service';

/** Seconds; from a health check's few milliseconds to a large export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** How long the primary waits, per scrape, for the server processes' own figures; the silent ones are reported missing. */
const PROCESS_ANSWER_TIMEOUT_MS = 2000;
/** How long a process waits for the primary's answer: its 2 s wait and room to spare; longer means the primary is stuck. */
const PRIMARY_ANSWER_TIMEOUT_MS = 5000;

/** One process's figures, as `registry.getMetricsAsJSON()` gives them (prom-client exports no name for this type). */
export type ProcessMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

// Figures about the processes themselves. Each process counts itself as answered and reports its
// own `up` as 1; the primary adds the processes that did not answer (aggregateProcessMetrics), so
// that the sum over the answers counts both. Their per-pid series are kept apart by the `pid` label.
const PROCESSES_GAUGE = {
  name: 'mizan_server_processes',
  help: 'Server processes whose figures this answer holds (answered) or lacks because they did not answer in time (missing)',
  labelNames: ['state'],
} as const;
const PROCESS_UP_GAUGE = {
  name: 'mizan_server_process_up',
  help: 'Each server process by pid: 1 when its figures are in this answer, 0 when it did not answer in time',
  labelNames: ['pid'],
} as const;

/** The messages of one scrape between the server processes and the primary (IPC). */
type MetricsMessage =
  /** A process received a scrape: it asks the primary for every process's figures. */
  | { type: 'mizan:metrics:scrape'; id: string }
  /** The primary's answer to it: the text of the scrape, or why there is none. */
  | { type: 'mizan:metrics:scraped'; id: string; text?: string; error?: string }
  /** The primary asks each process for its own figures. */
  | { type: 'mizan:metrics:collect'; id: string }
  /** A process's own figures, or why it has none. */
  | { type: 'mizan:metrics:collected'; id: string; metrics?: ProcessMetrics; error?: string };

const isMessage = <T extends MetricsMessage['type']>(
  message: unknown,
  type: T,
): message is Extract<MetricsMessage, { type: T }> =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/** Sends to the primary; a closed channel is no error here: the process is stopping ('disconnect' in server.ts). */
const sendToPrimary = (message: MetricsMessage) => process.send?.(message, undefined, undefined, () => {});

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus's text format, only when METRICS_TOKEN is set and then only with
 * `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md "Monitoring"): requests and their
 * latency per route, Node's own figures (event-loop delay, memory, CPU), the database connections,
 * the WhatsApp queue's length and oldest age, the last backup, the latest reconciliation of the
 * books, and each process's own figures by pid. With several processes (WEB_CONCURRENCY) the answer combines all of them, gathered by the
 * primary (serveClusterMetrics).
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
  new Gauge({
    name: 'mizan_reactions',
    help: 'Reactions to committed money events (notifications) not done yet: waiting for their first attempt, or failed and waiting for a retry',
    labelNames: ['state'],
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const { reactions } = await read();
      this.set({ state: 'waiting' }, reactions.waiting);
      this.set({ state: 'failed' }, reactions.failed);
    },
  });
  installReconciliationFigures(app, registry);
  installProcessFigures(app, registry);

  if (cluster.isWorker) answerThePrimary(app, registry);

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

/**
 * The latest reconciliation of the books (modules/akuntansi, docs/operations.md "When the books
 * do not reconcile"), read from the database at scrape time: each check's difference, the events
 * without a journal, whether all held and when it ran. No series of a check before the first run.
 */
function installReconciliationFigures(app: FastifyInstance, registry: Registry) {
  let pending: ReturnType<typeof latestReconciliation> | null = null;
  const read = () => (pending ??= latestReconciliation(app.db).finally(() => setTimeout(() => (pending = null), 0)));
  new Gauge({
    name: 'mizan_rekonsiliasi_selisih_rupiah',
    help: 'Difference found by each check of the latest reconciliation of the books, in rupiah (the sum of its rows\u2019 absolute differences; 0: the check held)',
    labelNames: ['cek'],
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      const latest = await read();
      for (const check of latest?.cek ?? []) if (check.satuan === 'rupiah') this.inc({ cek: check.cek }, Math.abs(check.selisih));
    },
  });
  new Gauge({
    name: 'mizan_rekonsiliasi_mutasi_tanpa_jurnal',
    help: 'Money events without their journal found by the latest reconciliation of the books',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      const check = (await read())?.cek.find((c) => c.cek === 'mutasi_tanpa_jurnal');
      if (check) this.set(check.tercatat);
    },
  });
  new Gauge({
    name: 'mizan_rekonsiliasi_cocok',
    help: '1 when every check of the latest reconciliation of the books held, 0 when one found a difference',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      const latest = await read();
      if (latest) this.set(latest.cocok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'mizan_rekonsiliasi_last_run_timestamp_seconds',
    help: 'When the latest reconciliation of the books ran (Unix time; 0: none yet)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const latest = await read();
      this.set(latest ? Date.parse(latest.dijalankan_pada) / 1000 : 0);
    },
  });
}

/**
 * This process's own figures, labelled with its pid: the combined answer of several processes sums
 * or averages Node's figures, so these show each process beside them (which one is short of memory
 * or has a blocked event loop).
 */
function installProcessFigures(app: FastifyInstance, registry: Registry) {
  const pid = String(process.pid);
  const processes = new Gauge({ ...PROCESSES_GAUGE, registers: [registry] });
  processes.set({ state: 'answered' }, 1);
  processes.set({ state: 'missing' }, 0);
  new Gauge({ ...PROCESS_UP_GAUGE, registers: [registry] }).set({ pid }, 1);
  new Gauge({
    name: 'mizan_server_process_resident_memory_bytes',
    help: 'Resident memory of each server process, by pid',
    labelNames: ['pid'],
    registers: [registry],
    collect() {
      this.set({ pid }, process.memoryUsage.rss());
    },
  });
  // A histogram of its own: reading nodejs_eventloop_lag_p99_seconds would reset the one that
  // prom-client's default figures read, and one of them would then see an empty interval.
  const eventLoopDelay = monitorEventLoopDelay();
  eventLoopDelay.enable();
  app.addHook('onClose', async () => eventLoopDelay.disable());
  new Gauge({
    name: 'mizan_server_process_eventloop_lag_p99_seconds',
    help: 'Event-loop delay of each server process since the previous scrape, 99th percentile, by pid',
    labelNames: ['pid'],
    registers: [registry],
    collect() {
      this.set({ pid }, eventLoopDelay.percentile(99) / 1e9);
      eventLoopDelay.reset();
    },
  });
}

/** In a cluster worker: sends this process's own figures whenever the primary asks for them. */
function answerThePrimary(app: FastifyInstance, registry: Registry) {
  const onMessage = (message: unknown) => {
    if (!isMessage(message, 'mizan:metrics:collect')) return;
    registry.getMetricsAsJSON().then(
      (metrics) => sendToPrimary({ type: 'mizan:metrics:collected', id: message.id, metrics }),
      (error: Error) => sendToPrimary({ type: 'mizan:metrics:collected', id: message.id, error: error.message }),
    );
  };
  process.on('message', onMessage);
  app.addHook('onClose', async () => {
    process.off('message', onMessage);
  });
}

/** A cluster worker asks the primary (primary.ts) for every process's figures, combined. */
function metricsOfEveryProcess(): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('metrics of the other server processes did not arrive'));
    }, PRIMARY_ANSWER_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (!isMessage(message, 'mizan:metrics:scraped') || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    process.on('message', onMessage);
    sendToPrimary({ type: 'mizan:metrics:scrape', id });
  });
}

/**
 * The answer to a scrape of several processes: the figures of those that answered, combined by
 * each metric's `aggregator` (summed unless the metric says otherwise, e.g. 'max' for the figures
 * read from the database), plus the processes that did not answer, counted
 * (`mizan_server_processes{state="missing"}`) and named (`mizan_server_process_up{pid} 0`), so
 * that a partial answer says it is one.
 */
export async function aggregateProcessMetrics(answered: ProcessMetrics[], missingPids: number[]): Promise<string> {
  const primary = new Registry();
  const processes = new Gauge({ ...PROCESSES_GAUGE, registers: [primary] });
  // The answered ones count themselves; 0 here keeps the series when none answered.
  processes.set({ state: 'answered' }, 0);
  processes.set({ state: 'missing' }, missingPids.length);
  const up = new Gauge({ ...PROCESS_UP_GAUGE, registers: [primary] });
  for (const pid of missingPids) up.set({ pid: String(pid) }, 0);
  return AggregatorRegistry.aggregate([...answered, await primary.getMetricsAsJSON()]).metrics();
}

/** Asks one process for its own figures; null when it does not answer in time or cannot collect them. */
function figuresOf(worker: Worker, id: string, logger: Logger): Promise<ProcessMetrics | null> {
  return new Promise((resolve) => {
    const finish = (metrics: ProcessMetrics | null) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(metrics);
    };
    const timer = setTimeout(() => finish(null), PROCESS_ANSWER_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (!isMessage(message, 'mizan:metrics:collected') || message.id !== id) return;
      if (message.error)
        logger.error({ pid: worker.process.pid, error: message.error }, 'a server process could not collect its metrics');
      finish(message.metrics ?? null);
    };
    worker.on('message', onMessage);
    // The callback takes a channel closed meanwhile (the process is stopping) as no answer, not as a crash of the primary.
    worker.send({ type: 'mizan:metrics:collect', id } satisfies MetricsMessage, undefined, (error) => {
      if (error) finish(null);
    });
  });
}

/**
 * In the primary of several processes (primary.ts): a process that received a scrape asks for
 * every process's figures; the primary asks each serving process for its own, waits at most
 * PROCESS_ANSWER_TIMEOUT_MS, and answers with their combination: a process that is stuck or
 * stopping makes the answer partial (and says so), never a failed scrape. Scrapes that arrive
 * while one is being gathered share it.
 */
export function serveClusterMetrics(serving: () => Worker[], logger: Logger) {
  const gather = async () => {
    const id = crypto.randomUUID();
    const workers = serving();
    const answers = await Promise.all(workers.map((worker) => figuresOf(worker, id, logger)));
    const answered = answers.filter((metrics): metrics is ProcessMetrics => metrics !== null);
    const missingPids = workers.filter((_, i) => answers[i] === null).map((worker) => worker.process.pid!);
    if (missingPids.length > 0)
      logger.warn({ missing: missingPids }, 'server processes did not send their metrics in time; /metrics answers without them');
    return aggregateProcessMetrics(answered, missingPids);
  };
  let gathering: Promise<string> | null = null;
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, 'mizan:metrics:scrape')) return;
    const answer = (reply: MetricsMessage) => worker.send(reply, undefined, () => {});
    (gathering ??= gather().finally(() => (gathering = null))).then(
      (text) => answer({ type: 'mizan:metrics:scraped', id: message.id, text }),
      (error: Error) => answer({ type: 'mizan:metrics:scraped', id: message.id, error: error.message }),
    );
  });
}
