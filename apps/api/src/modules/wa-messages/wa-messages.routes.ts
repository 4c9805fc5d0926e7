import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  waMessageExportQuerySchema,
  waMessageListQuerySchema,
  waMessageListSchema,
  waMessageSchema,
  waMessageSummarySchema,
} from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './wa-messages.service';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { waMessagesExport } from './wa-messages.export';

/** The WhatsApp message log (issue 24, part C): every message with its status; "Kirim ulang" of failed ones. */
export const waMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'wa-messages');

  route.get(
    '/wa-messages',
    {
      id: 'listWaMessages',
      summary: 'Riwayat pesan WhatsApp (terbaru dulu): filter jenis, status, tanggal dari–sampai; cari nama/nomor; halaman',
      querystring: waMessageListQuerySchema,
      response: { 200: envelope(waMessageListSchema) },
    },
    async (request) => ({ success: true as const, data: await service.listMessages(app.db, request.query) }),
  );

  route.get(
    '/wa-messages/ekspor',
    {
      id: 'exportWaMessages',
      summary: 'Ekspor riwayat pesan WhatsApp (XLSX atau CSV) dengan filter yang sama dengan daftar',
      querystring: waMessageExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => sendExport(app, reply, request.query.format, waMessagesExport(app.db, request.query)),
  );

  route.get(
    '/wa-messages/ringkasan',
    {
      id: 'getWaMessagesRingkasan',
      summary: 'Pesan hari ini (terkirim, gagal), pesan yang menunggu dikirim, dan sisa batas harian pesan ke nasabah',
      response: { 200: envelope(waMessageSummarySchema) },
    },
    async () => ({ success: true as const, data: await service.messageSummary(app.db, app.wa, app.clock.now()) }),
  );

  route.post(
    '/wa-messages/:id/kirim-ulang',
    {
      id: 'resendWaMessage',
      summary: 'Kirim ulang pesan yang gagal atau tidak pasti terkirim (WhatsApp harus terhubung)',
      params: idParamSchema,
      response: { 200: envelope(waMessageSchema) },
      errors: [409],
    },
    async (request) => {
      const data = await service.resendMessage(app.db, app.wa, request.params.id, app.clock.now());
      return {
        success: true as const,
        message: data.status === 'FAILED' ? `Pesan gagal dikirim ulang: ${data.error ?? '-'}` : 'Pesan dikirim ulang.',
        data,
      };
    },
  );
};
