import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@mizan/core';
import { AppError } from '../lib/errors';

const GENERIC_500 = 'Terjadi kesalahan pada server. Silakan coba lagi.';

// Fastify's own client errors (bad JSON, wrong content type, body too large...) in Indonesian.
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Format JSON tidak valid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body JSON tidak boleh kosong',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Ukuran data yang dikirim terlalu besar',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Jenis konten tidak didukung',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Panjang konten tidak valid',
  FST_ERR_VALIDATION: 'Terdapat kesalahan validasi',
  FST_REQ_FILE_TOO_LARGE: 'Ukuran file maksimal 5MB',
  FST_FILES_LIMIT: 'Terlalu banyak file yang dikirim',
  FST_PARTS_LIMIT: 'Terlalu banyak bagian data yang dikirim',
  FST_FIELDS_LIMIT: 'Terlalu banyak kolom yang dikirim',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Permintaan harus berupa multipart/form-data',
  FST_ERR_CTP_INVALID_TYPE: 'Jenis konten tidak valid',
};

/** Turns every thrown error into the API envelope of decisions §2; 5xx never leak their message. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || '',
        msg: v.message ?? 'Tidak valid',
      }));
      return reply.status(400).send({ success: false, message: 'Terdapat kesalahan validasi', errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fastifyCodes[error.code] ??
        (status === 429 ? 'Terlalu banyak permintaan. Silakan coba lagi nanti.' : 'Permintaan tidak valid');
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: GENERIC_500 });
  });
});
