import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portfolioOverviewSchema } from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { sendRememberedAnswer } from '../../lib/list-answer';
import { todayOf } from '../../lib/clock';
import { routesOf } from '../../lib/route';
import * as service from './portfolio.service';

/** GET /api/dashboard/portfolio: outstanding, classes, NPF, PAR 30, now and at month-ends (issue 23). */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'dashboard');

  route.get(
    '/dashboard/portfolio',
    {
      id: 'getPortfolio',
      summary: 'Kualitas portofolio: outstanding, kolektibilitas, NPF, PAR 30; sekarang, akhir bulan lalu, 12 akhir bulan',
      response: { 200: envelope(portfolioOverviewSchema) },
    },
    // Computed from the loans' stored ledgers and the day's payments: remembered under the Jakarta
    // date and the database snapshot, like the Tunggakan pages.
    async (_request, reply) => {
      const today = todayOf(app.clock);
      return sendRememberedAnswer(app, reply, `portfolio@${today}`, {}, async () => ({
        success: true as const,
        data: await service.portfolioOverview(app.db, today),
      }));
    },
  );
};
