import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { LAST_ADMIN } from './users.service';

let t: TestApp;
let operator: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.createUser({
    username: 'operator1',
    password: 'password-op-1',
    role: 'operator',
    nama_lengkap: 'Operator Satu',
  });
});
afterAll(async () => {
  await t.close();
});

const adminId = async () =>
  (await t.app.db.selectFrom('users').select('id').where('username', '=', TEST_ADMIN.username).executeTakeFirstOrThrow()).id;

describe('admin-only user management', () => {
  it('lists staff with role and status, without password hashes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const users = res.json().data;
    expect(users.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['admin', 'operator1']));
    expect(users.find((u: { username: string }) => u.username === 'operator1')).toMatchObject({
      role: 'operator',
      is_active: true,
    });
    expect(JSON.stringify(users)).not.toContain('scrypt');
  });

  it('refuses every route to a non-admin with 403 and changes nothing', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'PUT' as const, url: `/api/users/${operator.id}/role`, payload: { role: 'admin' } },
      { method: 'PUT' as const, url: `/api/users/${await adminId()}/status`, payload: { is_active: false } },
      { method: 'PUT' as const, url: `/api/users/${await adminId()}/password`, payload: { new_password: 'diambil-alih-1' } },
    ];
    for (const call of calls) {
      const res = await t.request({ ...call, token: operator.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Hanya administrator yang dapat melakukan tindakan ini');
    }
    const row = await t.app.db.selectFrom('users').select(['role']).where('id', '=', operator.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('operator');
    expect(await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).toBeTruthy();
  });

  it('validates bodies and ids', async () => {
    const bad = await t.request({ method: 'PUT', url: `/api/users/${operator.id}/role`, payload: { role: 'root' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('role');
    const missing = await t.request({ method: 'PUT', url: '/api/users/99999/role', payload: { role: 'user' } });
    expect(missing.statusCode).toBe(404);
    const weak = await t.request({ method: 'PUT', url: `/api/users/${operator.id}/password`, payload: { new_password: '123' } });
    expectFieldError(weak, 'new_password', 'Password minimal 8 karakter');
  });

  it('never demotes or deactivates the last active admin', async () => {
    const id = await adminId();
    const demote = await t.request({ method: 'PUT', url: `/api/users/${id}/role`, payload: { role: 'operator' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_ADMIN);
    const second = await t.createUser({ username: 'admin2', password: 'password-admin-2', role: 'admin' });
    const selfOff = await t.request({
      method: 'PUT',
      url: `/api/users/${second.id}/status`,
      payload: { is_active: false },
      token: second.token,
    });
    expect(selfOff.statusCode).toBe(400);
    // With two admins, one may be demoted; then the other is the last one again.
    const ok = await t.request({ method: 'PUT', url: `/api/users/${second.id}/role`, payload: { role: 'user' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.role).toBe('user');
    const again = await t.request({ method: 'PUT', url: `/api/users/${id}/role`, payload: { role: 'user' } });
    expect(again.statusCode).toBe(409);
    const row = await t.app.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });

  it('deactivation signs the user out and blocks sign-in; reactivation lets them in again', async () => {
    const user = await t.createUser({ username: 'kasir', password: 'password-kasir-1', role: 'user' });
    const off = await t.request({ method: 'PUT', url: `/api/users/${user.id}/status`, payload: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.is_active).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: user.token })).statusCode).toBe(401);
    await expect(t.login('kasir', 'password-kasir-1')).rejects.toThrow(/401/);
    const on = await t.request({ method: 'PUT', url: `/api/users/${user.id}/status`, payload: { is_active: true } });
    expect(on.statusCode).toBe(200);
    expect(await t.login('kasir', 'password-kasir-1')).toBeTruthy();
  });

  it('a password reset by an admin ends the user sessions and sets the new password', async () => {
    const user = await t.createUser({ username: 'teller', password: 'password-teller-1', role: 'operator' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/users/${user.id}/password`,
      payload: { new_password: 'password-teller-2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: user.token })).statusCode).toBe(401);
    await expect(t.login('teller', 'password-teller-1')).rejects.toThrow(/401/);
    expect(await t.login('teller', 'password-teller-2')).toBeTruthy();
  });
});
