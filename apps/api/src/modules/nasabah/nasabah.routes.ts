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
import * as service from './nasabah.service';
import { sendListAnswer } from '../../lib/list-answer';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { nasabahExport } from './nasabah.export';

/** Customers: list, statistics, detail, add, edit, delete (spec §7 Nasabah). */
export const nasabahRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/nasabah',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Daftar nasabah dengan pencarian, filter status, pengurutan dan halaman',
        querystring: nasabahListQuerySchema,
        response: { 200: listEnvelope(nasabahSchema) },
      },
    },
    async (request, reply) =>
      sendListAnswer(app, reply, 'nasabah', request.query, async () =>
        listAnswer(await service.listNasabah(app.db, request.query)),
      ),
  );

  app.get(
    '/nasabah/ekspor',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Ekspor daftar nasabah (XLSX atau CSV) dengan filter dan urutan yang sama dengan daftar',
        querystring: nasabahExportQuerySchema,
        produces: exportProduces,
      },
    },
    async (request, reply) => sendExport(app, reply, request.query.format, nasabahExport(app.db, request.query)),
  );

  app.get(
    '/nasabah/stats',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Statistik nasabah (tanpa yang dihapus)',
        response: { 200: envelope(nasabahStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: await service.nasabahStats(app.db) }),
  );

  app.get(
    '/nasabah/:id',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Detail satu nasabah',
        params: idParamSchema,
        response: { 200: envelope(nasabahSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getNasabah(app.db, request.params.id) }),
  );

  app.post(
    '/nasabah',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Tambah nasabah; tanpa tanggal_nasabah tersimpan tanggal hari ini (WIB)',
        body: nasabahCreateSchema,
        response: { 201: envelope(nasabahSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createNasabah(app.db, currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Nasabah berhasil ditambahkan', data });
    },
  );

  app.put(
    '/nasabah/:id',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Ubah data nasabah',
        params: idParamSchema,
        body: nasabahUpdateSchema,
        response: { 200: envelope(nasabahSchema) },
      },
    },
    async (request) => {
      const data = await service.updateNasabah(app.db, currentUser(request).id, request.params.id, request.body);
      return { success: true as const, message: 'Data nasabah berhasil diperbarui', data };
    },
  );

  app.delete(
    '/nasabah/:id',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Hapus nasabah (soft delete); ditolak selama ada pinjaman aktif',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.deleteNasabah(app.db, currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Nasabah berhasil dihapus', data: null };
    },
  );
};
