import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  danaKebajikanKeluarSchema,
  danaKebajikanSchema,
  idParamSchema,
  messages,
  tawidhCreateSchema,
  tawidhSchema,
  tazirBebaskanSchema,
  tazirListQuerySchema,
  tazirMessages,
  tazirSchema,
  tazirTerimaSchema,
  tazirTetapkanSchema,
  toFieldErrors,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { todayOf } from '../../lib/clock';
import type { StagedFile } from '../../lib/file-storage';
import { findLivingLoan } from '../mutasi/mutasi.service';
import { multipartLimits, MULTIPART_BROKEN } from '../../lib/multipart-limits';
import { routesOf } from '../../lib/route';
import * as service from './tazir.service';

/** Ta'zir (propose, confirm, collect, waive), the Dana Kebajikan, and ta'widh with its evidence (issue 27 C). */
export const tazirRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false });

  const route = routesOf(app, 'tazir');

  route.get(
    '/tazir',
    {
      id: 'listTazir',
      summary: 'Daftar ta’zir (usulan, ditagih, diterima, dibebaskan), terbaru dulu',
      querystring: tazirListQuerySchema,
      response: { 200: listEnvelope(tazirSchema) },
    },
    async (request) => listAnswer(await service.listTazir(app.db, request.query)),
  );

  route.post(
    '/tazir/:id/tetapkan',
    {
      id: 'tetapkanTazir',
      summary: 'Tetapkan ta’zir: nasabah mampu membayar tetapi menunda (diterima sekarang atau nanti)',
      params: idParamSchema,
      body: tazirTetapkanSchema,
      response: { 200: envelope(tazirSchema) },
      errors: [409],
    },
    async (request) => ({
      success: true as const,
      message: request.body.diterima ? 'Ta’zir ditetapkan dan diterima ke Dana Kebajikan' : 'Ta’zir ditetapkan',
      data: await service.tetapkanTazir(app.db, currentUser(request).id, request.params.id, request.body, todayOf(app.clock)),
    }),
  );
  route.post(
    '/tazir/:id/terima',
    {
      id: 'terimaTazir',
      idempotent: true,
      summary: 'Catat ta’zir yang sudah dibayar nasabah (masuk Dana Kebajikan)',
      params: idParamSchema,
      body: tazirTerimaSchema,
      response: { 200: envelope(tazirSchema) },
      errors: [409],
    },
    async (request) => ({
      success: true as const,
      message: 'Ta’zir diterima ke Dana Kebajikan',
      data: await service.terimaTazir(app.db, currentUser(request).id, request.params.id, request.body.tanggal_terima),
    }),
  );

  route.post(
    '/tazir/:id/bebaskan',
    {
      id: 'bebaskanTazir',
      summary: 'Bebaskan ta’zir dengan alasan (misalnya force majeure)',
      params: idParamSchema,
      body: tazirBebaskanSchema,
      response: { 200: envelope(tazirSchema) },
      errors: [409],
    },
    async (request) => ({
      success: true as const,
      message: 'Ta’zir dibebaskan',
      data: await service.bebaskanTazir(app.db, currentUser(request).id, request.params.id, request.body.catatan),
    }),
  );

  route.get(
    '/dana-kebajikan',
    {
      id: 'getDanaKebajikan',
      summary: 'Dana Kebajikan: saldo, total masuk (ta’zir) dan keluar (penyaluran), entri terbaru',
      response: { 200: envelope(danaKebajikanSchema) },
    },
    async () => ({ success: true as const, data: await service.danaKebajikan(app.db) }),
  );

  route.post(
    '/dana-kebajikan',
    {
      id: 'salurkanDanaKebajikan',
      summary: 'Salurkan Dana Kebajikan (administrator): tujuan dan penerima, tidak melebihi saldo',
      body: danaKebajikanKeluarSchema,
      response: { 201: envelope(danaKebajikanSchema) },
      errors: [403],
      preHandler: async (request) => {
        if (currentUser(request).role !== 'admin') throw new AppError(403, tazirMessages.hanyaAdmin);
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Penyaluran Dana Kebajikan dicatat',
        data: await service.salurkanDanaKebajikan(app.db, currentUser(request).id, request.body),
      }),
  );

  route.get(
    '/pinjaman/:id/tawidh',
    {
      id: 'listTawidhPinjaman',
      summary: 'Ta’widh (ganti rugi biaya riil) sebuah pinjaman, dengan tautan bukti',
      params: idParamSchema,
      response: { 200: envelope(z.array(tawidhSchema)) },
    },
    async (request) => {
      if (!(await findLivingLoan(app.db, request.params.id))) throw notFound(messages.notFound.pinjaman);
      return { success: true as const, data: await service.tawidhOfLoan(app.db, app.urlSigner, request.params.id) };
    },
  );

  route.post(
    '/pinjaman/:id/tawidh',
    {
      id: 'createTawidh',
      idempotent: true,
      summary: 'Catat ta’widh: biaya riil akibat wanprestasi dengan bukti (multipart: tanggal, jumlah, uraian, file bukti)',
      consumes: ['multipart/form-data'],
      params: idParamSchema,
      response: { 201: envelope(z.array(tawidhSchema)) },
      errors: [413, 415],
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw validationFailed([{ path: 'bukti', msg: tazirMessages.buktiWajib }], tazirMessages.buktiWajib);
      const fields: Record<string, unknown> = {};
      let staged: StagedFile | null = null;
      let refusal: unknown = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = part.value;
          else if (part.fieldname === 'bukti' && part.filename !== '' && !staged && !refusal) {
            try {
              staged = await app.fileStorage.stage(part.file, 'bukti');
            } catch (error) {
              refusal = error;
            }
          } else for await (const chunk of part.file) void chunk;
        }
      } catch (error) {
        await (staged as StagedFile | null)?.discard();
        if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') throw new AppError(400, MULTIPART_BROKEN);
        throw error;
      }
      if (refusal) throw refusal;
      const parsed = tawidhCreateSchema.safeParse(fields);
      const problems = parsed.success ? [] : toFieldErrors(parsed.error.issues);
      if (!staged) problems.push({ path: 'bukti', msg: tazirMessages.buktiWajib });
      if (!parsed.success || !staged) {
        await (staged as StagedFile | null)?.discard();
        throw validationFailed(problems, problems[0]?.msg);
      }
      const data = await service.createTawidh(
        app.db,
        app.urlSigner,
        currentUser(request).id,
        request.params.id,
        parsed.data,
        staged,
      );
      return reply.status(201).send({ success: true as const, message: 'Ta’widh dicatat', data });
    },
  );
};
