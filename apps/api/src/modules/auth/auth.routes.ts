import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, loginSchema, profileUpdateSchema, registerSchema, userSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './auth.service';

/** POST /api/auth/login: public. */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'auth');

  route.post(
    '/auth/login',
    {
      id: 'login',
      summary: 'Masuk dengan username dan password',
      body: loginSchema,
      response: { 200: envelope(z.object({ user: userSchema, token: z.string() })) },
      open: true,
      errors: [401, 429],
    },
    async (request) => {
      const result = await service.login(app.db, app.tokens, { ...request.body, ip: request.ip });
      return { success: true as const, message: 'Login berhasil', data: result };
    },
  );
};

/** Profile, password, register and logout: for signed-in users. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'auth');

  route.get(
    '/auth/profile',
    {
      id: 'getProfile',
      summary: 'Profil pengguna yang masuk',
      response: { 200: envelope(z.object({ user: userSchema })) },
      errors: [404],
    },
    async (request) => ({ success: true as const, data: { user: await service.getProfile(app.db, currentUser(request).id) } }),
  );

  route.put(
    '/auth/profile',
    {
      id: 'updateProfile',
      summary: 'Ubah nama lengkap dan username',
      body: profileUpdateSchema,
      response: { 200: envelope(z.object({ user: userSchema })) },
      errors: [404, 409],
    },
    async (request) => {
      const user = await service.updateProfile(app.db, currentUser(request).id, request.body);
      return { success: true as const, message: 'Profil berhasil diperbarui', data: { user } };
    },
  );

  route.put(
    '/auth/change-password',
    {
      id: 'changePassword',
      summary: 'Ganti password; sesi lain pengguna ini dikeluarkan',
      body: changePasswordSchema,
      response: { 200: envelope(z.null()) },
      errors: [404],
    },
    async (request) => {
      await service.changePassword(app.db, currentUser(request).id, request.auth!.sessionId, request.body);
      return { success: true as const, message: 'Password berhasil diubah', data: null };
    },
  );

  route.post(
    '/auth/register',
    {
      id: 'registerUser',
      summary: 'Buat akun staf (khusus administrator)',
      body: registerSchema,
      response: { 201: envelope(z.object({ user: userSchema })) },
      admin: true,
      errors: [409],
    },
    async (request, reply) => {
      const user = await service.registerUser(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: 'Pengguna berhasil dibuat', data: { user } });
    },
  );

  route.post(
    '/auth/logout',
    { id: 'logout', summary: 'Keluar dan cabut token ini', response: { 200: envelope(z.null()) } },
    async (request) => {
      await service.logout(app.db, request.auth!.sessionId);
      return { success: true as const, message: 'Logout berhasil', data: null };
    },
  );
};
