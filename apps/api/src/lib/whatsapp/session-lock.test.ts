import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { databasePerFile } from '../../test/test-app';
import { postgresAdvisoryLock } from './session-lock';

const onPostgres = process.env.MIZAN_TEST_DB === 'postgres';

describe.runIf(onPostgres)('PostgreSQL advisory lock of the WhatsApp session', () => {
  let handle: DatabaseHandle;
  databasePerFile((fresh) => {
    handle = fresh;
  });

  it('lets one owner hold the session; another takes over only after release', async () => {
    const first = postgresAdvisoryLock(handle.db);
    const second = postgresAdvisoryLock(handle.db);
    expect(await first.acquire()).toBe(true);
    expect(await first.acquire()).toBe(true); // idempotent for the owner
    expect(await second.acquire()).toBe(false);
    await first.release();
    expect(await second.acquire()).toBe(true);
    await second.release();
  });
});
