import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  pengingatManualResponseSchema,
  pengingatManualSchema,
  pengingatSettingSchema,
  pengingatSettingsResponseSchema,
  waMessageSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { todayOf } from '../../lib/clock';
import { routesOf } from '../../lib/route';
import * as service from './pengingat.service';
import { toMessage } from '../../lib/whatsapp/message-json';

/** Reminders to customers (issue 24, part B): the setting (admin changes it) and a reminder sent by hand. */
export const pengingatRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsRoute = routesOf(app, 'settings');
  const pinjamanRoute = routesOf(app, 'pinjaman');

  settingsRoute.get(
    '/settings/pengingat',
    {
      id: 'getPengingatSettings',
      summary: 'Pengaturan pengingat angsuran lewat WhatsApp: tahap, template, jam dan hari kirim, libur, jeda, batas harian',
      response: { 200: envelope(pengingatSettingsResponseSchema) },
    },
    async () => ({
      success: true as const,
      data: await service.pengingatSettings(app.db, app.config.institutionName, todayOf(app.clock)),
    }),
  );

  settingsRoute.put(
    '/settings/pengingat',
    {
      id: 'updatePengingatSettings',
      summary: 'Ubah pengaturan pengingat angsuran (admin); pengingat hari ini direncanakan ulang',
      body: pengingatSettingSchema,
      response: { 200: envelope(pengingatSettingsResponseSchema) },
      admin: true,
    },
    async (request) => {
      const data = await service.updatePengingatSettings(
        app.db,
        app.config.institutionName,
        todayOf(app.clock),
        request.body,
        currentUser(request).id,
      );
      await app.reminders.replanToday();
      return { success: true as const, message: 'Pengaturan pengingat disimpan.', data };
    },
  );

  pinjamanRoute.get(
    '/pinjaman/:id/pengingat',
    {
      id: 'previewPengingatPinjaman',
      summary: 'Pengingat yang akan dikirim dengan tangan sekarang (teks terisi), atau alasan tidak dapat dikirim',
      params: idParamSchema,
      response: { 200: envelope(pengingatManualResponseSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.manualPreview(app.db, app.wa, app.config.institutionName, app.clock.now(), request.params.id),
    }),
  );

  pinjamanRoute.post(
    '/pinjaman/:id/pengingat',
    {
      id: 'sendPengingatPinjaman',
      summary: 'Kirim pengingat ke nomor nasabah sekarang (dalam jam kirim dan batas harian)',
      params: idParamSchema,
      body: pengingatManualSchema,
      response: { 200: envelope(waMessageSchema) },
      errors: [409],
    },
    async (request) => {
      const row = await service.sendManual(app.db, app.wa, app.config.institutionName, app.clock.now(), request.params.id, {
        teks: request.body.teks,
        requestKey: request.id,
        userId: currentUser(request).id,
      });
      const data = toMessage(row);
      return {
        success: true as const,
        message:
          data.status === 'FAILED'
            ? `Pengingat gagal dikirim: ${data.error ?? '-'}`
            : `Pengingat terkirim ke ${data.nama ?? data.phone_number}.`,
        data,
      };
    },
  );
};
