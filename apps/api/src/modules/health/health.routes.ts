import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import { pingDatabase } from './health.repository';

/** How long readiness waits for the database before it says the server is not ready. */
export const READY_DB_TIMEOUT_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the server begins to stop (SIGTERM, a rolling restart): not ready any more. */
    stopping: () => boolean;
  }
}

/**
 * GET /api/health: public; the process answers, and answers only when the database answers.
 * GET /api/health/ready: public; whether this process should get traffic now — the database
 * answered within 1 s and the process is not stopping — with how long the database took. 503
 * otherwise, for a load balancer or monitor to take it out of rotation.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'system');

  route.get(
    '/health',
    {
      id: 'getHealth',
      summary: 'Status server dan database',
      response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })) },
      open: true,
    },
    async () => {
      await pingDatabase(app.db);
      return { success: true as const, data: { status: 'ok' as const, db: app.dbKind } };
    },
  );

  route.get(
    '/health/ready',
    {
      id: 'getHealthReady',
      summary: 'Siap menerima permintaan: database menjawab dalam 1 detik dan server tidak sedang berhenti',
      response: {
        200: envelope(z.object({ status: z.literal('ready'), db: z.enum(['pglite', 'postgres']), db_ms: z.number().int() })),
      },
      open: true,
      errors: [503],
    },
    async () => {
      if (app.stopping()) throw new AppError(503, 'Server sedang berhenti; permintaan berikutnya dilayani proses lain.');
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([
        pingDatabase(app.db).then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      if (!answered) throw new AppError(503, 'Database tidak menjawab dalam 1 detik.');
      return {
        success: true as const,
        data: { status: 'ready' as const, db: app.dbKind, db_ms: Math.round(performance.now() - started) },
      };
    },
  );
};
