import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';
import { migrations } from '../db/migrations';

/**
 * A fresh PGlite costs an initdb and every migration (5 s of WebAssembly on two cores, for each of
 * ~80 test files). The first test file to need one dumps its freshly migrated cluster to a tar in
 * the temporary folder, named by the PGlite version and the migrations' names; every later one
 * starts from that file (1 s). A new migration or PGlite version names a new file. Written to a
 * temporary name and renamed, so a file that exists is whole.
 */
/** Names a migrated PGlite cluster: the PGlite version and every migration's name (tests' templates). */
export function pgliteTemplateKey() {
  // The package does not export its package.json: read it beside its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return crypto
    .createHash('sha256')
    .update(`${version}\n${Object.keys(migrations).join('\n')}`)
    .digest('hex')
    .slice(0, 16);
}

const templatePath = () => path.join(os.tmpdir(), `mizan-pglite-template-${pgliteTemplateKey()}.tar`);

async function freshPglite(): Promise<DatabaseHandle> {
  const template = templatePath();
  if (fs.existsSync(template)) return openPglite(null, { loadDataDir: new Blob([fs.readFileSync(template)]) });
  const handle = await openPglite(null);
  const dump = Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer());
  const partial = `${template}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, template);
  return handle;
}

/**
 * A fresh, migrated, isolated database for one test file: an in-memory PGlite, or (when the
 * project runs with MIZAN_TEST_DB=postgres) a throw-away database on the TEST_DATABASE_URL
 * server, dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.MIZAN_TEST_DB !== 'postgres') return freshPglite();
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
