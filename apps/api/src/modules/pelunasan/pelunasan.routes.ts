import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, optionalDateField, pelunasanCreateSchema, pelunasanInfoSchema, pelunasanResultSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import { waitingRequestOf } from '../persetujuan/pengajuan.service';
import { registerDecisionHandler } from '../persetujuan/persetujuan.service';
import * as service from './pelunasan.service';

/** Early settlement of a Murabahah (issue 27 B): the quote on a day, and the settlement. */
export const pelunasanRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.db, clock: app.clock, notifier: app.notifier });
  // A settlement above the khasm limit waits in Persetujuan, which carries it out through this.
  registerDecisionHandler('pelunasan', service.pelunasanDecision);
  const route = routesOf(app, 'pelunasan');

  route.get(
    '/pinjaman/:id/pelunasan',
    {
      id: 'getPelunasan',
      summary:
        'Perhitungan pelunasan dipercepat pada suatu tanggal (fatwa DSN-MUI 153/2022), batas potongan, dan pelunasan yang tercatat',
      params: idParamSchema,
      querystring: z.object({ tanggal: optionalDateField() }),
      response: { 200: envelope(pelunasanInfoSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.pelunasanInfo(ctx(), request.params.id, request.query.tanggal),
    }),
  );

  route.post(
    '/pinjaman/:id/pelunasan',
    {
      id: 'createPelunasan',
      idempotent: true,
      summary: 'Catat pelunasan dipercepat (dengan potongan/khasm opsional; di atas batas menunggu persetujuan)',
      params: idParamSchema,
      body: pelunasanCreateSchema,
      response: { 201: envelope(pelunasanResultSchema), 202: envelope(pelunasanResultSchema) },
      errors: [409],
    },
    async (request, reply) => {
      const result = await service.createPelunasan(ctx(), currentUser(request).id, request.params.id, request.body);
      if (result.status === 'menunggu') {
        const persetujuan = await waitingRequestOf(app.db, request.params.id, 'pelunasan');
        return reply.status(202).send({
          success: true as const,
          message: 'Potongan di atas batas: pelunasan menunggu persetujuan administrator atau manajer',
          data: { status: 'menunggu' as const, pembayaran_id: null, persetujuan },
        });
      }
      return reply.status(201).send({
        success: true as const,
        message: 'Pelunasan dipercepat berhasil dicatat',
        data: { status: 'lunas' as const, pembayaran_id: result.pembayaran_id, persetujuan: null },
      });
    },
  );
};
