import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { LOGO_MAX_BYTES, profilLembagaMessages, profilLembagaResponseSchema, profilLembagaSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { envelope } from '../../lib/envelope';
import { AppError, notFound, tooLarge, validationFailed } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import * as service from './profil-lembaga.service';

const MULTIPART_BROKEN = 'Data formulir tidak lengkap atau rusak. Silakan kirim ulang.';

/** Profil Lembaga (issue 25): read by every signed-in user, changed by an administrator. */
export const profilLembagaRoutes: FastifyPluginAsyncZod = async (app) => {
  const name = app.config.institutionName;
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });
  const route = routesOf(app, 'settings');

  route.get(
    '/settings/profil-lembaga',
    {
      id: 'getProfilLembaga',
      summary: 'Profil lembaga: nama, alamat, telepon, email, catatan kwitansi, logo',
      response: { 200: envelope(profilLembagaResponseSchema) },
    },
    async () => ({ success: true as const, data: await service.profilResponse(app.db, name) }),
  );

  route.put(
    '/settings/profil-lembaga',
    {
      id: 'updateProfilLembaga',
      summary: 'Ubah profil lembaga (admin); dipakai semua dokumen dan halaman depan',
      body: profilLembagaSchema,
      response: { 200: envelope(profilLembagaResponseSchema) },
      admin: true,
    },
    async (request) => {
      await service.saveProfil(app.db, name, request.body, currentUser(request).id);
      return { success: true as const, message: 'Profil lembaga disimpan', data: await service.profilResponse(app.db, name) };
    },
  );

  route.put(
    '/settings/profil-lembaga/logo',
    {
      id: 'updateProfilLembagaLogo',
      summary: 'Ganti logo lembaga (admin): multipart/form-data, file `logo` PNG atau JPEG maksimal 1 MB',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(profilLembagaResponseSchema) },
      admin: true,
      errors: [413, 415],
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw validationFailed([{ path: 'logo', msg: profilLembagaMessages.logoRequired }], profilLembagaMessages.logoRequired);
      }
      let data: Buffer | null = null;
      let truncated = false;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'logo' || data !== null) {
            for await (const chunk of part.file) void chunk;
            continue;
          }
          data = await part.toBuffer();
          truncated = part.file.truncated;
        }
      } catch (error) {
        if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') throw new AppError(400, MULTIPART_BROKEN);
        throw error;
      }
      if (truncated) throw tooLarge(profilLembagaMessages.logoTooLarge);
      if (data === null)
        throw validationFailed([{ path: 'logo', msg: profilLembagaMessages.logoRequired }], profilLembagaMessages.logoRequired);
      await service.saveLogo(app.db, name, data, currentUser(request).id);
      return { success: true as const, message: 'Logo lembaga disimpan', data: await service.profilResponse(app.db, name) };
    },
  );

  route.delete(
    '/settings/profil-lembaga/logo',
    {
      id: 'deleteProfilLembagaLogo',
      summary: 'Hapus logo lembaga (admin)',
      response: { 200: envelope(profilLembagaResponseSchema) },
      admin: true,
    },
    async (request) => {
      await service.removeLogo(app.db, name, currentUser(request).id);
      return { success: true as const, message: 'Logo lembaga dihapus', data: await service.profilResponse(app.db, name) };
    },
  );
};

/** `GET /api/profil-lembaga/logo`: the logo, public (the landing page and the printed documents show it). */
export const publicProfilLembagaRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'settings');

  route.get(
    '/profil-lembaga/logo',
    {
      id: 'getProfilLembagaLogo',
      summary: 'Logo lembaga (publik); 404 bila belum diatur',
      querystring: z.object({ v: z.string().max(40).optional() }),
      produces: ['image/png', 'image/jpeg'],
      open: true,
      errors: [404],
    },
    async (request, reply) => {
      const logo = await service.logoImage(app.db, app.config.institutionName);
      if (!logo) throw notFound('Logo lembaga belum diatur');
      // A versioned address never changes content; the bare one (the print view's) is asked again
      // every time, so a new logo shows at once.
      const cache = request.query.v === logo.versi ? 'public, max-age=31536000, immutable' : 'no-cache';
      return reply
        .header('content-type', logo.mime)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${logo.versi}"`)
        .send(logo.data);
    },
  );
};
