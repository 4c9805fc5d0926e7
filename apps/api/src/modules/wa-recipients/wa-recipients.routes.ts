import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  notificationRecipientCreateSchema,
  notificationRecipientExportQuerySchema,
  notificationRecipientListQuerySchema,
  notificationRecipientListSchema,
  notificationRecipientSchema,
  notificationRecipientUpdateSchema,
} from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './wa-recipients.service';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { recipientsExport } from './wa-recipients.export';

/** WhatsApp notification recipients (spec §7 Notification recipients). */
export const waRecipientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'wa-notification-recipients');

  route.get(
    '/wa-notification-recipients',
    {
      id: 'listWaRecipients',
      summary: 'Daftar penerima notifikasi (cari nama/nomor, filter status, halaman; 10 per halaman)',
      querystring: notificationRecipientListQuerySchema,
      response: { 200: envelope(notificationRecipientListSchema) },
    },
    async (request) => ({ success: true as const, data: await service.listRecipients(app.db, request.query) }),
  );

  route.get(
    '/wa-notification-recipients/ekspor',
    {
      id: 'exportWaRecipients',
      summary: 'Ekspor penerima notifikasi (XLSX atau CSV) dengan pencarian dan filter status',
      querystring: notificationRecipientExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => sendExport(app, reply, request.query.format, recipientsExport(app.db, request.query)),
  );

  route.get(
    '/wa-notification-recipients/active',
    {
      id: 'listActiveWaRecipients',
      summary: 'Semua penerima aktif (yang menerima pesan test)',
      response: { 200: envelope(z.array(notificationRecipientSchema)) },
    },
    async () => ({ success: true as const, data: await service.listActiveRecipients(app.db) }),
  );

  route.get(
    '/wa-notification-recipients/:id',
    {
      id: 'getWaRecipient',
      summary: 'Detail satu penerima',
      params: idParamSchema,
      response: { 200: envelope(notificationRecipientSchema) },
    },
    async (request) => ({ success: true as const, data: await service.getRecipient(app.db, request.params.id) }),
  );

  route.post(
    '/wa-notification-recipients',
    {
      id: 'createWaRecipient',
      summary: 'Tambah penerima; nomor 08… disimpan sebagai 62…; nomor yang sama ditolak (409)',
      body: notificationRecipientCreateSchema,
      response: { 201: envelope(notificationRecipientSchema) },
      errors: [409],
    },
    async (request, reply) => {
      const data = await service.createRecipient(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: 'Penerima notifikasi berhasil ditambahkan', data });
    },
  );

  route.put(
    '/wa-notification-recipients/:id',
    {
      id: 'updateWaRecipient',
      summary: 'Ubah penerima (nama, nomor, status)',
      params: idParamSchema,
      body: notificationRecipientUpdateSchema,
      response: { 200: envelope(notificationRecipientSchema) },
      errors: [409],
    },
    async (request) => ({
      success: true as const,
      message: 'Penerima notifikasi berhasil diperbarui',
      data: await service.updateRecipient(app.db, request.params.id, request.body),
    }),
  );

  route.delete(
    '/wa-notification-recipients/:id',
    { id: 'deleteWaRecipient', summary: 'Hapus penerima', params: idParamSchema, response: { 200: envelope(z.null()) } },
    async (request) => {
      await service.deleteRecipient(app.db, request.params.id);
      return { success: true as const, message: 'Penerima notifikasi berhasil dihapus', data: null };
    },
  );
};
