import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, mutasiListSchema, pendapatanSettingSchema, pendapatanSettingsResponseSchema } from '@mizan/core';
import { currentUser } from '../../plugins/auth';
import { todayOf } from '../../lib/clock';
import { savePendapatanSetting } from '../settings/settings.service';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './mutasi.service';

/** A loan's money events (issue 47): what was posted, reversed and adjusted, by whom. */
export const mutasiRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'mutasi');

  route.get(
    '/pinjaman/:id/mutasi',
    {
      id: 'getMutasiPinjaman',
      summary: 'Mutasi pinjaman: setiap peristiwa uang (akad, pembayaran, pembalikan, penyesuaian) dan jumlahnya',
      params: idParamSchema,
      response: { 200: envelope(mutasiListSchema) },
    },
    async (request) => ({ success: true as const, data: await service.mutasiOfLoan(app.db, request.params.id) }),
  );

  // The margin recognition method splits every payment into principal and margin: changing it is a
  // money event of every running Murabahah (an adjustment), posted here in the setting's transaction.
  routesOf(app, 'settings').put(
    '/settings/pendapatan',
    {
      id: 'updatePendapatanSettings',
      summary: 'Ubah metode pengakuan margin murabahah (admin)',
      body: pendapatanSettingSchema,
      response: { 200: envelope(pendapatanSettingsResponseSchema) },
      admin: true,
    },
    async (request) => ({
      success: true as const,
      message: 'Metode pengakuan margin disimpan.',
      data: await savePendapatanSetting(app.db, request.body, currentUser(request).id, (trx) =>
        service.postMethodChange(trx, request.body.metode_pengakuan_margin, todayOf(app.clock), currentUser(request).id),
      ),
    }),
  );
};
