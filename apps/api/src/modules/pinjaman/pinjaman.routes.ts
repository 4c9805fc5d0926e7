import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  idField,
  idParamSchema,
  jadwalSchema,
  messages,
  pinjamanCreateSchema,
  pinjamanExportQuerySchema,
  pinjamanInfoSchema,
  pinjamanListQuerySchema,
  pinjamanSchema,
  pinjamanStatsSchema,
  pinjamanUpdateSchema,
  type FieldError,
} from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope, listAnswer, listEnvelope } from '../../lib/envelope';
import { AppError, validationFailed } from '../../lib/errors';
import type { FileStorage, StagedFile } from '../../lib/file-storage';
import * as service from './pinjaman.service';
import { exportProduces, sendExport } from '../ekspor/ekspor.service';
import { getNasabah } from '../nasabah/nasabah.service';
import { pinjamanExport } from './pinjaman.export';
import { sendListAnswer } from '../../lib/list-answer';
import { MULTIPART_BROKEN, multipartLimits } from '../../lib/multipart-limits';
import { routesOf } from '../../lib/route';

export { MULTIPART_BROKEN, multipartLimits };

const WRITE_DOC =
  'multipart/form-data (fields of spec §7 as text, optional file `kwitansi`: JPEG, PNG or PDF up to 5 MB) or application/json.';

async function drain(stream: NodeJS.ReadableStream) {
  for await (const chunk of stream as AsyncIterable<unknown>) void chunk;
}

/**
 * The fields and the staged receipt of a multipart loan write, read part by part, the file streamed to a temporary file. A refused file still lets the rest
 * of the request be read, so the client receives the 4xx; nothing is left on disk on failure.
 */
async function readLoanBody(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<{ fields: Record<string, unknown>; staged: StagedFile | null }> {
  const fields: Record<string, unknown> = {};
  let staged: StagedFile | null = null;
  let refusal: unknown = null;
  const extra: FieldError[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (refusal || part.fieldname !== 'kwitansi' || part.filename === '') {
        if (part.fieldname !== 'kwitansi') extra.push({ path: part.fieldname, msg: 'Hanya file kwitansi yang dapat diunggah' });
        await drain(part.file);
        continue;
      }
      try {
        staged = await storage.stage(part.file);
      } catch (error) {
        refusal = error;
      }
    }
  } catch (error) {
    await staged?.discard();
    // A body cut off or broken before its closing boundary: the parser's plain Error is the client's fault.
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') throw new AppError(400, MULTIPART_BROKEN);
    throw error;
  }
  if (refusal || extra.length > 0) {
    await staged?.discard();
    throw refusal ?? validationFailed(extra);
  }
  return { fields, staged };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The receipt a loan write streamed to a temporary file, until the handler takes it. */
    stagedKwitansi?: StagedFile | null;
  }
}

/**
 * The loan writes read their body before validation: a multipart body's fields become
 * `request.body` (so the route's zod body schema validates JSON and multipart alike) and its
 * receipt is staged. Whatever the handler has not taken (a refused body, a failed handler) is
 * removed before the answer is sent.
 */
const loanWriteHooks = (storage: FileStorage) => ({
  preValidation: async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const { fields, staged } = await readLoanBody(request, storage);
    request.body = fields;
    request.stagedKwitansi = staged;
  },
  onSend: async (request: FastifyRequest) => {
    const left = request.stagedKwitansi;
    request.stagedKwitansi = null;
    await left?.discard();
  },
});

/** The staged receipt of this request, now the handler's to commit or discard. */
function takeStaged(request: FastifyRequest): StagedFile | null {
  const staged = request.stagedKwitansi ?? null;
  request.stagedKwitansi = null;
  return staged;
}

/** Loans: list, stats, info for the add form, detail, create/update (with receipt), delete, receipt delete. */
export const pinjamanRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: false });
  const ctx = (request: FastifyRequest): service.PinjamanContext => ({
    db: app.db,
    notifier: app.notifier,
    storage: app.fileStorage,
    signer: app.urlSigner,
    clock: app.clock,
    log: request.log,
  });
  const route = routesOf(app, 'pinjaman');

  route.get(
    '/pinjaman',
    {
      id: 'listPinjaman',
      summary: 'Daftar pinjaman dengan nasabahnya (cari nama/NIK/nomor, filter status/tipe/nasabah, urutkan)',
      querystring: pinjamanListQuerySchema,
      response: { 200: listEnvelope(pinjamanSchema) },
    },
    async (request, reply) =>
      sendListAnswer(app, reply, 'pinjaman', request.query, async () =>
        listAnswer(await service.listPinjaman(ctx(request), request.query)),
      ),
  );

  route.get(
    '/pinjaman/ekspor',
    {
      id: 'exportPinjaman',
      summary: 'Ekspor daftar pinjaman (XLSX atau CSV) dengan filter dan urutan yang sama dengan daftar',
      querystring: pinjamanExportQuerySchema,
      produces: exportProduces,
    },
    async (request, reply) => {
      const { nasabah_id } = request.query;
      const nasabah = nasabah_id === undefined ? null : await getNasabah(app.db, nasabah_id).catch(() => null);
      return sendExport(app, reply, request.query.format, pinjamanExport(ctx(request), request.query, nasabah?.nama));
    },
  );

  route.get(
    '/pinjaman/stats',
    {
      id: 'getPinjamanStats',
      summary: 'Statistik pinjaman: jumlah aktif, total nilai pinjaman aktif, jumlah per status',
      response: { 200: envelope(pinjamanStatsSchema) },
    },
    async () => ({ success: true as const, data: await service.pinjamanStats(app.db) }),
  );

  route.get(
    '/pinjaman/info/:nasabahId',
    {
      id: 'getPinjamanInfo',
      summary: 'Nomor dan urutan pinjaman berikutnya untuk seorang nasabah',
      params: z.object({ nasabahId: idField(messages.common.idInvalid) }),
      response: { 200: envelope(pinjamanInfoSchema) },
    },
    async (request) => ({ success: true as const, data: await service.pinjamanInfo(app.db, request.params.nasabahId) }),
  );

  route.get(
    '/pinjaman/:id',
    {
      id: 'getPinjaman',
      summary: 'Detail pinjaman',
      params: idParamSchema,
      response: { 200: envelope(pinjamanSchema) },
    },
    async (request) => ({ success: true as const, data: await service.getPinjaman(ctx(request), request.params.id) }),
  );

  route.get(
    '/pinjaman/:id/jadwal',
    {
      id: 'getPinjamanJadwal',
      summary: 'Jadwal angsuran dan tunggakan pinjaman (per hari ini, Asia/Jakarta)',
      params: idParamSchema,
      response: { 200: envelope(jadwalSchema) },
    },
    async (request) => ({ success: true as const, data: await service.getJadwal(ctx(request), request.params.id) }),
  );

  // The two writes take the hooks of `loanWriteHooks`, which a route declaration does not carry:
  // they are declared in a context of their own that holds those hooks (and nothing else).
  await app.register(async (writes) => {
    const { preValidation, onSend } = loanWriteHooks(app.fileStorage);
    writes.addHook('preValidation', preValidation);
    writes.addHook('onSend', onSend);
    const write = routesOf(writes, 'pinjaman');

    write.post(
      '/pinjaman',
      {
        id: 'createPinjaman',
        idempotent: true,
        summary: 'Tambah pinjaman (dengan foto kwitansi opsional)',
        description: WRITE_DOC,
        consumes: ['multipart/form-data', 'application/json'],
        body: pinjamanCreateSchema,
        response: { 201: envelope(pinjamanSchema) },
        errors: [413, 415],
      },
      async (request, reply) => {
        const user = currentUser(request);
        const loan = await service.createPinjaman(ctx(request), user.id, request.body, takeStaged(request));
        return reply.status(201).send({ success: true as const, message: 'Pinjaman berhasil ditambahkan', data: loan });
      },
    );

    write.put(
      '/pinjaman/:id',
      {
        id: 'updatePinjaman',
        summary: 'Ubah pinjaman (JSON, atau multipart bila foto kwitansi diganti)',
        description: WRITE_DOC,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamSchema,
        body: pinjamanUpdateSchema,
        response: { 200: envelope(pinjamanSchema) },
        errors: [409, 413, 415],
      },
      async (request) => {
        const user = currentUser(request);
        const loan = await service.updatePinjaman(ctx(request), user.id, request.params.id, request.body, takeStaged(request));
        return { success: true as const, message: 'Pinjaman berhasil diperbarui', data: loan };
      },
    );
  });

  route.delete(
    '/pinjaman/:id',
    {
      id: 'deletePinjaman',
      summary: 'Hapus pinjaman (soft delete; pembayarannya ikut hilang dari daftar)',
      params: idParamSchema,
      response: { 200: envelope(z.null()) },
      errors: [409],
    },
    async (request) => {
      await service.deletePinjaman(ctx(request), currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Pinjaman berhasil dihapus', data: null };
    },
  );

  route.delete(
    '/pinjaman/:id/kwitansi',
    {
      id: 'deletePinjamanKwitansi',
      summary: 'Hapus foto kwitansi pinjaman',
      params: idParamSchema,
      response: { 200: envelope(pinjamanSchema) },
    },
    async (request) => {
      const loan = await service.deleteKwitansi(ctx(request), currentUser(request).id, request.params.id);
      return { success: true as const, message: 'Foto kwitansi berhasil dihapus', data: loan };
    },
  );
};
