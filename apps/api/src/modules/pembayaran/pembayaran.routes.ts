import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  pembayaranCreateSchema,
  pembayaranDetailSchema,
  pembayaranExportQuerySchema,
  pembayaranListQuerySchema,
  pembayaranSchema,
  pembayaranStatsQuerySchema,
  pembayaranStatsSchema,
  pembayaranUpdateSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './pembayaran.service';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { pembayaranExport } from './pembayaran.export';
import { sendListAnswer } from '../../lib/list-answer';

/** Payments: list, statistics, detail, add, edit, delete (spec §7 Pembayaran). */
export const pembayaranRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The payment writes refresh the loan's ledger on today's date by the app's clock. */
  const writes = { db: app.db, clock: app.clock, notifier: app.notifier };
  const route = routesOf(app, 'pembayaran');

  route.get(
    '/pembayaran',
    {
      id: 'listPembayaran',
      summary: 'Daftar pembayaran (filter pinjaman, nasabah, jenis, bulan/tahun; cari nama/NIK/keterangan; urutkan)',
      querystring: pembayaranListQuerySchema,
      response: { 200: listEnvelope(pembayaranSchema) },
    },
    async (request, reply) =>
      sendListAnswer(app, reply, 'pembayaran', request.query, async () =>
        listAnswer(await service.listPembayaran(app.db, request.query)),
      ),
  );

  route.get(
    '/pembayaran/ekspor',
    {
      id: 'exportPembayaran',
      summary: 'Ekspor daftar pembayaran (XLSX atau CSV) dengan filter dan urutan yang sama dengan daftar',
      querystring: pembayaranExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => sendExport(app, reply, request.query.format, pembayaranExport(app.db, request.query)),
  );

  route.get(
    '/pembayaran/stats',
    {
      id: 'getPembayaranStats',
      summary: 'Statistik pembayaran untuk filter yang sama dengan daftar: jumlah, total nilai, rata-rata',
      querystring: pembayaranStatsQuerySchema,
      response: { 200: envelope(pembayaranStatsSchema) },
    },
    async (request) => ({ success: true as const, data: await service.pembayaranStats(app.db, request.query) }),
  );

  route.get(
    '/pembayaran/:id',
    {
      id: 'getPembayaran',
      summary: 'Detail pembayaran dengan pinjaman dan nasabahnya',
      params: idParamSchema,
      response: { 200: envelope(pembayaranDetailSchema) },
    },
    async (request) => ({ success: true as const, data: await service.getPembayaran(app.db, request.params.id) }),
  );

  route.post(
    '/pembayaran',
    {
      id: 'createPembayaran',
      idempotent: true,
      summary: 'Catat pembayaran; saldo dan status pinjaman dihitung ulang dalam transaksi yang sama',
      body: pembayaranCreateSchema,
      response: { 201: envelope(pembayaranDetailSchema) },
      errors: [409],
    },
    async (request, reply) => {
      const data = await service.createPembayaran(writes, currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Pembayaran berhasil ditambahkan', data });
    },
  );

  route.put(
    '/pembayaran/:id',
    {
      id: 'updatePembayaran',
      summary: 'Ubah pembayaran (boleh pindah pinjaman); saldo kedua pinjaman dihitung ulang',
      params: idParamSchema,
      body: pembayaranUpdateSchema,
      response: { 200: envelope(pembayaranDetailSchema) },
      errors: [409],
    },
    async (request) => {
      const data = await service.updatePembayaran(writes, currentUser(request).id, request.params.id, request.body);
      return { success: true as const, message: 'Pembayaran berhasil diperbarui', data };
    },
  );

  route.delete(
    '/pembayaran/:id',
    {
      id: 'deletePembayaran',
      summary: 'Hapus pembayaran (soft delete); saldo dan status pinjaman dihitung ulang',
      params: idParamSchema,
      response: { 200: envelope(z.null()) },
      errors: [409],
    },
    async (request) => {
      await service.deletePembayaran(writes, currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Pembayaran berhasil dihapus', data: null };
    },
  );
};
