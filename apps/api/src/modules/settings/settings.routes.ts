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
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './settings.service';

/**
 * The kolektibilitas classification (issue 23) and the margin recognition method (issue 26): read
 * by every signed-in user, changed by an administrator.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'settings');
  /** A GET of a setting, open to every signed-in user. */
  const readable = <A extends z.ZodType>(id: string, summary: string, answer: A) => ({
    id,
    summary,
    response: { 200: envelope(answer) },
  });
  /** A PUT of a setting, for an administrator only. */
  const adminWrite = <B extends z.ZodType, A extends z.ZodType>(id: string, summary: string, body: B, answer: A) => ({
    id,
    summary,
    admin: true as const,
    body,
    response: { 200: envelope(answer) },
  });

  route.get(
    '/settings/kolektibilitas',
    readable(
      'getKolektibilitasSettings',
      'Pengaturan kolektibilitas: golongan hari tunggakan, satu nasabah satu kualitas, PPAP, dan preset',
      kolektibilitasSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.kolektibilitasSettings(app.db) }),
  );

  route.put(
    '/settings/kolektibilitas',
    adminWrite(
      'updateKolektibilitasSettings',
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

  route.get(
    '/settings/pendapatan',
    readable(
      'getPendapatanSettings',
      'Metode pengakuan margin murabahah (proporsional atau anuitas) yang dipakai laporan pendapatan',
      pendapatanSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.pendapatanSettings(app.db) }),
  );

  route.get(
    '/settings/persetujuan',
    readable(
      'getPersetujuanSettings',
      'Persetujuan pinjaman baru (aktif/tidak) dan batas potongan pelunasan yang perlu persetujuan',
      persetujuanSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.persetujuanSettings(app.db) }),
  );

  route.put(
    '/settings/persetujuan',
    adminWrite(
      'updatePersetujuanSettings',
      'Ubah pengaturan persetujuan (admin)',
      persetujuanSettingSchema,
      persetujuanSettingsResponseSchema,
    ),
    async (request) => ({
      success: true as const,
      message: 'Pengaturan persetujuan disimpan.',
      data: await service.savePersetujuanSetting(app.db, request.body, currentUser(request).id),
    }),
  );

  route.get(
    '/settings/tazir',
    readable(
      'getTazirSettings',
      'Ta’zir untuk akad baru: aktif/tidak, jumlah per angsuran terlambat, masa tenggang',
      tazirSettingsResponseSchema,
    ),
    async () => ({ success: true as const, data: await service.tazirSettings(app.db) }),
  );

  route.put(
    '/settings/tazir',
    adminWrite(
      'updateTazirSettings',
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
