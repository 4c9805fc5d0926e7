import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hapusBukuCreateSchema, hapusBukuInfoSchema, idParamSchema, persetujuanSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import { waitingRequestOf } from '../persetujuan/pengajuan.service';
import { registerDecisionHandler } from '../persetujuan/persetujuan.service';
import * as service from './hapus-buku.service';

/** Write-off of a financing of kolektibilitas 5 (issue 47): what it would take off the books, and the request for approval. */
export const hapusBukuRoutes: FastifyPluginAsyncZod = async (app) => {
  // A write-off waits in Persetujuan, which carries it out through this.
  registerDecisionHandler('hapus_buku', service.hapusBukuDecision);
  const route = routesOf(app, 'hapus-buku');

  route.get(
    '/pinjaman/:id/hapus-buku',
    {
      id: 'getHapusBuku',
      summary:
        'Hapus buku: yang akan dikeluarkan dari pembukuan, alasan tidak dapat, pengajuan yang menunggu, hapus buku yang sudah dilakukan',
      params: idParamSchema,
      response: { 200: envelope(hapusBukuInfoSchema) },
    },
    async (request) => ({ success: true as const, data: await service.hapusBukuInfo(app.db, app.clock, request.params.id) }),
  );

  route.post(
    '/pinjaman/:id/hapus-buku',
    {
      id: 'proposeHapusBuku',
      summary: 'Ajukan hapus buku (selalu menunggu persetujuan administrator atau manajer lain)',
      params: idParamSchema,
      body: hapusBukuCreateSchema,
      response: { 202: envelope(persetujuanSchema) },
      errors: [403, 409],
    },
    async (request, reply) => {
      await service.proposeHapusBuku(app.db, app.clock, currentUser(request), request.params.id, request.body);
      return reply.status(202).send({
        success: true as const,
        message: 'Hapus buku diajukan dan menunggu persetujuan administrator atau manajer',
        data: (await waitingRequestOf(app.db, request.params.id, 'hapus_buku'))!,
      });
    },
  );
};
