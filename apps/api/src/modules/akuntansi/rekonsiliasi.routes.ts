import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rekonsiliasiMessages as m, rekonsiliasiRunSchema, rekonsiliasiSchema, rekonsiliasiTerakhirSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { todayOf } from '../../lib/clock';
import { envelope } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import { booksReaders } from './akuntansi.routes';
import * as service from './rekonsiliasi.service';

/** The reconciliation of the books (issue 48 item 5): the latest result, and a run now. */
export const rekonsiliasiRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'akuntansi');

  route.get(
    '/akuntansi/rekonsiliasi',
    {
      ...booksReaders,
      id: 'getRekonsiliasiTerakhir',
      summary:
        'Rekonsiliasi pembukuan terakhir: saldo akun dibanding mutasi pinjaman, neraca saldo, saldo tersimpan dan jurnal setiap mutasi (admin, manajer)',
      response: { 200: envelope(rekonsiliasiTerakhirSchema) },
    },
    async () => ({ success: true as const, data: await service.latestReconciliation(app.db) }),
  );

  route.post(
    '/akuntansi/rekonsiliasi',
    {
      id: 'runRekonsiliasi',
      summary: 'Jalankan rekonsiliasi pembukuan sekarang, per tanggal (bawaan: hari ini) (admin)',
      body: rekonsiliasiRunSchema,
      response: { 201: envelope(rekonsiliasiSchema) },
      errors: [403],
      preHandler: async (request) => {
        if (currentUser(request).role !== 'admin') throw forbidden(m.hanyaAdmin);
      },
    },
    async (request, reply) => {
      const data = await service.reconcileNow(app.db, currentUser(request).id, request.body, {
        kind: app.dbKind,
        today: todayOf(app.clock),
      });
      return reply.status(201).send({ success: true as const, message: 'Rekonsiliasi pembukuan selesai', data });
    },
  );
};
