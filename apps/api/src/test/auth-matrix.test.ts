/**
 * Authentication and authorisation on every route (issue 11): every route of the OpenAPI
 * document but login, health and the institution's logo refuses a missing, malformed, expired, tampered, alg:none and
 * revoked token with 401; receipt files need a token or a valid signed link; register and the
 * user administration are admin-only; 50 parallel wrong-password logins let at most 5 through.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, TEST_ADMIN, type TestApp } from './test-app';
import { populate, type Populated } from './populate';

const SECRET = 'test-secret-test-secret-test-secret-123'; // createTestApp's jwtSecret
const PUBLIC = new Set(['POST /api/auth/login', 'GET /api/health', 'GET /api/health/ready', 'GET /api/profil-lembaga/logo']);

let t: TestApp;
let data: Populated;
let routes: { method: string; path: string }[];
const badTokens: Record<string, string | null> = {};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (claims: Record<string, unknown>, exp: number, secret = SECRET) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('1')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

beforeAll(async () => {
  t = await createTestApp();
  data = await populate(t);
  const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));

  // A real session of the administrator, to build the expired/tampered/revoked variants from.
  const live = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const [header, payload, signature] = live.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string; sub: string };
  const now = Math.floor(Date.now() / 1000);

  badTokens['missing'] = null;
  badTokens['malformed'] = 'not-a-jwt';
  badTokens['malformed (two parts)'] = `${header}.${payload}`;
  badTokens['malformed (garbage base64)'] = '!!!.###.$$$';
  // Correctly signed but past its exp (the session row itself is still valid).
  badTokens['expired'] = await sign({ sid: claims.sid }, now - 60);
  // The payload changed (another subject, a later exp) under the original signature.
  badTokens['tampered payload'] =
    `${header}.${b64({ ...claims, sub: String(data.operator.id), exp: now + 999_999 })}.${signature}`;
  badTokens['tampered signature'] =
    `${header}.${payload}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  badTokens['other secret'] = await sign({ sid: claims.sid }, now + 3600, 'another-secret-another-secret-123456');
  badTokens['alg none'] = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  badTokens['alg none (no dot)'] = `${b64({ alg: 'none' })}.${payload}`;
  badTokens['unknown session'] = await sign({ sid: crypto.randomUUID() }, now + 3600);
  // The revoked one: signed out.
  const revoked = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: revoked });
  expect(out.statusCode).toBe(200);
  badTokens['revoked (logged out)'] = revoked;
  // A session whose row expired (signature and exp still fine).
  const stale = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const staleSid = (JSON.parse(Buffer.from(stale.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  await t.app.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', staleSid)
    .execute();
  badTokens['session expired'] = stale;
  // A deactivated user's token.
  const leaver = await t.createUser({ username: 'keluar', password: 'rahasia-keluar-1', role: 'operator' });
  await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', leaver.id).execute();
  badTokens['deactivated user'] = leaver.token;
});
afterAll(async () => {
  await t.close();
});

const fill = (path: string) => path.replace(/\{\w+\}/g, String(data.nasabah[0]!.id));

describe('every protected route refuses a bad token with 401', () => {
  it('covers every route of the document but login, health and the logo', async () => {
    const protectedRoutes = routes.filter((r) => !PUBLIC.has(`${r.method} ${r.path}`));
    expect(protectedRoutes.length).toBe(routes.length - PUBLIC.size);
    let requests = 0;
    for (const route of protectedRoutes) {
      for (const [kind, token] of Object.entries(badTokens)) {
        const res = await t.request({ method: route.method as 'GET', url: fill(route.path), token });
        requests++;
        const context = `${route.method} ${route.path} with ${kind} token → ${res.statusCode} ${res.body}`;
        expect(res.statusCode, context).toBe(401);
        const body = res.json();
        expect(body.success, context).toBe(false);
        expect(body.message, context).toMatch(/\S/);
        expect(body.data, context).toBeUndefined();
      }
      // The same route with the good token gets past the check (a body it cannot parse keeps
      // writes from happening), so the 401s above are about the token and not a missing route.
      const ok = await t.request({
        method: route.method as 'GET',
        url: fill(route.path),
        ...(route.method === 'GET' ? {} : { payload: '<x/>', headers: { 'content-type': 'application/xml' } }),
      });
      expect(ok.statusCode, `${route.method} ${route.path} with a valid token → ${ok.statusCode} ${ok.body}`).not.toBe(401);
    }
    console.log(
      `auth matrix: ${requests} refused requests over ${protectedRoutes.length} routes × ${Object.keys(badTokens).length} token kinds`,
    );
    // Nothing the refused requests could have touched changed.
    expect(await t.app.db.selectFrom('nasabah').select('id').where('deleted_at', 'is', null).execute()).toHaveLength(
      data.nasabah.length,
    );
  });

  it('login, health and the logo stay public', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health', token: null })).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      token: 'not-a-jwt',
      payload: { username: 'nobody', password: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Username atau password salah');
    // The institution's logo is on the public landing page: no token needed (404 until one is set).
    expect((await t.request({ method: 'GET', url: '/api/profil-lembaga/logo', token: null })).statusCode).toBe(404);
  });
});

describe('receipt files', () => {
  const fileUrl = () => `/uploads/kwitansi/${data.loans[0]!.kwitansi}`;

  it('needs a valid token or a valid signed link', async () => {
    expect(data.loans[0]!.kwitansi).toMatch(/^[a-f0-9]{32}\.png$/);
    const refusedTokens = Object.entries(badTokens);
    for (const [kind, token] of refusedTokens) {
      const res = await t.request({ method: 'GET', url: fileUrl(), token });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(401);
      expect(res.json().success).toBe(false);
    }
    // A valid-looking name that does not exist: 401 before anything is looked up (no existence leak).
    const ghost = await t.request({ method: 'GET', url: `/uploads/kwitansi/${'0'.repeat(32)}.png`, token: null });
    expect(ghost.statusCode).toBe(401);

    const good = await t.request({ method: 'GET', url: fileUrl() });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toBe('image/png');
  });

  it('refuses bad, expired and borrowed signatures, accepts a fresh one', async () => {
    const signed = t.app.urlSigner.sign(fileUrl());
    const [, query] = signed.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const exp = params.get('exp')!;
    const sig = params.get('sig')!;
    const other = t.app.urlSigner.sign(`/uploads/kwitansi/${'1'.repeat(32)}.png`);
    const past = t.app.urlSigner.sign(fileUrl(), 60, new Date(Date.now() - 3600_000));
    const cases = {
      'no sig': `${fileUrl()}?exp=${exp}`,
      'no exp': `${fileUrl()}?sig=${sig}`,
      'empty sig': `${fileUrl()}?exp=${exp}&sig=`,
      'tampered sig': `${fileUrl()}?exp=${exp}&sig=${sig.slice(0, -2)}xx`,
      'later exp': `${fileUrl()}?exp=${Number(exp) + 3600}&sig=${sig}`,
      'another file’s sig': `${fileUrl()}?${other.split('?')[1]}`,
      expired: past,
      'non-numeric exp': `${fileUrl()}?exp=abc&sig=${sig}`,
    };
    for (const [kind, url] of Object.entries(cases)) {
      const res = await t.request({ method: 'GET', url, token: null });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(401);
      expect(res.json().message).toBe('Tautan file tidak valid atau sudah kedaluwarsa');
    }
    const ok = await t.request({ method: 'GET', url: signed, token: null });
    expect(ok.statusCode).toBe(200);
  });
});

describe('administration is admin-only', () => {
  it('refuses register and every route of users, backups and the import template to an operator with 403', async () => {
    const adminOnly = routes.filter(
      (r) =>
        r.path === '/api/auth/register' ||
        /^\/api\/(users|backup)(\/|$)/.test(r.path) ||
        (r.method === 'GET' && r.path.startsWith('/api/impor/')),
    );
    expect(adminOnly.length).toBeGreaterThanOrEqual(10);
    const bodies: Record<string, unknown> = {
      '/api/auth/register': { username: 'penyusup', nama_lengkap: 'Penyusup', password: 'rahasia-penyusup-1', role: 'admin' },
      '/api/users/{id}/role': { role: 'admin' },
      '/api/users/{id}/status': { is_active: false },
      '/api/users/{id}/password': { new_password: 'rahasia-baru-123' },
    };
    for (const route of adminOnly) {
      const url = route.path
        .replace('{id}', String(data.operator.id))
        .replace('{jenis}', 'nasabah')
        .replace('{name}', 'mizan-backup.tar.gz');
      const body = bodies[route.path];
      const res = await t.request({
        method: route.method as 'GET',
        url,
        token: data.operator.token,
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(403);
      expect(res.json().success).toBe(false);
    }
    // Nothing happened: no new user, the operator is still an active operator.
    const users = await t.app.db.selectFrom('users').select(['username', 'role', 'is_active']).orderBy('id').execute();
    expect(users.find((u) => u.username === 'penyusup')).toBeUndefined();
    expect(users.find((u) => u.username === 'operator1')).toMatchObject({ role: 'operator', is_active: true });
  });
});

describe('login attempt limit', () => {
  it('lets at most 5 of 50 parallel wrong-password attempts through; the rest get 429', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request({
          method: 'POST',
          url: '/api/auth/login',
          token: null,
          payload: { username: 'operator1', password: 'salah-salah-123' },
        }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    const unauthorised = statuses.filter((s) => s === 401).length;
    const limited = statuses.filter((s) => s === 429).length;
    expect(unauthorised).toBeLessThanOrEqual(5);
    expect(unauthorised + limited).toBe(50);
    for (const res of attempts.filter((r) => r.statusCode === 429))
      expect(res.json().message).toMatch(/^Terlalu banyak percobaan masuk/);
    // Even the right password is refused while the window lasts; no session was opened.
    const right = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      token: null,
      payload: { username: 'operator1', password: 'rahasia-operator-1' },
    });
    expect(right.statusCode).toBe(429);
  });
});
