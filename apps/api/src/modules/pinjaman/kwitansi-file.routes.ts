import { messages } from '@mizan/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate } from '../../plugins/auth';
import { notFound, unauthorized } from '../../lib/errors';
import { contentTypes, STORED_FILE_NAME } from '../../lib/file-storage';
import { findLoanByKwitansi } from './pinjaman.repository';
import { kwitansiPath } from './pinjaman.service';

export const LINK_INVALID = 'Tautan file tidak valid atau sudah kedaluwarsa';

const querySchema = z.object({
  exp: z.string().optional(),
  sig: z.string().optional(),
  download: z.string().optional(),
});

/** A download name that is safe inside a quoted header value. */
function downloadName(loan: { id: number; nomor_pinjaman: string }, ext: string) {
  const label = loan.nomor_pinjaman.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || String(loan.id);
  return `kwitansi-${label}.${ext}`;
}

/**
 * `GET /uploads/kwitansi/{filename}` (outside /api): a receipt file of a living loan, only for a
 * request with a valid bearer token or a valid, unexpired signed link (`?exp=…&sig=…`). Shown
 * inline, or as a download with `?download=1`. Any other name is a 404; names are never paths.
 */
export async function kwitansiFileRoutes(app: FastifyInstance) {
  const requireToken = authenticate(app);
  // Temporary uploads left by a crash between upload and commit are cleaned up at start.
  app.addHook('onReady', async () => {
    await app.fileStorage.sweepTemporary().catch((error) => app.log.warn({ err: error }, 'receipt temp sweep failed'));
  });

  app.get('/uploads/kwitansi/:filename', { schema: { hide: true } }, async (request, reply) => {
    const { filename } = request.params as { filename: string };
    const query = querySchema.safeParse(request.query);
    const params = query.success ? query.data : {};
    if (params.sig !== undefined || params.exp !== undefined) {
      if (!app.urlSigner.verify(kwitansiPath(filename), params.exp, params.sig)) throw unauthorized(LINK_INVALID);
    } else {
      await requireToken(request);
    }
    if (!STORED_FILE_NAME.test(filename)) throw notFound(messages.notFound.file);
    const loan = await findLoanByKwitansi(app.db, filename);
    const file = loan ? await app.fileStorage.open(filename) : null;
    if (!loan || !file) throw notFound(messages.notFound.file);

    const disposition = params.download === '1' ? 'attachment' : 'inline';
    return reply
      .header('content-type', contentTypes[file.type])
      .header('content-length', file.size)
      .header('content-disposition', `${disposition}; filename="${downloadName(loan, file.type)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .send(file.stream);
  });
}
