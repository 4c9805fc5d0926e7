import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notifikasiSettingSchema, notifikasiSettingsResponseSchema } from '@mizan/core';
import { currentUser, requireAdmin } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { todayOf } from '../../lib/clock';
import * as service from './notifikasi.service';

/** WhatsApp notifications to the recipients list (issue 24): read by every signed-in user, changed by an administrator. */
export const notifikasiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/notifikasi',
    {
      schema: {
        tags: ['settings'],
        summary: 'Pengaturan notifikasi WhatsApp: acara yang dikirim, templatenya, jam rekap harian, dan contoh data nyata',
        response: { 200: envelope(notifikasiSettingsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: await service.notifikasiSettings(app.db, app.config.institutionName, todayOf(app.clock)),
    }),
  );

  app.put(
    '/settings/notifikasi',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Ubah pengaturan notifikasi WhatsApp (admin)',
        body: notifikasiSettingSchema,
        response: { 200: envelope(notifikasiSettingsResponseSchema) },
      },
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
