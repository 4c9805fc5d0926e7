import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kolektibilitasSettingSchema, kolektibilitasSettingsResponseSchema } from '@mizan/core';
import { currentUser, requireAdmin } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import * as service from './settings.service';

/** The kolektibilitas classification (issue 23): read by every signed-in user, changed by an administrator. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/kolektibilitas',
    {
      schema: {
        tags: ['settings'],
        summary: 'Pengaturan kolektibilitas: golongan hari tunggakan, satu nasabah satu kualitas, PPAP, dan preset',
        response: { 200: envelope(kolektibilitasSettingsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: await service.kolektibilitasSettings(app.db) }),
  );

  app.put(
    '/settings/kolektibilitas',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Ubah pengaturan kolektibilitas (admin); semua pinjaman digolongkan ulang di latar belakang',
        body: kolektibilitasSettingSchema,
        response: { 200: envelope(kolektibilitasSettingsResponseSchema) },
      },
    },
    async (request) => {
      const data = await service.saveKolektibilitasSetting(app.db, request.body, currentUser(request).id);
      // Every loan's class follows the new bands: today's run of the daily job again.
      app.ledgerJob.rerunToday();
      return {
        success: true as const,
        message: 'Pengaturan kolektibilitas disimpan. Kolektibilitas semua pinjaman sedang dihitung ulang.',
        data,
      };
    },
  );
};
