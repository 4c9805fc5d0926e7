import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config';
import { serveClusterMetrics } from './plugins/metrics';

/** How long a new process may take to listen before a rolling restart gives up on it. */
const LISTEN_TIMEOUT_MS = 120_000;
/** A process that dies on its own is started again after this, doubling while it keeps dying (to 30 s). */
const RESTART_DELAY_MS = 1_000;

const once = (worker: Worker, event: 'listening' | 'exit', timeoutMs?: number) =>
  new Promise<boolean>((resolve) => {
    const timer = timeoutMs ? setTimeout(() => resolve(false), timeoutMs) : undefined;
    worker.once(event, () => {
      clearTimeout(timer);
      resolve(true);
    });
    if (event === 'listening')
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
  });

/**
 * WEB_CONCURRENCY=N on PostgreSQL: the primary process of Node's cluster module. It holds the port
 * and hands each new connection to one of N server processes (server.ts, as cluster workers),
 * which share everything else through the database (docs/operations.md "Several processes").
 * - A process that dies on its own is started again.
 * - SIGHUP: a rolling restart, one process at a time: the new one listens before the old one stops
 *   (finishing its requests in flight), so no request is lost; new code on disk (an upgrade) is
 *   what the new processes run.
 * - SIGTERM / SIGINT: every process finishes its requests in flight and stops; then this one exits
 *   0 (1 when a process had to be stopped after its 10 s).
 */
export function runPrimary(config: Config, logger: Logger) {
  let stopping = false;
  let rolling: Promise<void> | null = null;
  let restartDelay = RESTART_DELAY_MS;
  /** Workers being replaced or stopped on purpose: their exit is expected. */
  const retiring = new Set<Worker>();
  /** Workers that listen (have built their app), until they exit. */
  const listening = new Set<Worker>();

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      restartDelay = RESTART_DELAY_MS;
      listening.add(worker);
    });
    worker.on('exit', (code, signal) => {
      listening.delete(worker);
      if (stopping || retiring.delete(worker)) return;
      logger.error(
        { pid: worker.process.pid, code, signal },
        `server process stopped unexpectedly; starting another in ${restartDelay} ms`,
      );
      const delay = restartDelay;
      restartDelay = Math.min(restartDelay * 2, 30_000);
      setTimeout(() => {
        if (!stopping) start();
      }, delay).unref();
    });
    return worker;
  };

  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !retiring.has(w!));

  /** Stops a process (it finishes its requests in flight); resolves with whether it stopped cleanly. */
  const stopWorker = async (worker: Worker) => {
    retiring.add(worker);
    const exited = new Promise<boolean>((resolve) => worker.once('exit', (code) => resolve(code === 0)));
    worker.process.kill('SIGTERM');
    return exited;
  };

  const rollingRestart = async () => {
    const old = live();
    logger.info({ processes: old.length }, 'rolling restart: replacing the server processes one at a time');
    for (const worker of old) {
      if (stopping) return;
      const next = start();
      if (!(await once(next, 'listening', LISTEN_TIMEOUT_MS))) {
        logger.error('rolling restart stopped: a new server process did not start; the old ones keep running');
        if (!next.isDead()) await stopWorker(next);
        return;
      }
      await stopWorker(worker);
    }
    logger.info('rolling restart finished');
    console.log(`Semua ${config.webConcurrency} proses server sudah dimulai ulang.`);
  };

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping every server process');
    const clean = await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => (worker ? stopWorker(worker) : true)));
    process.exit(clean.every(Boolean) ? 0 : 1);
  };

  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => {
    if (stopping) return;
    if (rolling) {
      logger.warn('a rolling restart is already running');
      return;
    }
    rolling = rollingRestart()
      .catch((error: unknown) => logger.error({ err: error }, 'rolling restart failed'))
      .finally(() => {
        rolling = null;
      });
  });

  // A scrape holds the figures of the processes that serve: one still starting would not answer
  // yet, and one being retired is about to take its figures with it.
  if (config.metricsToken)
    serveClusterMetrics(() => [...listening].filter((worker) => !retiring.has(worker) && worker.isConnected()), logger);

  const first = Array.from({ length: config.webConcurrency }, start);
  void Promise.all(first.map((worker) => once(worker, 'listening', LISTEN_TIMEOUT_MS))).then((up) => {
    if (stopping) return;
    const host = config.host === '127.0.0.1' ? 'localhost' : config.host;
    if (up.every(Boolean))
      console.log(
        `${config.institutionName} berjalan di http://${host}:${config.port} dengan ${config.webConcurrency} proses server (database: postgres)`,
      );
  });
}
