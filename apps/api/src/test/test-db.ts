import crypto from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';

/**
 * A fresh, migrated, isolated database for one test file: an in-memory PGlite, or (when the
 * project runs with MIZAN_TEST_DB=postgres) a throw-away database on the TEST_DATABASE_URL
 * server, dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.MIZAN_TEST_DB !== 'postgres') return openPglite(null);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('MIZAN_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `mizan_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  return {
    ...handle,
    /** Where a second process would connect (tests of work shared between processes). */
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
