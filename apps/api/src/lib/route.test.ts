/**
 * `routesOf` (issue 54 review): a module's defaults reach every route it declares, so a route added
 * later to an administrators-only module cannot forget the check; a route that is for
 * administrators and has its own preHandler runs the check first, and its own one only for them.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@mizan/core';
import { routesOf } from './route';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare app whose requests are signed in with the role of their `x-role` header. */
function appWithRoles() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-role'];
    if (role === 'admin' || role === 'operator')
      request.auth = { user: { id: 1, username: role, nama_lengkap: role, role } as unknown as User, sessionId: 's' };
  });
  apps.push(app);
  return app;
}

const statusOf = async (app: ReturnType<typeof appWithRoles>, url: string, role: string) =>
  (await app.inject({ method: 'GET', url, headers: { 'x-role': role } })).statusCode;

describe('routesOf', () => {
  it('gives every route of an administrators-only module the administrator check', async () => {
    const app = appWithRoles();
    const route = routesOf(app, 'users', { admin: true });
    route.get('/undeclared', { id: 'undeclared', summary: 'Tanpa admin di deklarasinya' }, async () => 'ok');
    route.get('/declared', { id: 'declared', summary: 'Dengan admin', admin: true }, async () => 'ok');
    await app.ready();
    for (const url of ['/undeclared', '/declared']) {
      expect(await statusOf(app, url, 'operator'), url).toBe(403);
      expect(await statusOf(app, url, 'admin'), url).toBe(200);
    }
  });

  it('leaves the routes of another module open to every signed-in role', async () => {
    const app = appWithRoles();
    routesOf(app, 'nasabah').get('/list', { id: 'list', summary: 'Daftar' }, async () => 'ok');
    await app.ready();
    expect(await statusOf(app, '/list', 'operator')).toBe(200);
  });

  it('runs the administrator check before a route’s own preHandler', async () => {
    const app = appWithRoles();
    const ran: string[] = [];
    routesOf(app, 'settings').get(
      '/both',
      {
        id: 'both',
        summary: 'Admin dan preHandler',
        admin: true,
        preHandler: async (request) => {
          ran.push(`preHandler ${request.auth?.user.role}`);
        },
      },
      async () => 'ok',
    );
    await app.ready();
    expect(await statusOf(app, '/both', 'operator')).toBe(403);
    expect(ran).toEqual([]);
    expect(await statusOf(app, '/both', 'admin')).toBe(200);
    expect(ran).toEqual(['preHandler admin']);
  });
});
