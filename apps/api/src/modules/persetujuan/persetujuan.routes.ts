import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  messages,
  persetujuanListQuerySchema,
  persetujuanSchema,
  persetujuanSetujuiSchema,
  persetujuanTarikSchema,
  persetujuanTolakSchema,
  pemutusQuerySchema,
  pemutusSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { findLivingLoan } from '../mutasi/mutasi.service';
import { notFound } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import * as service from './persetujuan.service';

/** The approval queue (issue 27 A): list, the count for the menu, who could decide, a loan's requests, approve, reject, withdraw (issue 51). */
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
    '/persetujuan/pemutus',
    {
      id: 'getPemutusPersetujuan',
      summary:
        'Siapa yang dapat memutuskan pengajuan jenis ini bila pengguna ini yang mengajukan (administrator dan manajer aktif selain pengaju); alasan bila tidak ada',
      querystring: pemutusQuerySchema,
      response: { 200: envelope(pemutusSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.pemutus(app.db, currentUser(request).id, request.query.jenis),
    }),
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

  route.post(
    '/persetujuan/:id/tarik',
    {
      id: 'withdrawPersetujuan',
      summary: 'Tarik kembali pengajuan yang masih menunggu, dengan alasan (hanya pengaju)',
      params: idParamSchema,
      body: persetujuanTarikSchema,
      response: { 200: envelope(persetujuanSchema) },
      errors: [403, 409],
    },
    async (request) => ({
      success: true as const,
      message: 'Pengajuan ditarik kembali',
      data: await service.withdraw(ctx(), currentUser(request), request.params.id, request.body.catatan),
    }),
  );
};
