import cluster from 'node:cluster';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError } from './db/database';
import { buildApp, prepareDatabase } from './app';
import { seedDemo } from './db/seed/demo';
import { runPrimary } from './primary';
import { assertBackupFolderUsable } from './modules/backup/backup-folder';

/** How long a stopping process lets requests in flight finish before it exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const announceAdmin = (username: string, password: string) => {
  const line = '='.repeat(64);
  console.log(
    `\n${line}\n  Akun administrator pertama dibuat.\n  Username : ${username}\n  Password : ${password}\n` +
      `  Simpan password ini sekarang; ia tidak akan ditampilkan lagi.\n` +
      `  Ganti kapan saja: npm run user -- reset-password ${username}\n${line}\n`,
  );
};

// The only file that listens. Everything else is built by buildApp() so tests can use it too.
async function main() {
  let config;
  try {
    config = loadConfig();
    // Checked once per start, before the database opens: by this process, or by the primary of
    // several (its server processes share the folder).
    if (config.backupSchedule && !cluster.isWorker) assertBackupFolderUsable(config.backupDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    ...(config.nodeEnv === 'development' ? {} : {}),
  });

  // WEB_CONCURRENCY > 1 (PostgreSQL): this process prepares the database and runs the server
  // processes (primary.ts); each of them comes back here as a cluster worker.
  if (cluster.isPrimary && config.webConcurrency > 1) {
    try {
      await prepareDatabase(config, logger, announceAdmin);
    } catch (error) {
      if (error instanceof DatabaseOpenError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    runPrimary(config, logger);
    return;
  }

  let app;
  try {
    app = await buildApp(config, { logger, onAdminCreated: announceAdmin });
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.demo) {
    const { seeded } = await seedDemo(app.db, config.dataDir);
    console.log(
      `${seeded ? 'Data demo dibuat' : 'Data demo sudah ada'} di ${config.dataDir}. ` +
        `Masuk sebagai ${config.adminUsername} / ${config.adminPassword ?? '(password yang dicetak saat pertama kali)'}`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // SIGHUP restarts the processes of a cluster (primary.ts); one process alone keeps running.
  process.on('SIGHUP', () => {
    if (!cluster.isWorker) app.log.warn('SIGHUP ignored: a rolling restart needs WEB_CONCURRENCY > 1 (docs/operations.md)');
  });
  // A worker whose primary is gone (killed) stops too, rather than serve on alone.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('disconnect'));

  const address = await app.listen({ host: config.host, port: config.port });
  if (!cluster.isWorker)
    console.log(`${config.institutionName} berjalan di ${address.replace('127.0.0.1', 'localhost')} (database: ${app.dbKind})`);
}

void main();
