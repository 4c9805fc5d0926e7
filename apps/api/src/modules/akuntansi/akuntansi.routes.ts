import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  akunCreateSchema,
  akunKasListSchema,
  akunListSchema,
  akunUpdateSchema,
  peranUpdateSchema,
  canApprove,
  idParamSchema,
  jurnalListSchema,
  neracaSaldoQuerySchema,
  neracaSaldoSchema,
} from '@mizan/core';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { todayOf } from '../../lib/clock';
import { envelope } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import * as service from './akuntansi.service';

/** Who reads the books (issue 48): administrators and managers; the others get 403. */
const booksReaders = {
  errors: [403] as const,
  preHandler: async (request: FastifyRequest) => {
    if (!canApprove(currentUser(request).role)) throw forbidden('Hanya admin dan manajer yang dapat melihat pembukuan');
  },
};

/** The books (issue 48): the chart of accounts, a loan's journals, the trial balance. */
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
      summary:
        'Ubah akun: nama, aktif, kas/bank; kode, kelompok dan saldo normal hanya selama belum dipakai (admin, manajer)',
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
