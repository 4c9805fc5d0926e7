import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  akunCreateSchema,
  akunKasListSchema,
  akunListSchema,
  akunUpdateSchema,
  peranUpdateSchema,
  akunExportQuerySchema,
  bukuBesarExportQuerySchema,
  bukuBesarQuerySchema,
  bukuBesarSchema,
  idParamSchema,
  jurnalEntrySchema,
  jurnalExportQuerySchema,
  jurnalListQuerySchema,
  jurnalListSchema,
  neracaSaldoExportQuerySchema,
  neracaSaldoQuerySchema,
  neracaSaldoSchema,
} from '@mizan/core';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { todayOf } from '../../lib/clock';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import * as service from './akuntansi.service';
import { baganAkunExport, bukuBesarExport, jurnalExport, neracaSaldoExport } from './akuntansi.export';

/** Who reads the books (issue 48): administrators and managers; the others get 403. */
export const booksReaders = {
  errors: [403] as const,
  preHandler: async (request: FastifyRequest) => service.assertBooksReader(currentUser(request).role),
};

/** Who reads the journals: administrators and managers all of them, an operator those they posted; the others get 403. */
const journalReaders = {
  errors: [403, 404] as const,
  preHandler: async (request: FastifyRequest) => void service.journalScope(currentUser(request)),
};

/** The books (issue 48): the chart of accounts, the journals, an account's ledger, the trial balance; each also as a file. */
export const akuntansiRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'akuntansi');

  route.get(
    '/akuntansi/akun',
    {
      ...booksReaders,
      id: 'listAkun',
      summary: 'Bagan akun: kode, nama, kelompok, saldo normal dan peran posting setiap akun (admin, manajer)',
      response: { 200: envelope(akunListSchema) },
    },
    async () => ({ success: true as const, data: await service.chartOfAccounts(app.db) }),
  );

  route.post(
    '/akuntansi/akun',
    {
      ...booksReaders,
      id: 'createAkun',
      summary: 'Tambah akun ke bagan akun (admin, manajer); menjawab bagan akun',
      body: akunCreateSchema,
      response: { 201: envelope(akunListSchema) },
      errors: [403, 409],
    },
    async (request, reply) => {
      const data = await service.createAccount(app.db, currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Akun berhasil ditambahkan', data });
    },
  );

  route.put(
    '/akuntansi/akun/:id',
    {
      ...booksReaders,
      id: 'updateAkun',
      summary: 'Ubah akun: nama, aktif, kas/bank; kode, kelompok dan saldo normal hanya selama belum dipakai (admin, manajer)',
      params: idParamSchema,
      body: akunUpdateSchema,
      response: { 200: envelope(akunListSchema) },
      errors: [403, 404, 409],
    },
    async (request) => ({
      success: true as const,
      message: 'Akun berhasil diperbarui',
      data: await service.updateAccount(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  route.delete(
    '/akuntansi/akun/:id',
    {
      ...booksReaders,
      id: 'deleteAkun',
      summary: 'Hapus akun yang belum pernah dipakai dan tidak menerima posting otomatis (admin, manajer)',
      params: idParamSchema,
      response: { 200: envelope(z.null()) },
      errors: [403, 404, 409],
    },
    async (request) => {
      await service.deleteAccount(app.db, currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Akun berhasil dihapus', data: null };
    },
  );

  route.put(
    '/akuntansi/peran',
    {
      ...booksReaders,
      id: 'updatePeranAkun',
      summary: 'Petakan peran posting ke akun mulai sekarang; jurnal yang sudah diposting tetap (admin, manajer)',
      body: peranUpdateSchema,
      response: { 200: envelope(akunListSchema) },
      errors: [403],
    },
    async (request) => ({
      success: true as const,
      message: 'Pemetaan akun berhasil disimpan',
      data: await service.mapRole(app.db, currentUser(request).id, request.body),
    }),
  );

  route.get(
    '/akuntansi/akun-kas',
    {
      id: 'listAkunKas',
      summary:
        'Akun kas dan bank yang aktif: tempat uang pembayaran diterima atau pinjaman dicairkan (semua pengguna; tunai = akun kas)',
      response: { 200: envelope(akunKasListSchema) },
    },
    async () => ({ success: true as const, data: await service.kasBankAccounts(app.db) }),
  );

  route.get(
    '/akuntansi/akun/ekspor',
    {
      ...booksReaders,
      id: 'exportAkun',
      summary: 'Bagan akun sebagai XLSX atau CSV (admin, manajer)',
      querystring: akunExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) =>
      sendExport(app, reply, request.query.format, baganAkunExport(await service.chartOfAccounts(app.db))),
  );

  route.get(
    '/akuntansi/jurnal',
    {
      ...journalReaders,
      id: 'listJurnal',
      summary:
        'Jurnal terbaru lebih dulu dengan barisnya; filter tanggal, akun, sumber, jenis mutasi, pinjaman (admin dan manajer semua jurnal, operator jurnal yang ia catat)',
      querystring: jurnalListQuerySchema,
      response: { 200: listEnvelope(jurnalEntrySchema) },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const scoped = { ...filters, dicatat_oleh: service.journalScope(currentUser(request)) };
      return listAnswer(await service.journals(app.db, scoped, { page, limit }));
    },
  );

  route.get(
    '/akuntansi/jurnal/ekspor',
    {
      ...journalReaders,
      id: 'exportJurnal',
      summary: 'Jurnal sesuai filter sebagai XLSX atau CSV, satu baris per baris jurnal',
      querystring: jurnalExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const scoped = { ...filters, dicatat_oleh: service.journalScope(currentUser(request)) };
      const batches = await service.journalBatches(app.db, scoped);
      return sendExport(app, reply, format, jurnalExport(await service.journalFilterLines(app.db, scoped), batches));
    },
  );

  route.get(
    '/akuntansi/buku-besar',
    {
      ...booksReaders,
      errors: [403, 404],
      id: 'getBukuBesar',
      summary:
        'Buku besar satu akun dalam periode (bawaan: awal bulan ini sampai hari ini): saldo awal, 50 baris per halaman dengan saldo berjalan, saldo akhir (admin, manajer)',
      querystring: bukuBesarQuerySchema,
      response: { 200: envelope(bukuBesarSchema) },
    },
    async (request) => {
      const { akun_id, page, ...period } = request.query;
      const data = await service.ledger(app.db, akun_id, service.ledgerPeriod(period, todayOf(app.clock)), page);
      return { success: true as const, data };
    },
  );

  route.get(
    '/akuntansi/buku-besar/ekspor',
    {
      ...booksReaders,
      errors: [403, 404],
      id: 'exportBukuBesar',
      summary: 'Buku besar satu akun dalam periode sebagai XLSX atau CSV, semua baris (admin, manajer)',
      querystring: bukuBesarExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const { akun_id, format, ...period } = request.query;
      const { head, batches } = await service.ledgerForExport(app.db, akun_id, service.ledgerPeriod(period, todayOf(app.clock)));
      return sendExport(app, reply, format, bukuBesarExport(head, batches));
    },
  );

  route.get(
    '/akuntansi/neraca-saldo',
    {
      ...booksReaders,
      id: 'getNeracaSaldo',
      summary:
        'Neraca saldo per tanggal (bawaan: hari ini): saldo debit atau kredit setiap akun, jumlahnya sama (admin, manajer)',
      querystring: neracaSaldoQuerySchema,
      response: { 200: envelope(neracaSaldoSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await service.trialBalance(app.db, request.query.tanggal ?? todayOf(app.clock)),
    }),
  );

  route.get(
    '/akuntansi/neraca-saldo/ekspor',
    {
      ...booksReaders,
      id: 'exportNeracaSaldo',
      summary: 'Neraca saldo per tanggal sebagai XLSX atau CSV (admin, manajer)',
      querystring: neracaSaldoExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const neraca = await service.trialBalance(app.db, request.query.tanggal ?? todayOf(app.clock));
      return sendExport(app, reply, request.query.format, neracaSaldoExport(neraca));
    },
  );

  route.get(
    '/pinjaman/:id/jurnal',
    {
      ...booksReaders,
      id: 'getJurnalPinjaman',
      summary: 'Jurnal pinjaman: jurnal setiap peristiwa uangnya dengan baris debit dan kredit per akun (admin, manajer)',
      params: idParamSchema,
      response: { 200: envelope(jurnalListSchema) },
    },
    async (request) => ({ success: true as const, data: await service.journalsOfLoan(app.db, request.params.id) }),
  );
};
