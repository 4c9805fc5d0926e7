import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  penjadwalanCreateSchema,
  penjadwalanInfoSchema,
  penjadwalanPreviewQuerySchema,
  persetujuanSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import { waitingRequestOf } from '../persetujuan/pengajuan.service';
import { registerDecisionHandler } from '../persetujuan/persetujuan.service';
import * as service from './penjadwalan.service';

/** Rescheduling of a Murabahah (issue 27 D): the plan, and the request for approval. */
export const penjadwalanRoutes: FastifyPluginAsyncZod = async (app) => {
  // A rescheduling waits in Persetujuan, which carries it out through this.
  registerDecisionHandler('penjadwalan', service.penjadwalanDecision);
  const route = routesOf(app, 'penjadwalan');

  route.get(
    '/pinjaman/:id/penjadwalan',
    {
      id: 'getPenjadwalan',
      summary:
        'Rencana penjadwalan kembali (fatwa DSN-MUI 48/2005) untuk durasi dan tenggang tertentu, pengajuan yang menunggu, riwayat',
      params: idParamSchema,
      querystring: penjadwalanPreviewQuerySchema,
      response: { 200: envelope(penjadwalanInfoSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.penjadwalanInfo(app.db, app.clock, request.params.id, request.query),
    }),
  );

  route.post(
    '/pinjaman/:id/penjadwalan',
    {
      id: 'proposePenjadwalan',
      summary: 'Ajukan penjadwalan kembali (selalu menunggu persetujuan administrator atau manajer)',
      params: idParamSchema,
      body: penjadwalanCreateSchema,
      response: { 202: envelope(persetujuanSchema) },
      errors: [409],
    },
    async (request, reply) => {
      await service.proposePenjadwalan(app.db, app.clock, currentUser(request).id, request.params.id, request.body);
      return reply.status(202).send({
        success: true as const,
        message: 'Penjadwalan kembali diajukan dan menunggu persetujuan administrator atau manajer',
        data: (await waitingRequestOf(app.db, request.params.id, 'penjadwalan'))!,
      });
    },
  );
};
