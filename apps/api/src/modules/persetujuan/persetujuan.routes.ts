import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  messages,
  persetujuanListQuerySchema,
  persetujuanSchema,
  persetujuanSetujuiSchema,
  persetujuanTolakSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { findLivingLoan } from '../mutasi/mutasi.service';
import { notFound } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import * as service from './persetujuan.service';

/** The approval queue (issue 27 A): list, the count for the menu, a loan's requests, approve, reject. */
export const persetujuanRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.db, clock: app.clock, notifier: app.notifier });
  const route = routesOf(app, 'persetujuan');

  route.get(
    '/persetujuan',
    {
      id: 'listPersetujuan',
      summary: 'Antrean persetujuan (menunggu, terlama dulu) atau riwayat keputusan (terbaru dulu)',
      querystring: persetujuanListQuerySchema,
      response: { 200: listEnvelope(persetujuanSchema) },
    },
    async (request) => listAnswer(await service.listPersetujuan(app.db, request.query)),
  );

  route.get(
    '/persetujuan/jumlah',
    {
      id: 'countPersetujuanMenunggu',
      summary: 'Jumlah pengajuan yang menunggu persetujuan (lencana menu)',
      response: { 200: envelope(z.object({ menunggu: z.number() })) },
    },
    async () => ({ success: true as const, data: { menunggu: await service.countWaiting(app.db) } }),
  );

  route.get(
    '/pinjaman/:id/persetujuan',
    {
      id: 'listPersetujuanPinjaman',
      summary: 'Riwayat pengajuan dan keputusan sebuah pinjaman (terbaru dulu)',
      params: idParamSchema,
      response: { 200: envelope(z.array(persetujuanSchema)) },
    },
    async (request) => {
      if (!(await findLivingLoan(app.db, request.params.id))) throw notFound(messages.notFound.pinjaman);
      return { success: true as const, data: await service.persetujuanOfLoan(app.db, request.params.id) };
    },
  );

  route.post(
    '/persetujuan/:id/setujui',
    {
      id: 'approvePersetujuan',
      summary: 'Setujui pengajuan (administrator atau manajer, bukan pengaju)',
      params: idParamSchema,
      body: persetujuanSetujuiSchema,
      response: { 200: envelope(persetujuanSchema) },
      errors: [403, 409],
    },
    async (request) => ({
      success: true as const,
      message: 'Pengajuan disetujui',
      data: await service.decide(ctx(), currentUser(request), request.params.id, 'disetujui', request.body.catatan),
    }),
  );

  route.post(
    '/persetujuan/:id/tolak',
    {
      id: 'rejectPersetujuan',
      summary: 'Tolak pengajuan dengan alasan (administrator atau manajer, bukan pengaju)',
      params: idParamSchema,
      body: persetujuanTolakSchema,
      response: { 200: envelope(persetujuanSchema) },
      errors: [403, 409],
    },
    async (request) => ({
      success: true as const,
      message: 'Pengajuan ditolak',
      data: await service.decide(ctx(), currentUser(request), request.params.id, 'ditolak', request.body.catatan),
    }),
  );
};
