import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, mutasiListSchema } from '@mizan/core';
import { envelope } from '../../lib/envelope';
import * as service from './mutasi.service';

/** A loan's money events (issue 47): what was posted, reversed and adjusted, by whom. */
export const mutasiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pinjaman/:id/mutasi',
    {
      schema: {
        tags: ['mutasi'],
        summary: 'Mutasi pinjaman: setiap peristiwa uang (akad, pembayaran, pembalikan, penyesuaian) dan jumlahnya',
        params: idParamSchema,
        response: { 200: envelope(mutasiListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await service.mutasiOfLoan(app.db, request.params.id) }),
  );
};
