import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export type WaGatewayKind = 'baileys' | 'simulator';

/** Settings of one server process, parsed once from the environment and frozen. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL connection string; null means the embedded PGlite database under dataDir/db. */
  databaseUrl: string | null;
  adminUsername: string;
  adminPassword: string | null;
  jwtSecret: string | null;
  waGateway: WaGatewayKind;
  institutionName: string;
  nodeEnv: string;
  logLevel: string;
  /** Folder of the built web app (index.html, app.html, assets/). */
  webDistDir: string;
  /** `npm run demo`: fill an empty database with demo data at start (MIZAN_DEMO=1). */
  demo: boolean;
  /** `npm run bench` only: expose GET /api/_bench/event-loop (MIZAN_BENCH_METRICS=1). */
  benchMetrics: boolean;
  /**
   * Parse every API answer with its zod response schema before sending it (MIZAN_CHECK_RESPONSES=1
   * or 0; default: on unless NODE_ENV is production). Tests and development turn it on; production
   * relies on the compiled serializer alone (lib/response-serializer.ts).
   */
  checkResponses: boolean;
  /** Addresses of the reverse proxy whose X-Forwarded-For is believed (TRUST_PROXY); false: none. */
  trustProxy: string | false;
  /** Server processes `npm start` runs on the port (WEB_CONCURRENCY, PostgreSQL only; server.ts). */
  webConcurrency: number;
  /** GET /metrics answers only with this bearer token (METRICS_TOKEN); null: no metrics. */
  metricsToken: string | null;
  /** The daily scheduled backup's Jakarta time (BACKUP_SCHEDULE, default 01:00); null: off. */
  backupSchedule: { hour: number; minute: number } | null;
  /** Where the server writes its backups (BACKUP_DIR, else DATA_DIR/backups). */
  backupDir: string;
  /** Backup files kept; older ones are removed after a successful backup (BACKUP_KEEP, default 14). */
  backupKeep: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Konfigurasi tidak valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset or blank variable is absent; `trim` also trims what is set. */
const absentIfBlank = (trim: boolean) => (value: unknown) =>
  typeof value !== 'string' || value.trim() === '' ? undefined : trim ? value.trim() : value;
const setting = <T extends z.ZodType>(schema: T, trim = true) => z.preprocess(absentIfBlank(trim), schema);
const shown = (input: unknown) => `"${String(input ?? '')}"`;

/**
 * Every environment variable the server reads, with its default and its rule. A bad value is named
 * in Indonesian with what was given; all bad variables are listed together (ConfigError).
 */
const envSchema = z.object({
  PORT: setting(
    z
      .string()
      .default('3000')
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) <= 65535, {
        error: (issue) => `PORT harus bilangan bulat 0-65535 (sekarang: ${shown(issue.input)})`,
      })
      .transform(Number),
  ),
  HOST: setting(z.string().default('127.0.0.1')),
  DATA_DIR: setting(z.string().optional()),
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL harus diawali postgres:// atau postgresql://' })
      .optional(),
  ),
  WA_GATEWAY: setting(
    z
      .enum(['baileys', 'simulator'], {
        error: (issue) => `WA_GATEWAY harus "baileys" atau "simulator" (sekarang: ${shown(issue.input)})`,
      })
      .default('baileys'),
  ),
  LOG_LEVEL: setting(z.enum(LOG_LEVELS, { error: `LOG_LEVEL harus salah satu dari ${LOG_LEVELS.join(', ')}` }).default('info')),
  ADMIN_USERNAME: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,50}$/, {
        error: 'ADMIN_USERNAME hanya boleh huruf, angka, titik, garis bawah atau strip (3-50 karakter)',
      })
      .default('admin'),
  ),
  ADMIN_PASSWORD: setting(z.string().min(8, { error: 'ADMIN_PASSWORD minimal 8 karakter' }).optional(), false),
  JWT_SECRET: setting(z.string().min(32, { error: 'JWT_SECRET minimal 32 karakter' }).optional(), false),
  INSTITUTION_NAME: setting(z.string().default('BMT Mizan Syariah')),
  NODE_ENV: setting(z.string().default('production')),
  MIZAN_CHECK_RESPONSES: setting(
    z
      .enum(['0', '1'], { error: (issue) => `MIZAN_CHECK_RESPONSES harus "0" atau "1" (sekarang: ${shown(issue.input)})` })
      .optional(),
  ),
  MIZAN_DEMO: setting(z.string().optional()),
  MIZAN_BENCH_METRICS: setting(z.string().optional()),
  WEB_DIST_DIR: setting(z.string().optional()),
  WEB_CONCURRENCY: setting(
    z
      .string()
      .default('1')
      .refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 32, {
        error: (issue) => `WEB_CONCURRENCY harus bilangan bulat 1-32 (sekarang: ${shown(issue.input)})`,
      })
      .transform(Number),
  ),
  TRUST_PROXY: setting(z.string().optional()),
  METRICS_TOKEN: setting(z.string().min(16, { error: 'METRICS_TOKEN minimal 16 karakter' }).optional(), false),
  BACKUP_SCHEDULE: setting(
    z
      .string()
      .default('01:00')
      .refine((value) => value.toLowerCase() === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), {
        error: (issue) =>
          `BACKUP_SCHEDULE harus jam harian WIB "JJ:MM" (misalnya 01:00) atau "off" (sekarang: ${shown(issue.input)})`,
      })
      .transform((value) =>
        value.toLowerCase() === 'off' ? null : { hour: Number(value.slice(0, 2)), minute: Number(value.slice(3, 5)) },
      ),
  ),
  BACKUP_DIR: setting(z.string().optional()),
  BACKUP_KEEP: setting(
    z
      .string()
      .default('14')
      .refine((value) => /^\d{1,4}$/.test(value) && Number(value) >= 1, {
        error: (issue) => `BACKUP_KEEP harus bilangan bulat 1 atau lebih (sekarang: ${shown(issue.input)})`,
      })
      .transform(Number),
  ),
});

/** The repository's root, from the sources (apps/api/src/config) or the build (apps/api/dist). */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'api', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../..');
  }
}
const repoRoot = findRepoRoot(import.meta.dirname);

/** Parses the environment into a frozen Config; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError([...new Set(parsed.error.issues.map((issue) => issue.message))]);
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    throw new ConfigError([
      `WEB_CONCURRENCY=${e.WEB_CONCURRENCY} memerlukan PostgreSQL (DATABASE_URL): database bawaan (PGlite) hanya dapat dibuka oleh satu proses. Hapus WEB_CONCURRENCY atau isi DATABASE_URL.`,
    ]);
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));
  return Object.freeze({
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    waGateway: e.WA_GATEWAY,
    institutionName: e.INSTITUTION_NAME,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    demo: e.MIZAN_DEMO === '1',
    benchMetrics: e.MIZAN_BENCH_METRICS === '1',
    checkResponses: e.MIZAN_CHECK_RESPONSES ? e.MIZAN_CHECK_RESPONSES === '1' : e.NODE_ENV !== 'production',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY ?? false,
    webConcurrency: e.WEB_CONCURRENCY,
    metricsToken: e.METRICS_TOKEN ?? null,
    backupSchedule: e.BACKUP_SCHEDULE,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: e.BACKUP_KEEP,
    ...overrides,
  });
}
