import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from './auth';
import { createTestApp, type TestApp } from '../test/test-app';

const session = (id: number) => ({
  user: { id, username: `u${id}`, nama_lengkap: `U ${id}`, role: 'user' as const },
  expiresAt: Date.now() + 60_000,
});

describe('createSessionCache', () => {
  it('loads a session once and answers again from memory', async () => {
    const cache = createSessionCache();
    const load = vi.fn(async () => session(1));
    const first = await cache.lookup('s1', load);
    const second = await cache.lookup('s1', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
  });

  it('loads again after invalidate, and never keeps a missing session', async () => {
    const cache = createSessionCache();
    const load = vi.fn(async () => session(1));
    await cache.lookup('s1', load);
    cache.invalidate();
    await cache.lookup('s1', load);
    expect(load).toHaveBeenCalledTimes(2);
    const missing = vi.fn(async () => undefined);
    expect(await cache.lookup('gone', missing)).toBeUndefined();
    expect(await cache.lookup('gone', missing)).toBeUndefined();
    expect(missing).toHaveBeenCalledTimes(2);
  });

  it('answers but does not keep a lookup during which a change committed', async () => {
    const cache = createSessionCache();
    const racing = vi.fn(async () => {
      const found = session(1);
      cache.invalidate(); // a logout committed while this read was running
      return found;
    });
    expect(await cache.lookup('s1', racing)).toMatchObject({ user: { id: 1 } });
    const load = vi.fn(async () => undefined);
    expect(await cache.lookup('s1', load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops the oldest session when full', async () => {
    const cache = createSessionCache(2);
    const load = vi.fn(async () => session(1));
    await cache.lookup('a', load);
    await cache.lookup('b', load);
    await cache.lookup('c', load);
    await cache.lookup('b', load);
    await cache.lookup('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.lookup('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

// Changes made straight in SQL, after the token was used (so PGlite has its session in memory):
// every one takes effect on the very next request, on PGlite and on PostgreSQL alike.
describe('authenticate on a real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = (token: string) => t.request({ method: 'GET', url: '/api/auth/profile', token });

  it('reads the session row once per change on PGlite, and on every request on PostgreSQL', async () => {
    const { token } = await t.createUser({ username: 'hitung', password: 'password-hitung-1', role: 'user' });
    expect((await profile(token)).statusCode).toBe(200);
    const selects = vi.spyOn(t.app.db, 'selectFrom');
    for (let i = 0; i < 5; i += 1) expect((await profile(token)).statusCode).toBe(200);
    const sessionReads = selects.mock.calls.filter(([table]) => table === 'sessions').length;
    selects.mockRestore();
    expect(sessionReads).toBe(t.app.dbKind === 'pglite' ? 0 : 5);
  });

  const changes: Record<string, (userId: number) => Promise<unknown>> = {
    'session revoked': (id) =>
      t.app.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', id).execute(),
    'session expired': (id) =>
      t.app.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', id)
        .execute(),
    'session deleted': (id) => t.app.db.deleteFrom('sessions').where('user_id', '=', id).execute(),
    'user deactivated': (id) => t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', id).execute(),
    'change rolled back (stays signed in)': (id) =>
      t.app.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
          throw new Error('rollback');
        })
        .catch(() => undefined),
  };

  it.each(Object.keys(changes))('%s: the next request sees it', async (change) => {
    const username = `u${Object.keys(changes).indexOf(change)}`;
    const { id, token } = await t.createUser({ username, password: 'password-user-123', role: 'user' });
    expect((await profile(token)).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(200);
    await changes[change]!(id);
    const after = await profile(token);
    if (change.startsWith('change rolled back')) {
      expect(after.statusCode).toBe(200);
    } else {
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ success: false });
    }
  });

  it('a role or name change reaches the next request', async () => {
    const { id, token } = await t.createUser({
      username: 'naik',
      password: 'password-naik-123',
      role: 'admin',
      nama_lengkap: 'Naik Jabatan',
    });
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ role: 'user', nama_lengkap: 'Turun Jabatan' }).where('id', '=', id).execute();
    const denied = await t.request({ method: 'GET', url: '/api/users', token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Hanya administrator yang dapat melakukan tindakan ini');
    expect((await profile(token)).json().data.user).toMatchObject({ role: 'user', nama_lengkap: 'Turun Jabatan' });
  });
});
