import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  staffUserSchema,
  userPasswordResetSchema,
  userRoleUpdateSchema,
  userStatusUpdateSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './users.service';

/** Staff account management: administrators only (403 for everyone else). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'users', { admin: true });

  route.get(
    '/users',
    { id: 'listUsers', summary: 'Daftar akun staf', response: { 200: envelope(z.array(staffUserSchema)) } },
    async () => ({ success: true as const, data: await service.listStaff(app.db) }),
  );

  route.put(
    '/users/:id/role',
    {
      id: 'updateUserRole',
      summary: 'Ubah peran akun',
      params: idParamSchema,
      body: userRoleUpdateSchema,
      response: { 200: envelope(staffUserSchema) },
      errors: [409],
    },
    async (request) => ({
      success: true as const,
      message: 'Peran pengguna berhasil diubah',
      data: await service.changeRole(app.db, request.params.id, request.body.role),
    }),
  );

  route.put(
    '/users/:id/status',
    {
      id: 'updateUserStatus',
      summary: 'Aktifkan atau nonaktifkan akun (menonaktifkan mencabut semua sesinya)',
      params: idParamSchema,
      body: userStatusUpdateSchema,
      response: { 200: envelope(staffUserSchema) },
      errors: [409],
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

  route.put(
    '/users/:id/password',
    {
      id: 'resetUserPassword',
      summary: 'Atur ulang password akun (semua sesinya dikeluarkan)',
      params: idParamSchema,
      body: userPasswordResetSchema,
      response: { 200: envelope(z.null()) },
    },
    async (request) => {
      await service.resetPassword(app.db, request.params.id, request.body.new_password);
      return { success: true as const, message: 'Password pengguna berhasil diatur ulang', data: null };
    },
  );
};
