import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError } from './db/database';
import { buildApp } from './app';
import { seedDemo } from './db/seed/demo';

// The only file that listens. Everything else is built by buildApp() so tests can use it too.
async function main() {
  let config;
  try {
    config = loadConfig();
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

  let app;
  try {
    app = await buildApp(config, {
      logger,
      onAdminCreated: (username, password) => {
        const line = '='.repeat(64);
        console.log(
          `\n${line}\n  Akun administrator pertama dibuat.\n  Username : ${username}\n  Password : ${password}\n` +
            `  Simpan password ini sekarang; ia tidak akan ditampilkan lagi.\n` +
            `  Ganti kapan saja: npm run user -- reset-password ${username}\n${line}\n`,
        );
      },
    });
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
    }, 15_000);
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

  const address = await app.listen({ host: config.host, port: config.port });
  console.log(`${config.institutionName} berjalan di ${address.replace('127.0.0.1', 'localhost')} (database: ${app.dbKind})`);
}

void main();
