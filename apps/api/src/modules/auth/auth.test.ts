import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { appPerFile, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { expectFieldError, expectFieldErrors } from '../../test/refusals';
import { LOGIN_FAILED } from './auth.service';

let t: TestApp;
appPerFile((app) => {
  t = app;
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: payload as object, token: null, headers });
/** A write to an account route as the user of `token` (the administrator without one). */
const write = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  t.request({ method, url, payload, token });
const register = (payload: object, token?: string) => write('POST', '/api/auth/register', payload, token);
const changePassword = (token: string, current_password: string, new_password: string) =>
  write('PUT', '/api/auth/change-password', { current_password, new_password }, token);

describe('GET /api/health', () => {
  it('answers ok with the database kind, without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', db: t.app.dbKind } });
    expect(['pglite', 'postgres']).toContain(t.app.dbKind);
  });
});

describe('POST /api/auth/login', () => {
  it('refuses empty fields with the spec messages, per field', async () => {
    const res = await login({ username: '   ', password: '' });
    const body = expectFieldErrors(res, { username: 'Username tidak boleh kosong', password: 'Password tidak boleh kosong' });
    expect(body.success).toBe(false);
  });

  it('refuses a missing body field in Indonesian', async () => {
    const res = await login({ username: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'password', msg: 'Password tidak boleh kosong' });
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await login({ username: TEST_ADMIN.username, password: 'salah-sekali' }, { 'x-forwarded-for': '1.1.1.1' });
    const unknown = await login({ username: 'tidak-ada', password: 'apa-saja' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: LOGIN_FAILED });
    expect(unknown.json()).toEqual({ success: false, message: LOGIN_FAILED });
  });

  it('signs in case-insensitively and returns the user and a token that works', async () => {
    const res = await login({ username: ' ADMIN ', password: TEST_ADMIN.password });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({ username: 'admin', role: 'admin', nama_lengkap: 'Administrator' });
    expect(data.user.password_hash).toBeUndefined();
    const profile = await t.request({ method: 'GET', url: '/api/auth/profile', token: data.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user.username).toBe('admin');
  });

  it('limits failed attempts per username with 429 and an Indonesian message', async () => {
    await t.createUser({ username: 'budi', password: 'password-budi-1', role: 'operator' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login({ username: 'budi', password: `salah-${i}` })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // Even the right password is refused while the limit holds.
    const right = await login({ username: 'budi', password: 'password-budi-1' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Terlalu banyak percobaan masuk\. Silakan coba lagi dalam \d+ menit\.$/);
  });
});

describe('token checks', () => {
  const profile = (headers: Record<string, string>) =>
    t.request({ method: 'GET', url: '/api/auth/profile', token: null, headers });

  it('refuses a missing, malformed or tampered token', async () => {
    expect((await profile({})).statusCode).toBe(401);
    expect((await profile({ authorization: 'Bearer bukan.token.jwt' })).statusCode).toBe(401);
    const [h, p, s] = t.token.split('.');
    const tampered = `${h}.${p}x.${s}`;
    expect((await profile({ authorization: `Bearer ${tampered}` })).statusCode).toBe(401);
    expect((await profile({ authorization: `Basic ${t.token}` })).statusCode).toBe(401);
    expect((await profile({})).json().success).toBe(false);
  });

  it('refuses alg:none and a token signed with another secret', async () => {
    const [, payload] = t.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await profile({ authorization: `Bearer ${none}` })).statusCode).toBe(401);
    const forged = await new SignJWT({ sid: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await profile({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('revoked_at', 'is', null)
      .execute();
    const res = await profile({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    t.token = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it('revokes the token on logout', async () => {
    const token = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await profile({ authorization: `Bearer ${t.token}` })).statusCode).toBe(200);
  });
});

describe('register, profile and password', () => {
  it('lets an admin register a user and refuses non-admins with 403', async () => {
    const res = await register({ username: 'siti', nama_lengkap: 'Siti Aminah', password: 'password-siti-1', role: 'operator' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({ username: 'siti', role: 'operator' });
    const sitiToken = await t.login('siti', 'password-siti-1');
    const denied = await register({ username: 'eko', nama_lengkap: 'Eko', password: 'password-eko-1', role: 'admin' }, sitiToken);
    expect(denied.statusCode).toBe(403);
    const count = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', 'eko')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a duplicate username (any case) with 409 and invalid input with 400', async () => {
    const dup = await register({ username: 'SITI', nama_lengkap: 'Siti Lain', password: 'password-lain-1', role: 'user' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ path: 'username', msg: 'Username sudah digunakan' }]);
    const bad = await register({ username: 'x', nama_lengkap: '', password: '123', role: 'root' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'nama_lengkap', 'password', 'role']));
  });

  it('updates the profile', async () => {
    const { token } = await t.createUser({ username: 'rina', password: 'password-rina-1', role: 'user' });
    const res = await write('PUT', '/api/auth/profile', { nama_lengkap: 'Rina Wati', username: 'rina.w' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ nama_lengkap: 'Rina Wati', username: 'rina.w' });
    const taken = await write('PUT', '/api/auth/profile', { nama_lengkap: 'Rina', username: 'admin' }, token);
    expect(taken.statusCode).toBe(409);
  });

  it('changes the password and signs out the other sessions only', async () => {
    const { token: first } = await t.createUser({ username: 'joko', password: 'password-joko-1', role: 'user' });
    const second = await t.login('joko', 'password-joko-1');
    const wrong = await changePassword(second, 'bukan-ini', 'password-joko-2');
    expectFieldError(wrong, 'current_password', 'Password saat ini salah');
    const ok = await changePassword(second, 'password-joko-1', 'password-joko-2');
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: first })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: second })).statusCode).toBe(200);
    await expect(t.login('joko', 'password-joko-1')).rejects.toThrow(/401/);
    expect(await t.login('joko', 'password-joko-2')).toMatch(/\./);
  });
});

describe('envelope and hardening', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Rute GET /api/tidak-ada tidak ditemukan' });
  });

  it('answers malformed JSON with a 400 in Indonesian', async () => {
    const res = await login('{"username": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Format JSON tidak valid' });
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json', token: null });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/health', '/api/auth/profile']));
  });

  it('sends security headers and falls back to the SPA for unknown pages', async () => {
    const res = await t.request({ method: 'GET', url: '/dashboard', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
