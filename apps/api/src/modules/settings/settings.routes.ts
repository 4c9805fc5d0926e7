import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  kolektibilitasSettingSchema,
  kolektibilitasSettingsResponseSchema,
  persetujuanSettingSchema,
  tazirSettingSchema,
  tazirSettingsResponseSchema,
  persetujuanSettingsResponseSchema,
  pendapatanSettingsResponseSchema,
} from '@mizan/core';
import { currentUser, requireAdmin } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import * as service from './settings.service';

/**
 * The kolektibilitas classification (issue 23) and the margin recognition method (issue 26): read
 * by every signed-in user, changed by an administrator.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A GET of a setting, open to every signed-in user. */
  const readable = <A extends z.ZodType>(summary: string, answer: A) => ({
    schema: { tags: ['settings'], summary, response: { 200: envelope(answer) } },
  });
  /** A PUT of a setting, for an administrator only. */
  const adminWrite = <B extends z.ZodType, A extends z.ZodType>(summary: string, body: B, answer: A) => ({
    preHandler: requireAdmin,
    schema: { tags: ['settings'], summary, body, response: { 200: envelope(answer) } },
  });

  app.get(
    '/settings/kolektibilitas',
    readable(
      'Pengaturan kolektibilitas: golongan hari tunggakan, satu nasabah satu kualitas, PPAP, dan preset',
      kolektibilitasSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.kolektibilitasSettings(app.db) }),
  );

  app.put(
    '/settings/kolektibilitas',
    adminWrite(
      'Ubah pengaturan kolektibilitas (admin); semua pinjaman digolongkan ulang di latar belakang',
      kolektibilitasSettingSchema,
      kolektibilitasSettingsResponseSchema,
    ),
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

  app.get(
    '/settings/pendapatan',
    readable(
      'Metode pengakuan margin murabahah (proporsional atau anuitas) yang dipakai laporan pendapatan',
      pendapatanSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.pendapatanSettings(app.db) }),
  );

  app.get(
    '/settings/persetujuan',
    readable(
      'Persetujuan pinjaman baru (aktif/tidak) dan batas potongan pelunasan yang perlu persetujuan',
      persetujuanSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.persetujuanSettings(app.db) }),
  );

  app.put(
    '/settings/persetujuan',
    adminWrite('Ubah pengaturan persetujuan (admin)', persetujuanSettingSchema, persetujuanSettingsResponseSchema),
    async (request) => ({
      success: true as const,
      message: 'Pengaturan persetujuan disimpan.',
      data: await service.savePersetujuanSetting(app.db, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/settings/tazir',
    readable('Ta’zir untuk akad baru: aktif/tidak, jumlah per angsuran terlambat, masa tenggang', tazirSettingsResponseSchema),
    async () => ({ success: true as const, data: await service.tazirSettings(app.db) }),
  );

  app.put(
    '/settings/tazir',
    adminWrite(
      'Ubah pengaturan ta’zir untuk akad baru (admin); pinjaman yang sudah ada tidak berubah',
      tazirSettingSchema,
      tazirSettingsResponseSchema,
    ),
    async (request) => ({
      success: true as const,
      message: 'Pengaturan ta’zir disimpan. Berlaku untuk pinjaman baru.',
      data: await service.saveTazirSetting(app.db, request.body, currentUser(request).id),
    }),
  );
};
