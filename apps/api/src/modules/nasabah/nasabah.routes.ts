import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  nasabahCreateSchema,
  nasabahExportQuerySchema,
  nasabahListQuerySchema,
  nasabahSchema,
  nasabahStatsSchema,
  nasabahUpdateSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './nasabah.service';
import { sendListAnswer } from '../../lib/list-answer';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { nasabahExport } from './nasabah.export';

/** Customers: list, statistics, detail, add, edit, delete (spec §7 Nasabah). */
export const nasabahRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'nasabah');

  route.get(
    '/nasabah',
    {
      id: 'listNasabah',
      summary: 'Daftar nasabah dengan pencarian, filter status, pengurutan dan halaman',
      querystring: nasabahListQuerySchema,
      response: { 200: listEnvelope(nasabahSchema) },
    },
    async (request, reply) =>
      sendListAnswer(app, reply, 'nasabah', request.query, async () =>
        listAnswer(await service.listNasabah(app.db, request.query)),
      ),
  );

  route.get(
    '/nasabah/ekspor',
    {
      id: 'exportNasabah',
      summary: 'Ekspor daftar nasabah (XLSX atau CSV) dengan filter dan urutan yang sama dengan daftar',
      querystring: nasabahExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => sendExport(app, reply, request.query.format, nasabahExport(app.db, request.query)),
  );

  route.get(
    '/nasabah/stats',
    {
      id: 'getNasabahStats',
      summary: 'Statistik nasabah (tanpa yang dihapus)',
      response: { 200: envelope(nasabahStatsSchema) },
    },
    async () => ({ success: true as const, data: await service.nasabahStats(app.db) }),
  );

  route.get(
    '/nasabah/:id',
    {
      id: 'getNasabah',
      summary: 'Detail satu nasabah',
      params: idParamSchema,
      response: { 200: envelope(nasabahSchema) },
    },
    async (request) => ({ success: true as const, data: await service.getNasabah(app.db, request.params.id) }),
  );

  route.post(
    '/nasabah',
    {
      id: 'createNasabah',
      idempotent: true,
      summary: 'Tambah nasabah; tanpa tanggal_nasabah tersimpan tanggal hari ini (WIB)',
      body: nasabahCreateSchema,
      response: { 201: envelope(nasabahSchema) },
      errors: [409],
    },
    async (request, reply) => {
      const data = await service.createNasabah(app.db, currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Nasabah berhasil ditambahkan', data });
    },
  );

  route.put(
    '/nasabah/:id',
    {
      id: 'updateNasabah',
      summary: 'Ubah data nasabah',
      params: idParamSchema,
      body: nasabahUpdateSchema,
      response: { 200: envelope(nasabahSchema) },
      errors: [409],
    },
    async (request) => {
      const data = await service.updateNasabah(app.db, currentUser(request).id, request.params.id, request.body);
      return { success: true as const, message: 'Data nasabah berhasil diperbarui', data };
    },
  );

  route.delete(
    '/nasabah/:id',
    {
      id: 'deleteNasabah',
      summary: 'Hapus nasabah (soft delete); ditolak selama ada pinjaman aktif',
      params: idParamSchema,
      response: { 200: envelope(z.null()) },
      errors: [409],
    },
    async (request) => {
      await service.deleteNasabah(app.db, currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Nasabah berhasil dihapus', data: null };
    },
  );
};
