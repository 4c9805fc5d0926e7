import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth';
import { backupFileName, writeBackup } from '../../lib/backup';

/**
 * `GET /api/backup` (administrators): a consistent backup of the running server (database rows
 * from one repeatable-read snapshot plus the receipt files) as a .tar.gz download. This is how
 * `npm run backup` reaches a PGlite database while the server holds it.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backup',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['operasional'],
        summary: 'Unduh cadangan lengkap (database dan file kwitansi) sebagai .tar.gz (khusus administrator)',
        produces: ['application/gzip'],
      },
    },
    async (request, reply) => {
      const name = backupFileName();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-backup-'));
      const file = path.join(dir, name);
      try {
        const manifest = await writeBackup(app.db, app.dbKind, app.config.dataDir, file);
        request.log.info(
          { tables: manifest.tables, files: manifest.files.length, missing: manifest.missing_files },
          'backup written',
        );
        const data = fs.readFileSync(file);
        return reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(data);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
};
