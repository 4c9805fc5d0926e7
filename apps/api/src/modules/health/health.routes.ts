import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope';
import { pingDatabase } from './health.repository';

/** GET /api/health: public; answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Status server dan database',
        response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { success: true as const, data: { status: 'ok' as const, db: app.dbKind } };
    },
  );
};
