import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMPOR_MAX_BYTES, imporHasilSchema, imporMessages, imporParamsSchema, imporPeriksaSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { AppError, tooLarge, validationFailed } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import { readSheet } from './impor.reader';
import { checkImport, commitImport } from './impor.service';
import { problemFileName, problemWorkbook, templateFileName, templateWorkbook, XLSX_TYPE } from './impor.files';

const MULTIPART_BROKEN = 'Data formulir tidak lengkap atau rusak. Silakan kirim ulang.';

/** The uploaded file (field `berkas`) and its name; 413 above 20 MB, 400 without one. */
async function uploaded(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  const missing = () => validationFailed([{ path: 'berkas', msg: imporMessages.fileRequired }], imporMessages.fileRequired);
  if (!request.isMultipart()) throw missing();
  let file: { data: Buffer; name: string } | null = null;
  let truncated = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'berkas' || file !== null) {
        for await (const chunk of part.file) void chunk;
        continue;
      }
      const data = await part.toBuffer();
      truncated = part.file.truncated;
      file = { data, name: (part.filename || 'berkas').slice(0, 200) };
    }
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') throw new AppError(400, MULTIPART_BROKEN);
    throw error;
  }
  if (truncated) throw tooLarge(imporMessages.tooLarge);
  if (file === null || file.data.length === 0) throw missing();
  return file;
}

const attachment = (name: string) => `attachment; filename="${name}"`;

/** Lainnya → Impor Data (issue 26 C), administrators only: templates, dry run, problems file, import. */
export const imporRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPOR_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });
  const route = routesOf(app, 'impor', { admin: true });

  route.get(
    '/impor/:jenis/template',
    {
      id: 'downloadImporTemplate',
      summary: 'Template XLSX impor (lembar Data dan Petunjuk) untuk nasabah, pinjaman atau pembayaran',
      params: imporParamsSchema,
      produces: [XLSX_TYPE],
    },
    async (request, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(templateFileName(request.params.jenis)))
        .send(await templateWorkbook(request.params.jenis)),
  );

  route.post(
    '/impor/:jenis/periksa',
    {
      id: 'checkImpor',
      summary: 'Periksa berkas impor (XLSX atau CSV, field `berkas`, maks. 20 MB) tanpa menyimpan apa pun',
      params: imporParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(imporPeriksaSchema) },
      errors: [413],
    },
    async (request) => {
      const file = await uploaded(request);
      const sheet = await readSheet(request.params.jenis, file.data);
      const { periksa } = await checkImport(app.db, request.params.jenis, sheet);
      return { success: true as const, data: periksa };
    },
  );

  route.post(
    '/impor/:jenis/masalah',
    {
      id: 'downloadImporMasalah',
      summary: 'Berkas impor yang sama sebagai XLSX dengan kolom Masalah di setiap baris',
      params: imporParamsSchema,
      consumes: ['multipart/form-data'],
      produces: [XLSX_TYPE],
      errors: [413],
    },
    async (request, reply) => {
      const file = await uploaded(request);
      const sheet = await readSheet(request.params.jenis, file.data);
      const { masalah } = await checkImport(app.db, request.params.jenis, sheet);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(problemFileName(request.params.jenis)))
        .send(await problemWorkbook(request.params.jenis, sheet, masalah));
    },
  );

  route.post(
    '/impor/:jenis',
    {
      id: 'commitImpor',
      summary:
        'Impor berkas tanpa masalah dalam satu transaksi (semua atau tidak sama sekali); baris yang sudah diimpor dilewati',
      params: imporParamsSchema,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(imporHasilSchema) },
      errors: [409, 413, 422],
    },
    async (request) => {
      const file = await uploaded(request);
      const sheet = await readSheet(request.params.jenis, file.data);
      const { hasil: data, riwayat } = await commitImport(
        app.db,
        request.params.jenis,
        sheet,
        file.name,
        currentUser(request).id,
        app.clock.now(),
      );
      // The portfolio's past month-ends are computed again from the history as it now is.
      if (riwayat) app.ledgerJob.rerunToday();
      return {
        success: true as const,
        message: `${data.ditambahkan.toLocaleString('id-ID')} baris diimpor${data.sudah_ada > 0 ? `; ${data.sudah_ada.toLocaleString('id-ID')} sudah ada sebelumnya` : ''}`,
        data,
      };
    },
  );
};
