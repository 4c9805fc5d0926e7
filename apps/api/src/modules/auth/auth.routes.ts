import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, loginSchema, profileUpdateSchema, registerSchema, userSchema } from '@mizan/core';
import { currentUser, requireAdmin } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import * as service from './auth.service';

/** POST /api/auth/login: public. */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan username dan password',
        body: loginSchema,
        response: { 200: envelope(z.object({ user: userSchema, token: z.string() })) },
      },
    },
    async (request) => {
      const result = await service.login(app.db, app.tokens, { ...request.body, ip: request.ip });
      return { success: true as const, message: 'Login berhasil', data: result };
    },
  );
};

/** Profile, password, register and logout: for signed-in users. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Profil pengguna yang masuk',
        response: { 200: envelope(z.object({ user: userSchema })) },
      },
    },
    async (request) => ({ success: true as const, data: { user: await service.getProfile(app.db, currentUser(request).id) } }),
  );

  app.put(
    '/auth/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ubah nama lengkap dan username',
        body: profileUpdateSchema,
        response: { 200: envelope(z.object({ user: userSchema })) },
      },
    },
    async (request) => {
      const user = await service.updateProfile(app.db, currentUser(request).id, request.body);
      return { success: true as const, message: 'Profil berhasil diperbarui', data: { user } };
    },
  );

  app.put(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ganti password; sesi lain pengguna ini dikeluarkan',
        body: changePasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.changePassword(app.db, currentUser(request).id, request.auth!.sessionId, request.body);
      return { success: true as const, message: 'Password berhasil diubah', data: null };
    },
  );

  app.post(
    '/auth/register',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['auth'],
        summary: 'Buat akun staf (khusus administrator)',
        body: registerSchema,
        response: { 201: envelope(z.object({ user: userSchema })) },
      },
    },
    async (request, reply) => {
      const user = await service.registerUser(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: 'Pengguna berhasil dibuat', data: { user } });
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Keluar dan cabut token ini', response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.logout(app.db, request.auth!.sessionId);
      return { success: true as const, message: 'Logout berhasil', data: null };
    },
  );
};
