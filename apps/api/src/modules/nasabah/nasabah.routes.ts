import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, nasabahCreateSchema, nasabahListQuerySchema, nasabahUpdateSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listEnvelope } from '../../lib/envelope';
import * as service from './nasabah.service';
import { sendListAnswer } from '../../lib/list-answer';

/** A customer in responses (spec §3); undeclared columns (created_by, deleted_at…) are dropped. */
export const nasabahResponseSchema = z.object({
  id: z.number(),
  nama: z.string(),
  nama_lengkap: z.string(),
  nik: z.string().nullable(),
  telepon: z.string().nullable(),
  alamat: z.string().nullable(),
  kecamatan: z.string().nullable(),
  kota: z.string().nullable(),
  tanggal_nasabah: z.string().nullable(),
  status: z.enum(['aktif', 'nonaktif']),
  total_pinjaman: z.number(),
  data_completeness: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

const statsSchema = z.object({
  total_nasabah: z.number(),
  total: z.number(),
  aktif: z.number(),
  nonaktif: z.number(),
});

/** Customers: list, statistics, detail, add, edit, delete (spec §7 Nasabah). */
export const nasabahRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/nasabah',
    {
      schema: {
        tags: ['nasabah'],
        summary: 'Daftar nasabah dengan pencarian, filter status, pengurutan dan halaman',
        querystring: nasabahListQuerySchema,
        response: { 200: listEnvelope(nasabahResponseSchema) },
      },
    },
    async (request, reply) =>
      sendListAnswer(app, reply, 'nasabah', request.query, async () => {
        const { data, pagination } = await service.listNasabah(app.db, request.query);
        return { success: true as const, data, meta: { pagination } };
      }),
  );

  app.get(
    '/nasabah/stats',
    {
      schema: { tags: ['nasabah'], summary: 'Statistik nasabah (tanpa yang dihapus)', response: { 200: envelope(statsSchema) } },
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
        response: { 200: envelope(nasabahResponseSchema) },
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
        response: { 201: envelope(nasabahResponseSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createNasabah(app.db, request.body, currentUser(request).id);
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
        response: { 200: envelope(nasabahResponseSchema) },
      },
    },
    async (request) => {
      const data = await service.updateNasabah(app.db, request.params.id, request.body, currentUser(request).id);
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
      await service.deleteNasabah(app.db, request.params.id, currentUser(request).id);
      return { success: true as const, message: 'Nasabah berhasil dihapus', data: null };
    },
  );
};
