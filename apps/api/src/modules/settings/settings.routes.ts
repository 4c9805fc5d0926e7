import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.get(
    '/settings/pendapatan',
    {
      schema: {
        tags: ['settings'],
        summary: 'Metode pengakuan margin murabahah (proporsional atau anuitas) yang dipakai laporan pendapatan',
        response: { 200: envelope(pendapatanSettingsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: await service.pendapatanSettings(app.db) }),
  );

  app.get(
    '/settings/persetujuan',
    {
      schema: {
        tags: ['settings'],
        summary: 'Persetujuan pinjaman baru (aktif/tidak) dan batas potongan pelunasan yang perlu persetujuan',
        response: { 200: envelope(persetujuanSettingsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: await service.persetujuanSettings(app.db) }),
  );

  app.put(
    '/settings/persetujuan',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Ubah pengaturan persetujuan (admin)',
        body: persetujuanSettingSchema,
        response: { 200: envelope(persetujuanSettingsResponseSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Pengaturan persetujuan disimpan.',
      data: await service.savePersetujuanSetting(app.db, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/settings/tazir',
    {
      schema: {
        tags: ['settings'],
        summary: 'Ta’zir untuk akad baru: aktif/tidak, jumlah per angsuran terlambat, masa tenggang',
        response: { 200: envelope(tazirSettingsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: await service.tazirSettings(app.db) }),
  );

  app.put(
    '/settings/tazir',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Ubah pengaturan ta’zir untuk akad baru (admin); pinjaman yang sudah ada tidak berubah',
        body: tazirSettingSchema,
        response: { 200: envelope(tazirSettingsResponseSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Pengaturan ta’zir disimpan. Berlaku untuk pinjaman baru.',
      data: await service.saveTazirSetting(app.db, request.body, currentUser(request).id),
    }),
  );
};
