import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityListQuerySchema } from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './dashboard.service';

const activitySchema = z.object({
  id: z.number(),
  type: z.string(),
  description: z.string(),
  category: z.enum(['pinjaman', 'pembayaran', 'other']),
  status: z.string(),
  amount: z.number().nullable(),
  date: z.string(),
});

const monthSchema = z.object({ month: z.number(), year: z.number(), count: z.number(), total: z.number() });

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'dashboard');

  route.get(
    '/dashboard/activities',
    {
      id: 'listDashboardActivities',
      summary: 'Aktivitas terbaru (terbaru dulu)',
      querystring: activityListQuerySchema,
      response: { 200: envelope(z.array(activitySchema)) },
    },
    async (request) => ({ success: true as const, data: await service.recentActivities(app.db, request.query.limit) }),
  );

  route.get(
    '/dashboard/payments-monthly',
    {
      id: 'getDashboardPaymentsMonthly',
      summary: 'Jumlah dan nilai pembayaran per bulan, 12 bulan terakhir',
      response: { 200: envelope(z.array(monthSchema)) },
    },
    async () => ({ success: true as const, data: await service.monthlyPayments(app.db) }),
  );
};
