import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  akunListSchema,
  canApprove,
  idParamSchema,
  jurnalListSchema,
  neracaSaldoQuerySchema,
  neracaSaldoSchema,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { todayOf } from '../../lib/clock';
import { envelope } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import * as service from './akuntansi.service';

/** Who reads the books (issue 48): administrators and managers; the others get 403. */
export const booksReaders = {
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
