import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { systemClock, todayOf, type Clock } from './lib/clock';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiTransform } from './lib/route-docs';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { AUTH_CHANGED_CHANNEL, openPglite, openPostgres, type Database, type DatabaseHandle } from './db/database';
import { errorsPlugin } from './plugins/errors';
import { authenticate, createSessionCache } from './plugins/auth';
import { spaPlugin, type PageProfil } from './plugins/spa';
import { createTokenSigner, type TokenSigner } from './lib/tokens';
import { checkDataDir, resolveTokenSecret } from './lib/server-secrets';
import { createUrlSigner, type UrlSigner } from './lib/signed-url';
import { createLocalFileStorage, kwitansiDir, type FileStorage } from './lib/file-storage';
import { kwitansiFileRoutes } from './modules/pinjaman/kwitansi-file.routes';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes, publicAuthRoutes } from './modules/auth/auth.routes';
import { ensureFirstAdmin } from './modules/auth/auth.service';
import { generatePassword } from './lib/password';
import { publicProfilLembagaRoutes } from './modules/profil-lembaga/profil-lembaga.routes';
import { getProfil, logoUrl } from './modules/profil-lembaga/profil-lembaga.service';
import { protectedModules } from './modules';
import { scheduleDailyLedger } from './modules/ledger/ledger.scheduler';
import { WA_QUEUED_CHANNEL, createWhatsApp, type WhatsApp } from './lib/whatsapp';
import { scheduleReminders, type ReminderOptions } from './modules/pengingat/pengingat.scheduler';
import { benchMetricsPlugin } from './plugins/bench-metrics';
import { createBackupRunner } from './modules/backup/backup.service';
import { installMetrics } from './plugins/metrics';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { createSnapshotCache, type SnapshotCache } from './db/snapshot-cache';
import { RequestLogController } from './lib/request-log';
import { SETTINGS_CHANGED_CHANNEL, createSettingsCache } from './db/settings-cache';
import { vacuumAtStart } from './db/maintenance';
import { isNotifikasiReaction, notifikasiReactions, type Notifier } from './modules/notifikasi/notifikasi.service';
import { activityReactions } from './modules/activities/activity.service';
import { keepIdempotentAnswer } from './lib/idempotency';
import { TAZIR_REACTION, tazirReactions } from './modules/tazir/tazir-usulan.service';
import { createReactionRunner, type ReactionRunner, type ReactionRunnerOptions } from './modules/reactions/reactions.service';
import { scheduleDailyRecap } from './modules/notifikasi/notifikasi.scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbKind: 'pglite' | 'postgres';
    /** Embedded PGlite in a data folder: a private copy for a long read (db/database.ts). */
    dbSnapshot: DatabaseHandle['snapshot'] | null;
    tokens: TokenSigner;
    /** WhatsApp gateway, message log and paced sending (lib/whatsapp). */
    wa: WhatsApp;
    /** WhatsApp notifications of business writes (modules/notifikasi). */
    notifier: Notifier;
    /** The runner of reactions to committed money events (modules/reactions). */
    reactions: ReactionRunner;
    /** Signs short-lived links to receipt files (key derived from the token secret). */
    urlSigner: UrlSigner;
    /** Receipt files (DATA_DIR/uploads/kwitansi). */
    fileStorage: FileStorage;
    /** Large list pages remembered until the database changes (db/snapshot-cache.ts, lib/list-answer.ts). */
    answers: SnapshotCache;
    /** Where the server reads the time (lib/clock.ts). */
    clock: Clock;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  logger?: FastifyBaseLogger;
  /** Called once when the first administrator was created with a generated password. */
  onAdminCreated?: (username: string, password: string) => void;
  /** Where the server reads the time (tests set the day); the system clock otherwise. */
  clock?: Clock;
  /** The reminders' pause and randomness (tests shorten the pause). */
  reminders?: ReminderOptions;
  /** Called before each reaction to a committed event runs (tests make every reaction fail). */
  beforeReaction?: ReactionRunnerOptions['beforeEach'];
}

/**
 * The Content-Security-Policy of every page and response: only this origin's scripts (no inline,
 * no eval), inline styles (Radix positions popovers with style attributes), images from here,
 * data: and blob: (receipt previews), nothing may frame the app.
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'self'", 'blob:'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};
const serializeCsp = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/** Opens the database named by the config: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/**
 * What every process of a server shares, made once per database: the first administrator, the
 * token secret (returned) and, on PostgreSQL, the one data folder of the receipts
 * (lib/server-secrets.ts). Run by each process at start, and by the primary of several processes
 * before it starts them (server.ts), so that they do not race to create the administrator.
 */
async function prepareShared(
  database: DatabaseHandle,
  config: Config,
  log: FastifyBaseLogger,
  onAdminCreated?: (username: string, password: string) => void,
): Promise<string> {
  const admin = await ensureFirstAdmin(database.db, config.adminUsername, config.adminPassword, generatePassword);
  if (admin.generatedPassword) onAdminCreated?.(config.adminUsername, admin.generatedPassword);
  const secret = await resolveTokenSecret(config.jwtSecret, config.dataDir, database.db, database.kind);
  if (database.kind === 'postgres') {
    const { moved } = await checkDataDir(database.db, config.dataDir);
    if (moved)
      log.warn({ dataDir: config.dataDir }, 'the database now keeps its receipts in this data folder (none existed elsewhere)');
  }
  return secret;
}

/** Opens the database, migrates it and makes what every process shares (see prepareShared), then closes it. */
export async function prepareDatabase(
  config: Config,
  log: FastifyBaseLogger,
  onAdminCreated?: (username: string, password: string) => void,
): Promise<void> {
  const database = await openDatabase(config);
  try {
    await prepareShared(database, config, log, onAdminCreated);
  } finally {
    await database.close();
  }
}

/** Builds the whole server (API, docs, static web app) without listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config));
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    // Behind nginx or caddy (TRUST_PROXY=127.0.0.1): the client's address, for the sign-in limits.
    trustProxy: config.trustProxy,
    // While closing (SIGTERM, a rolling restart), a request that still arrives on an open
    // keep-alive connection is answered (with `connection: close`), not refused with 503, and
    // idle connections are not cut (see the preClose hook below).
    return503OnClosing: false,
    forceCloseConnections: false,
    // Idle keep-alive connections end after 5 s (Node's default; Fastify's is 72 s), announced in
    // every answer (`Keep-Alive: timeout=5`), so a stopping process is done within the 10 s it has.
    keepAliveTimeout: 5000,
    genReqId: () => crypto.randomUUID(),
    // Before it answers, the server may vacuum PGlite's whole database (db/maintenance.ts) and run
    // the day's ledger job: on a large database after a busy day that takes longer than Fastify's
    // 10 s for a start-up hook, and a server that cannot start is an institution's worst morning.
    pluginTimeout: 15 * 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: config.checkResponses }));

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('dbSnapshot', database.snapshot ?? null);
  const jwtSecret = await prepareShared(database, config, app.log, options.onAdminCreated);
  app.decorate('tokens', createTokenSigner(jwtSecret));
  app.decorate('urlSigner', createUrlSigner(jwtSecret));
  app.decorate('fileStorage', createLocalFileStorage(kwitansiDir(config.dataDir)));
  app.decorate('answers', createSnapshotCache(database.db));
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => {
    await database.close();
  });
  // The embedded database tells this process of every users/sessions change before the change's
  // statement resolves, so checked sessions can be remembered until then (plugins/auth.ts). A
  // PostgreSQL server's notices arrive after the commit, too late for sign-outs: no cache there.
  const sessionCache = database.kind === 'pglite' ? createSessionCache() : undefined;
  if (sessionCache) {
    const unlisten = await database.notifications(AUTH_CHANGED_CHANNEL, { onNotify: sessionCache.invalidate, onLive: () => {} });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  }
  // Settings are remembered until the database announces a change (db/settings-cache.ts).
  const settingsCache = createSettingsCache(database.db);
  const stopSettingsListen = await database.notifications(SETTINGS_CHANGED_CHANNEL, {
    onNotify: settingsCache.forget,
    onLive: settingsCache.setLive,
  });
  app.addHook('onClose', async () => {
    await stopSettingsListen();
  });
  // Graceful shutdown: requests in flight finish, and their keep-alive connections are told to
  // close with their answer.
  let closing = false;
  app.decorate('stopping', () => closing);
  app.addHook('preClose', async () => {
    closing = true;
    // Node's server.close() also cuts every idle keep-alive connection at once, racing a client
    // that is just sending its next request on one (a lost request in a rolling restart). Instead
    // they end as usual: the client is told `connection: close` with its next answer, or retires
    // the connection before the server's keep-alive timeout (5 s, announced in every answer).
    app.server.closeIdleConnections = () => {};
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // WhatsApp gateway (lib/whatsapp): closed before the database (onClose hooks run last-in first-out).
  const wa = createWhatsApp({
    kind: config.waGateway,
    db: database.db,
    dbKind: database.kind,
    logger: app.log.child({ module: 'whatsapp' }),
    now: () => app.clock.now(),
  });
  app.decorate('wa', wa);
  app.addHook('onClose', async () => {
    await wa.close();
  });
  // Reactions to committed money events (modules/reactions): run after each commit and every 30 s;
  // a round that wrote notifications ends by waking the sender for them. Stopped before the gateway.
  const reactions = createReactionRunner({
    db: database.db,
    clock: app.clock,
    handlers: { ...notifikasiReactions(config.institutionName), ...activityReactions, ...tazirReactions },
    locking: new Set([TAZIR_REACTION]),
    afterRound: (kinds) => {
      if ([...kinds].some(isNotifikasiReaction)) void wa.dispatcher.kick();
    },
    onFailure: ({ id, kind, attempts, error }) =>
      app.log.warn({ err: error, reaction: id, kind, attempts }, 'reaction failed; retried later'),
    onError: (err) => app.log.error({ err }, 'reaction round failed; retried at the next poll'),
    beforeEach: options.beforeReaction,
  });
  app.decorate('reactions', reactions);
  // Every change answered (its transaction committed) may have recorded reactions (its activity,
  // its ta'zir proposals): the runner is woken at once rather than at its next poll.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) void reactions.kick();
  });
  app.decorate('notifier', {
    lembaga: config.institutionName,
    committed: () => void reactions.kick(),
  });
  app.addHook('onReady', async () => {
    reactions.start();
  });
  app.addHook('onClose', async () => {
    await reactions.close();
  });
  await wa.start();
  // A message another process wrote (several processes on PostgreSQL) is sent by the one that
  // owns the session as soon as its transaction commits (migration 2026_12_02_0900).
  const stopWaListen = await database.notifications(WA_QUEUED_CHANNEL, {
    onNotify: () => void wa.dispatcher.kick(),
    onLive: () => {},
  });
  app.addHook('onClose', async () => {
    await stopWaListen();
  });

  // The daily ledger (days past due and kolektibilitas move with the date): at 00:05 Jakarta, and
  // at start-up when the last run is older than today (modules/ledger).
  // PGlite has no autovacuum: the whole database is vacuumed (and weekly analyzed) before the
  // server answers (db/maintenance.ts), each table's heap daily after the daily job.
  app.addHook('onReady', async () => {
    const started = performance.now();
    const outcome = await vacuumAtStart(app.db, app.dbKind, todayOf(app.clock));
    if (outcome !== 'skipped')
      app.log.info({ outcome, ms: Math.round(performance.now() - started) }, 'database maintenance at start');
  });
  app.decorate('backups', createBackupRunner(app));
  scheduleDailyLedger(app);
  scheduleDailyRecap(app);
  scheduleReminders(app, options.reminders);

  await app.register(errorsPlugin);
  if (config.metricsToken) installMetrics(app, database, config.metricsToken);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });

  // The answer of a request that claimed an idempotency key is kept as it is sent (issue 51),
  // before compression turns it into a stream.
  app.addHook('onSend', keepIdempotentAnswer);

  // Answers above 1 KB are compressed when the client accepts it (brotli, else gzip): a 1000-row
  // list page (~400 KB of JSON) reaches a phone as a tenth of that, the app's scripts likewise.
  // Large answers are compressed on libuv's thread pool, off the event loop. Request bodies are
  // never inflated (no client of this API sends them compressed). Before the routes and the
  // static assets, whose answers it hooks.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      servers: [{ url: '/' }],
      info: {
        title: `${config.institutionName} API`,
        version: '0.1.0',
        description: 'API back-office mizan',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: openApiTransform,
  });
  // The API docs page keeps the product's policy, allowing only Swagger UI's own inline scripts
  // by the hashes the plugin publishes (its default policy would loosen frame-ancestors and styles).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => {
      const hashes =
        /script-src ([^;]*)/
          .exec(header)?.[1]
          ?.split(' ')
          .filter((source) => source.startsWith("'sha")) ?? [];
      return serializeCsp({ ...CSP_DIRECTIVES, 'script-src': ["'self'", ...hashes] });
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicAuthRoutes);
      await api.register(publicProfilLembagaRoutes);
      await api.register(async (secured) => {
        secured.addHook('onRequest', authenticate(app, sessionCache));
        await secured.register(authRoutes);
        for (const module of protectedModules) await secured.register(module);
      });
    },
    { prefix: '/api' },
  );
  await app.register(kwitansiFileRoutes);
  if (config.benchMetrics) await app.register(benchMetricsPlugin);

  // The pages show the institution from Profil Lembaga; the same object comes back until it changes.
  const pageProfils = new WeakMap<object, PageProfil>();
  const { appHtml } = await spaPlugin(app, {
    distDir: config.webDistDir,
    profil: async () => {
      const profil = await getProfil(app.db, config.institutionName);
      let page = pageProfils.get(profil);
      if (!page) {
        page = {
          nama: profil.nama,
          alamat: profil.alamat,
          telepon: profil.telepon,
          email: profil.email,
          logoUrl: logoUrl(profil),
        };
        pageProfils.set(profil, page);
      }
      return page;
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi =
      pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || pathname === '/metrics';
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return appHtml(pathname).then((html) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
      );
    }
    return reply.status(404).send({ success: false, message: `Rute ${request.method} ${pathname} tidak ditemukan` });
  });

  return app;
}
