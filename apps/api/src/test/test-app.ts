import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config';
import { buildApp, type BuildOptions } from '../app';
import { createTestDatabase } from './test-db';
import type { DatabaseHandle } from '../db/database';
import { hashPassword } from '../lib/password';
import type { Clock } from '../lib/clock';
import type { ReminderOptions } from '../modules/pengingat/pengingat.scheduler';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export const TEST_ADMIN = { username: 'admin', password: 'rahasia-admin-123' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Bearer token of the first administrator. */
  token: string;
  /** inject() with the administrator's token unless `token` is given (null: no header). */
  request(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /** Creates a user directly in the database and signs it in; returns its token. */
  createUser(input: {
    username: string;
    password: string;
    role: 'admin' | 'manajer' | 'operator' | 'user';
    nama_lengkap?: string;
  }): Promise<{ id: number; token: string }>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database with a signed-in administrator; `clock` sets the day
 * for everything the server computes from today's date (lib/clock.ts).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    clock?: Clock;
    reminders?: ReminderOptions;
    database?: DatabaseHandle;
    beforeReaction?: BuildOptions['beforeReaction'];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-test-'));
  const config = loadConfig(
    { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password, DATA_DIR: dataDir, WA_GATEWAY: 'simulator' },
    {
      webDistDir: path.join(dataDir, 'no-web-build'),
      jwtSecret: 'test-secret-test-secret-test-secret-123',
      checkResponses: true,
      // No backup at a time of day a long test file might reach (tests of the schedule set one).
      backupSchedule: null,
      ...overrides,
    },
  );
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp(config, {
    database,
    clock: options.clock,
    reminders: options.reminders,
    beforeReaction: options.beforeReaction,
  });
  await app.ready();

  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  const token = await login(TEST_ADMIN.username, TEST_ADMIN.password);

  const testApp: TestApp = {
    app,
    config,
    token,
    login,
    async request({ token: explicit, headers, ...options }) {
      const bearer = explicit === undefined ? testApp.token : explicit;
      const res = await app.inject({
        ...options,
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      });
      // A change answered may have recorded reactions (its activity, ta'zir proposals,
      // notifications): the server runs them at once after the commit; a test sees them done
      // (or failed) when its request returns, as a person a moment later would.
      if (options.method !== 'GET' && options.method !== 'HEAD') await reactionsDone(app);
      return res;
    },
    async createUser({ username, password, role, nama_lengkap }) {
      const row = await app.db
        .insertInto('users')
        .values({ username, password_hash: await hashPassword(password), role, nama_lengkap: nama_lengkap ?? username })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, token: await login(username, password) };
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Runs the reactions recorded so far (activities, ta'zir proposals, notifications written into the
 * message log) to the end, as the server does right after a commit.
 */
export async function reactionsDone(app: FastifyInstance) {
  await app.reactions.kick();
  await app.reactions.idle();
}

/** The reactions done, then the messages they wrote handed to the WhatsApp gateway. */
export async function messagesSent(app: FastifyInstance) {
  await reactionsDone(app);
  await app.wa.dispatcher.kick();
  await app.wa.dispatcher.idle();
}

/**
 * Gives the test file one app (`createTestApp` with `args`), built before its first test and
 * closed after its last; `use` receives it, for the file to keep where its tests read it.
 */
export function appPerFile(use: (t: TestApp) => void, ...args: Parameters<typeof createTestApp>) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(...args);
    use(t);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/**
 * Gives the test file (or the describe block it is called in) one fresh database, made before its
 * first test and closed after its last; `use` receives it first, to keep it where the tests read it
 * and to fill it.
 */
export function databasePerFile(use: (handle: DatabaseHandle & { url?: string }) => unknown) {
  let handle: (DatabaseHandle & { url?: string }) | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await use(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
}

/**
 * Empties the money events and the books, so that a test file can start its loans and payments
 * afresh (the database refuses to delete an event or a journal; emptying the whole table is what a
 * restore does too).
 */
export async function forgetMoneyEvents(db: Kysely<DB>) {
  await sql`truncate jurnal_baris, jurnal, saldo_akun_harian, saldo_akun_bulanan, mutasi_pinjaman`.execute(db);
}

/**
 * Empties the book a test file shares between its tests: the money events, payments, loans and
 * customers, and the activity feed unless `activities: false` (a file that never reads the feed
 * leaves it). `alsoEmpty` names tables that hang on the payments and must go before them.
 */
export async function clearBook(
  db: Kysely<DB>,
  options: { activities?: boolean; alsoEmpty?: readonly ('pelunasan_dipercepat' | 'kwitansi_pembayaran_counters')[] } = {},
) {
  await forgetMoneyEvents(db);
  for (const table of options.alsoEmpty ?? []) await db.deleteFrom(table).execute();
  await db.deleteFrom('pembayaran').execute();
  await db.deleteFrom('pinjaman').execute();
  await db.deleteFrom('nasabah').execute();
  if (options.activities ?? true) await db.deleteFrom('activities').execute();
}
