import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifikasiSettingSchema, notifikasiSettingsResponseSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { todayOf } from '../../lib/clock';
import { routesOf } from '../../lib/route';
import * as service from './notifikasi.service';

/** WhatsApp notifications to the recipients list (issue 24): read by every signed-in user, changed by an administrator. */
export const notifikasiRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'settings');

  route.get(
    '/settings/notifikasi',
    {
      id: 'getNotifikasiSettings',
      summary: 'Pengaturan notifikasi WhatsApp: acara yang dikirim, templatenya, jam rekap harian, dan contoh data nyata',
      response: { 200: envelope(notifikasiSettingsResponseSchema) },
    },
    async () => ({
      success: true as const,
      data: await service.notifikasiSettings(app.db, app.config.institutionName, todayOf(app.clock)),
    }),
  );

  route.put(
    '/settings/notifikasi',
    {
      id: 'updateNotifikasiSettings',
      summary: 'Ubah pengaturan notifikasi WhatsApp (admin)',
      body: notifikasiSettingSchema,
      response: { 200: envelope(notifikasiSettingsResponseSchema) },
      admin: true,
    },
    async (request) => ({
      success: true as const,
      message: 'Pengaturan notifikasi disimpan.',
      data: await service.updateNotifikasiSettings(
        app.db,
        app.config.institutionName,
        todayOf(app.clock),
        request.body,
        currentUser(request).id,
      ),
    }),
  );
};
