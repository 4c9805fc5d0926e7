import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  staffUserSchema,
  userPasswordResetSchema,
  userRoleUpdateSchema,
  userStatusUpdateSchema,
} from '@mizan/core';
import { currentUser, requireAdmin } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import * as service from './users.service';

/** Staff account management: administrators only (403 for everyone else). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/users',
    { schema: { tags: ['users'], summary: 'Daftar akun staf', response: { 200: envelope(z.array(staffUserSchema)) } } },
    async () => ({ success: true as const, data: await service.listStaff(app.db) }),
  );

  app.put(
    '/users/:id/role',
    {
      schema: {
        tags: ['users'],
        summary: 'Ubah peran akun',
        params: idParamSchema,
        body: userRoleUpdateSchema,
        response: { 200: envelope(staffUserSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Peran pengguna berhasil diubah',
      data: await service.changeRole(app.db, request.params.id, request.body.role),
    }),
  );

  app.put(
    '/users/:id/status',
    {
      schema: {
        tags: ['users'],
        summary: 'Aktifkan atau nonaktifkan akun (menonaktifkan mencabut semua sesinya)',
        params: idParamSchema,
        body: userStatusUpdateSchema,
        response: { 200: envelope(staffUserSchema) },
      },
    },
    async (request) => {
      const user = await service.setActive(app.db, currentUser(request).id, request.params.id, request.body.is_active);
      return {
        success: true as const,
        message: user.is_active ? 'Pengguna berhasil diaktifkan' : 'Pengguna berhasil dinonaktifkan',
        data: user,
      };
    },
  );

  app.put(
    '/users/:id/password',
    {
      schema: {
        tags: ['users'],
        summary: 'Atur ulang password akun (semua sesinya dikeluarkan)',
        params: idParamSchema,
        body: userPasswordResetSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.resetPassword(app.db, request.params.id, request.body.new_password);
      return { success: true as const, message: 'Password pengguna berhasil diatur ulang', data: null };
    },
  );
};
