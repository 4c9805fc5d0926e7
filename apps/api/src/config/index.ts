import fs from 'node:fs';
import path from 'node:path';

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
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Konfigurasi tidak valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
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
  const problems: string[] = [];

  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT harus bilangan bulat 0-65535 (sekarang: "${env.PORT}")`);
  }

  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL harus diawali postgres:// atau postgresql://');
  }

  const waGateway = (env.WA_GATEWAY?.trim() || 'baileys') as WaGatewayKind;
  if (waGateway !== 'baileys' && waGateway !== 'simulator') {
    problems.push(`WA_GATEWAY harus "baileys" atau "simulator" (sekarang: "${env.WA_GATEWAY}")`);
  }

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL harus salah satu dari ${LOG_LEVELS.join(', ')}`);
  }

  const adminUsername = env.ADMIN_USERNAME?.trim() || 'admin';
  if (!/^[A-Za-z0-9._-]{3,50}$/.test(adminUsername)) {
    problems.push('ADMIN_USERNAME hanya boleh huruf, angka, titik, garis bawah atau strip (3-50 karakter)');
  }
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 8) {
    problems.push('ADMIN_PASSWORD minimal 8 karakter');
  }

  const jwtSecret = env.JWT_SECRET || null;
  if (jwtSecret !== null && jwtSecret.length < 32) {
    problems.push('JWT_SECRET minimal 32 karakter');
  }

  const nodeEnv = env.NODE_ENV?.trim() || 'production';
  if (env.MIZAN_CHECK_RESPONSES && !['0', '1'].includes(env.MIZAN_CHECK_RESPONSES)) {
    problems.push(`MIZAN_CHECK_RESPONSES harus "0" atau "1" (sekarang: "${env.MIZAN_CHECK_RESPONSES}")`);
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    host: env.HOST?.trim() || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR?.trim() || path.join(repoRoot, 'data')),
    databaseUrl,
    adminUsername,
    adminPassword,
    jwtSecret,
    waGateway,
    institutionName: env.INSTITUTION_NAME?.trim() || 'BMT Mizan Syariah',
    nodeEnv,
    logLevel,
    demo: env.MIZAN_DEMO === '1',
    benchMetrics: env.MIZAN_BENCH_METRICS === '1',
    checkResponses: env.MIZAN_CHECK_RESPONSES ? env.MIZAN_CHECK_RESPONSES === '1' : nodeEnv !== 'production',
    webDistDir: env.WEB_DIST_DIR?.trim() ? path.resolve(env.WEB_DIST_DIR.trim()) : path.join(repoRoot, 'apps/web/dist'),
    ...overrides,
  });
}
