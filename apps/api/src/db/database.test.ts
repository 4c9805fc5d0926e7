import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseOpenError, openPglite } from './database';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// These tests are about the embedded database's data folder; they run once, in the PGlite project.
describe.runIf(process.env.MIZAN_TEST_DB !== 'postgres')('embedded data folder', () => {
  it('persists data across a close and reopen', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    await first.db.insertInto('users').values({ username: 'tetap', nama_lengkap: 'Tetap Ada', role: 'user', password_hash: 'x' }).execute();
    await first.close();
    const second = await openPglite(dir);
    const rows = await second.db.selectFrom('users').select('username').execute();
    await second.close();
    expect(rows.map((r) => r.username)).toEqual(['tetap']);
  });

  it('refuses a second opener of the same folder with a clear message', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toThrow(DatabaseOpenError);
      await expect(openPglite(dir)).rejects.toThrow(/sedang dipakai proses lain/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'db.lock'), '999999');
    const handle = await openPglite(dir);
    await handle.close();
    expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
  });

  it('never initialises a fresh database over a folder of foreign files', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'db'));
    fs.writeFileSync(path.join(dir, 'db', 'catatan.txt'), 'bukan database');
    await expect(openPglite(dir)).rejects.toThrow(/berisi file yang bukan database/);
    expect(fs.readdirSync(path.join(dir, 'db'))).toEqual(['catatan.txt']);
  });

  it('reports a corrupt cluster instead of starting empty', async () => {
    const dir = tempDir();
    const handle = await openPglite(dir);
    await handle.close();
    fs.writeFileSync(path.join(dir, 'db', 'PG_VERSION'), 'rusak\n');
    await expect(openPglite(dir)).rejects.toThrow(/Folder data tidak dapat dibuka/);
  });
});
