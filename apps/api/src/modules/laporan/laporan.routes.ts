import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kolektibilitasLaporanExportQuerySchema,
  messages,
  kolektibilitasLaporanQuerySchema,
  kolektibilitasLaporanSchema,
  pencairanExportQuerySchema,
  pendapatanExportQuerySchema,
  pendapatanQuerySchema,
  pendapatanSchema,
  pencairanQuerySchema,
  pencairanSchema,
  penagihanExportQuerySchema,
  penagihanQuerySchema,
  penagihanSchema,
  rekapHarianExportQuerySchema,
  rekapHarianQuerySchema,
  rekapHarianSchema,
} from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { todayOf } from '../../lib/clock';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import * as service from './laporan.service';
import { kolektibilitasExport, pencairanExport, pendapatanExport, penagihanExport, rekapHarianExport } from './laporan.export';
import { getPendapatanSetting } from '../settings/settings.service';
import { validationFailed } from '../../lib/errors';
import { routesOf } from '../../lib/route';

const BULAN_AHEAD = messages.listQuery.bulanAhead;

/** The reports (issue 26 A), each also as an XLSX or CSV file. */
export const laporanRoutes: FastifyPluginAsyncZod = async (app) => {
  const thisMonth = () => todayOf(app.clock).slice(0, 7);
  /** A month of collections: this month or an earlier one (a later one has collected nothing yet). */
  const collectionsMonth = (bulan: string | undefined, path = 'bulan') => {
    const month = bulan ?? thisMonth();
    if (month > thisMonth()) throw validationFailed([{ path, msg: BULAN_AHEAD }], BULAN_AHEAD);
    return month;
  };
  const route = routesOf(app, 'laporan');

  route.get(
    '/laporan/rekap-harian',
    {
      id: 'getLaporanRekapHarian',
      summary: 'Rekap harian: pembayaran satu tanggal per jenis dan per petugas, rinciannya, dan pinjaman baru hari itu',
      querystring: rekapHarianQuerySchema,
      response: { 200: envelope(rekapHarianSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.rekapHarian(app.db, request.query.tanggal ?? todayOf(app.clock)),
    }),
  );

  route.get(
    '/laporan/rekap-harian/ekspor',
    {
      id: 'exportLaporanRekapHarian',
      summary: 'Rekap harian sebagai XLSX atau CSV',
      querystring: rekapHarianExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const rekap = await service.rekapHarian(app.db, request.query.tanggal ?? todayOf(app.clock));
      return sendExport(app, reply, request.query.format, rekapHarianExport(rekap));
    },
  );

  route.get(
    '/laporan/pencairan',
    {
      id: 'getLaporanPencairan',
      summary: 'Pencairan: jumlah dan nilai pinjaman yang diberikan per bulan dan tipe, 12 bulan sampai bulan terpilih',
      querystring: pencairanQuerySchema,
      response: { 200: envelope(pencairanSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.pencairan(app.db, request.query.sampai ?? thisMonth(), request.query.tipe),
    }),
  );

  route.get(
    '/laporan/pencairan/ekspor',
    {
      id: 'exportLaporanPencairan',
      summary: 'Laporan pencairan sebagai XLSX atau CSV',
      querystring: pencairanExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const laporan = await service.pencairan(app.db, request.query.sampai ?? thisMonth(), request.query.tipe);
      return sendExport(app, reply, request.query.format, pencairanExport(laporan));
    },
  );

  route.get(
    '/laporan/kolektibilitas',
    {
      id: 'getLaporanKolektibilitas',
      summary: 'Kolektibilitas: outstanding per golongan, NPF dan PAR 30 pada akhir bulan terpilih (bulan ini: hari ini)',
      querystring: kolektibilitasLaporanQuerySchema,
      response: { 200: envelope(kolektibilitasLaporanSchema) },
    },
    async (request) => {
      const today = todayOf(app.clock);
      return { success: true as const, data: await service.kolektibilitas(app.db, request.query.bulan ?? thisMonth(), today) };
    },
  );

  route.get(
    '/laporan/kolektibilitas/ekspor',
    {
      id: 'exportLaporanKolektibilitas',
      summary: 'Laporan kolektibilitas sebagai XLSX atau CSV',
      querystring: kolektibilitasLaporanExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const laporan = await service.kolektibilitas(app.db, request.query.bulan ?? thisMonth(), todayOf(app.clock));
      return sendExport(app, reply, request.query.format, kolektibilitasExport(laporan));
    },
  );

  route.get(
    '/laporan/penagihan',
    {
      id: 'getLaporanPenagihan',
      summary:
        'Penagihan bulanan: target (angsuran jatuh tempo) dan realisasi (pembayaran) per kota/kecamatan, pinjaman tanpa pembayaran',
      querystring: penagihanQuerySchema,
      response: { 200: envelope(penagihanSchema) },
    },
    async (request) => {
      const bulan = collectionsMonth(request.query.bulan);
      return { success: true as const, data: await service.penagihan(app.db, { ...request.query, bulan }, todayOf(app.clock)) };
    },
  );

  route.get(
    '/laporan/penagihan/ekspor',
    {
      id: 'exportLaporanPenagihan',
      summary: 'Penagihan bulanan sebagai XLSX atau CSV',
      querystring: penagihanExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const bulan = collectionsMonth(request.query.bulan);
      const laporan = await service.penagihan(app.db, { ...request.query, bulan }, todayOf(app.clock));
      return sendExport(app, reply, request.query.format, penagihanExport(laporan, request.query));
    },
  );

  const pendapatan = async (sampai: string | undefined) => {
    const { metode_pengakuan_margin } = await getPendapatanSetting(app.db);
    return service.pendapatan(app.db, collectionsMonth(sampai, 'sampai'), metode_pengakuan_margin, todayOf(app.clock));
  };

  route.get(
    '/laporan/pendapatan',
    {
      id: 'getLaporanPendapatan',
      summary:
        'Pendapatan: margin dan bagi hasil diterima dan diakui per bulan, margin ditangguhkan di akhir bulan, 12 bulan sampai bulan terpilih',
      querystring: pendapatanQuerySchema,
      response: { 200: envelope(pendapatanSchema) },
    },
    async (request) => ({ success: true as const, data: await pendapatan(request.query.sampai) }),
  );

  route.get(
    '/laporan/pendapatan/ekspor',
    {
      id: 'exportLaporanPendapatan',
      summary: 'Laporan pendapatan sebagai XLSX atau CSV',
      querystring: pendapatanExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) =>
      sendExport(app, reply, request.query.format, pendapatanExport(await pendapatan(request.query.sampai))),
  );
};
