/**
 * What the processes of one database share without configuration (issue 28 A): the token secret
 * (PostgreSQL: in the database, so a token from one process is good at every other, whatever
 * their DATA_DIR; PGlite: DATA_DIR/secret), and the one data folder of the receipts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db';
import { createTestApp } from '../test/test-app';
import { populate } from '../test/populate';
import { DATA_DIR_ID_FILE, DataDirMismatch, checkDataDir, resolveTokenSecret } from './server-secrets';
import { createTokenSigner } from './tokens';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-secret-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const database = async () => {
  const handle = await createTestDatabase();
  cleanup.push(() => handle.close());
  return handle;
};

describe('the token secret', () => {
  it('is JWT_SECRET when it is set', async () => {
    const handle = await database();
    expect(await resolveTokenSecret('x'.repeat(32), folder(), handle.db, handle.kind)).toBe('x'.repeat(32));
    expect(await handle.db.selectFrom('server_secrets').selectAll().execute()).toEqual([]);
  });

  it.runIf(process.env.MIZAN_TEST_DB !== 'postgres')(
    'on PGlite is kept in DATA_DIR/secret (0600), the same at every start',
    async () => {
      const handle = await database();
      const dir = folder();
      const first = await resolveTokenSecret(null, dir, handle.db, 'pglite');
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dir, 'secret'), 'utf8')).toBe(first);
      expect(fs.statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600);
      expect(await resolveTokenSecret(null, dir, handle.db, 'pglite')).toBe(first);
    },
  );

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')(
    'on PostgreSQL is kept in the database: processes with their own DATA_DIR accept each other’s tokens',
    async () => {
      const handle = await database();
      const [one, two] = [folder(), folder()];
      const secretOne = await resolveTokenSecret(null, one, handle.db, 'postgres');
      const secretTwo = await resolveTokenSecret(null, two, handle.db, 'postgres');
      expect(secretTwo).toBe(secretOne);
      expect(fs.existsSync(path.join(two, 'secret'))).toBe(false);
      const expires = new Date(Date.now() + 60_000);
      const token = await createTokenSigner(secretOne).sign({ userId: 1, sessionId: 's' }, expires);
      expect(await createTokenSigner(secretTwo).verify(token)).toEqual({ userId: 1, sessionId: 's' });
    },
  );

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')(
    'on PostgreSQL takes over an existing DATA_DIR/secret, so nobody is signed out by the upgrade',
    async () => {
      const handle = await database();
      const dir = folder();
      fs.writeFileSync(path.join(dir, 'secret'), 'lama'.repeat(12));
      expect(await resolveTokenSecret(null, dir, handle.db, 'postgres')).toBe('lama'.repeat(12));
      expect(await resolveTokenSecret(null, folder(), handle.db, 'postgres')).toBe('lama'.repeat(12));
    },
  );
});

describe('the data folder of the receipts', () => {
  it('is remembered by the database; another folder is refused once receipts exist, taken before', async () => {
    const t = await createTestApp();
    cleanup.push(() => t.close());
    // The app's own folder (on PostgreSQL registered when the app started).
    const [first, second, third] = [t.config.dataDir, folder(), folder()];
    expect(await checkDataDir(t.app.db, first)).toEqual({ moved: false });
    expect(await checkDataDir(t.app.db, first)).toEqual({ moved: false });
    // No receipt anywhere yet: the newer folder becomes the database's.
    expect(await checkDataDir(t.app.db, second)).toEqual({ moved: true });
    expect(await checkDataDir(t.app.db, second)).toEqual({ moved: false });

    await populate(t); // a loan with a receipt file
    expect(await t.app.db.selectFrom('pinjaman').select('id').where('kwitansi', 'is not', null).execute()).not.toEqual([]);
    const refused = checkDataDir(t.app.db, third);
    await expect(refused).rejects.toThrow(DataDirMismatch);
    await expect(refused).rejects.toThrow(
      `Folder data ${third} bukan folder data yang dipakai database ini: file kwitansi sudah tersimpan di folder data lain`,
    );
    // A copy of the whole folder (its data-id with it) is the same folder.
    fs.copyFileSync(path.join(second, DATA_DIR_ID_FILE), path.join(third, DATA_DIR_ID_FILE));
    expect(await checkDataDir(t.app.db, third)).toEqual({ moved: false });
  });
});
