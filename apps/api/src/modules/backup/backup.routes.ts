import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupRunSchema, backupStatusResponseSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { backupFileName, streamBackup } from '../../lib/backup';
import { backupCopyInChild } from '../../lib/backup-process';
import { envelope } from '../../lib/envelope';
import { AppError, notFound } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import { reactionCounts } from '../reactions/reactions.service';

/**
 * `GET /api/backup` (administrators): a consistent backup of the running server (database rows
 * from one repeatable-read snapshot plus the receipt files) streamed as a .tar.gz download while
 * it is made: memory stays flat and the server keeps answering. On embedded PGlite, whose one
 * connection a minute-long read would hold, the backup reads a copy of the database taken in a few
 * seconds (db/database.ts `openPgliteSnapshot`), in a child process whose memory is given back when
 * it ends (lib/backup-process.ts). This is how `npm run backup`
 * reaches a PGlite database while the server holds it. A backup that fails half-way ends the
 * download early; the archive then lacks its closing summary.json and every reader refuses it.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'operasional', { admin: true });
  route.get(
    '/backup/status',
    {
      id: 'getBackupStatus',
      summary:
        'Cadangan server: jadwal, yang sedang berjalan, hasil terakhir, riwayat dan file tersimpan, dan reaksi yang menunggu atau gagal (khusus administrator)',
      response: { 200: envelope(backupStatusResponseSchema) },
    },
    async () => {
      const [status, reactions] = await Promise.all([app.backups.status(), reactionCounts(app.db)]);
      return { success: true as const, data: { ...status, reaksi: { menunggu: reactions.waiting, gagal: reactions.failed } } };
    },
  );

  route.post(
    '/backup/runs',
    {
      id: 'createBackup',
      summary: 'Backup sekarang: buat cadangan ke folder cadangan server (berjalan di latar belakang; khusus administrator)',
      response: { 202: envelope(backupRunSchema) },
      errors: [409],
    },
    async (request, reply) => {
      const run = await app.backups.startManual(currentUser(request).username);
      return reply.status(202).send({ success: true as const, data: run });
    },
  );

  route.get(
    '/backup/files/:name',
    {
      id: 'downloadBackupFile',
      summary: 'Unduh satu file cadangan yang disimpan server (khusus administrator)',
      params: z.object({ name: z.string() }),
      produces: ['application/gzip'],
    },
    async (request, reply) => {
      const file = app.backups.fileOf(request.params.name);
      if (!file) throw notFound('File cadangan tidak ditemukan');
      const { size } = await fs.promises.stat(file);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    },
  );

  route.get(
    '/backup',
    {
      id: 'downloadBackup',
      summary: 'Unduh cadangan lengkap (database dan file kwitansi) sebagai .tar.gz (khusus administrator)',
      produces: ['application/gzip'],
      errors: [503],
    },
    async (request, reply) => {
      const name = backupFileName();
      let snapshot: Awaited<ReturnType<NonNullable<typeof app.dbSnapshot>>> | null = null;
      if (app.dbSnapshot) {
        try {
          snapshot = await app.dbSnapshot();
        } catch (error) {
          request.log.error({ err: error }, 'backup snapshot failed');
          throw new AppError(
            503,
            `Cadangan tidak dapat dibuat: salinan database gagal dibuat (${(error as Error).message}). Periksa ruang kosong disk folder data, lalu coba lagi.`,
          );
        }
      }
      const body = new PassThrough();
      const abort = new AbortController();
      request.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort(new Error('unduhan cadangan dibatalkan oleh klien'));
      });
      (snapshot
        ? backupCopyInChild({ copyDir: snapshot.dir, dataDir: app.config.dataDir, dbKind: app.dbKind }, body, {
            signal: abort.signal,
          })
        : streamBackup(app.db, app.dbKind, app.config.dataDir, body, { signal: abort.signal })
      )
        .finally(() => snapshot?.close().catch((error: Error) => request.log.warn({ err: error }, 'backup snapshot not removed')))
        .then(
          ({ summary, bytes }) =>
            request.log.info(
              {
                tables: Object.fromEntries(Object.entries(summary.tables).map(([t, s]) => [t, s.rows])),
                files: summary.files.length,
                missing: summary.missing_files,
                bytes,
              },
              'backup streamed',
            ),
          (error: Error) => {
            request.log.error({ err: error }, 'backup failed');
            body.destroy(error);
          },
        );
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
