import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tunggakanExportQuerySchema,
  tunggakanListQuerySchema,
  tunggakanSchema,
  tunggakanSummaryQuerySchema,
  tunggakanSummarySchema,
} from '@mizan/core';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import { sendRememberedAnswer } from '../../lib/list-answer';
import { todayOf } from '../../lib/clock';
import * as service from './tunggakan.service';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { tunggakanExport } from './tunggakan.export';

/** GET /api/tunggakan: loans in arrears with their customer (issue 23). */
export const tunggakanRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'tunggakan');

  route.get(
    '/tunggakan',
    {
      id: 'listTunggakan',
      summary: 'Daftar pinjaman yang menunggak (cari nama/NIK/nomor, filter kolektibilitas/tipe/kota/kecamatan/minimal hari)',
      querystring: tunggakanListQuerySchema,
      response: { 200: listEnvelope(tunggakanSchema) },
    },
    // Every page is remembered, small ones too: its total counts the loans in arrears, whose rows
    // the daily job rewrites, and PGlite (no autovacuum) visits their dead versions too, several
    // times the cost of the cache's check (docs/performance.md, run 11). Days past due depend on
    // the date: the answer is kept under the Jakarta date as well as the snapshot.
    async (request, reply) =>
      sendRememberedAnswer(app, reply, `tunggakan@${todayOf(app.clock)}`, request.query, async () =>
        listAnswer(await service.listTunggakan(app.db, request.query)),
      ),
  );

  route.get(
    '/tunggakan/ekspor',
    {
      id: 'exportTunggakan',
      summary: 'Ekspor daftar tunggakan (XLSX atau CSV) dengan filter dan urutan yang sama dengan daftar',
      querystring: tunggakanExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => sendExport(app, reply, request.query.format, tunggakanExport(app.db, request.query)),
  );

  route.get(
    '/tunggakan/ringkasan',
    {
      id: 'getTunggakanRingkasan',
      summary: 'Jumlah pinjaman menunggak, tunggakan dan sisa pokoknya per kolektibilitas (filter seperti daftar)',
      querystring: tunggakanSummaryQuerySchema,
      response: { 200: envelope(tunggakanSummarySchema) },
    },
    async (request, reply) =>
      sendRememberedAnswer(app, reply, `tunggakan-ringkasan@${todayOf(app.clock)}`, request.query, async () => ({
        success: true as const,
        data: await service.summarizeTunggakan(app.db, request.query),
      })),
  );
};
