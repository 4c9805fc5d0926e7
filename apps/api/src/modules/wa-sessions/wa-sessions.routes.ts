import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeRecipientPhone, waSessionSchema, waTestMessageSchema, waTestResultSchema } from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { conflict, validationFailed } from '../../lib/errors';
import { routesOf } from '../../lib/route';
import { SimulatorGateway } from '../../lib/whatsapp';
import { currentUser } from '../../plugins/auth';
import * as service from './wa-sessions.service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A simulated incoming message: who sends it and what it says. */
const simulatorIncomingSchema = z.object({
  phone: z.string({ error: 'Nomor pengirim wajib diisi' }),
  text: z.string({ error: 'Teks pesan wajib diisi' }).max(4096, { error: 'Teks pesan paling banyak 4.096 karakter' }),
});

/** The WhatsApp session (spec §7 WhatsApp sessions); the scan route only in simulator mode. */
export const waSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'wa-sessions');
  const session = { 200: envelope(waSessionSchema) };

  route.post(
    '/wa-sessions/create',
    {
      id: 'createWaSession',
      summary: 'Buat session baru: PENDING dengan QR code untuk dipindai',
      response: session,
      errors: [409, 503],
    },
    async () => ({
      success: true as const,
      message: 'Session berhasil dibuat. Silakan scan QR code.',
      data: await service.createSession(app.db, app.wa),
    }),
  );

  route.get(
    '/wa-sessions/status',
    {
      id: 'getWaSessionStatus',
      summary: 'Status session: PENDING, READY, DISCONNECTED, FAILED, ERROR (atau null)',
      response: session,
    },
    async () => ({ success: true as const, data: await service.sessionStatus(app.db, app.wa) }),
  );

  route.get(
    '/wa-sessions/qr',
    { id: 'getWaSessionQr', summary: 'QR code terbaru (data URL PNG) selama PENDING', response: session, errors: [404, 409] },
    async () => ({ success: true as const, message: 'QR Code berhasil dimuat', data: await service.sessionQr(app.db, app.wa) }),
  );

  route.delete(
    '/wa-sessions/logout',
    { id: 'logoutWaSession', summary: 'Putuskan koneksi dan lupakan session', response: session },
    async () => ({
      success: true as const,
      message: 'WhatsApp berhasil diputus',
      data: await service.logoutSession(app.db, app.wa),
    }),
  );

  route.post(
    '/wa-sessions/test-message',
    {
      id: 'sendWaTestMessage',
      summary: 'Kirim pesan test ke semua penerima aktif',
      description:
        'Header opsional Idempotency-Key (8–64 karakter A-Z a-z 0-9 _ -): permintaan yang diulang dengan kunci yang sama ' +
        'tidak mengirim ulang, tetapi menjawab dari log pesan. wa_response sejajar dengan recipients.',
      body: waTestMessageSchema,
      response: { 200: envelope(waTestResultSchema) },
      errors: [409],
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
        throw validationFailed([{ path: 'idempotency-key', msg: 'Idempotency-Key harus 8–64 karakter huruf, angka, _ atau -' }]);
      }
      const data = await service.sendTestMessage(app.db, app.wa, {
        message: request.body.message,
        requestKey: header ?? request.id,
        userId: currentUser(request).id,
      });
      const ok = data.wa_response.filter((r) => r.success).length;
      return { success: true as const, message: `Pesan test terkirim ke ${ok} dari ${data.total_recipients} penerima`, data };
    },
  );

  if (app.wa.gateway instanceof SimulatorGateway) {
    route.post(
      '/wa-sessions/simulator/scan',
      {
        id: 'scanWaSimulatorQr',
        summary: 'Mode simulator: memindai QR code (PENDING → READY dengan akun palsu)',
        response: session,
        errors: [404],
      },
      async () => ({
        success: true as const,
        message: 'WhatsApp berhasil terhubung!',
        data: await service.simulateScan(app.db, app.wa),
      }),
    );
    const gateway = app.wa.gateway;
    route.post(
      '/wa-sessions/simulator/pesan-masuk',
      {
        id: 'receiveWaSimulatorMessage',
        summary: 'Mode simulator: pesan masuk dari sebuah nomor (misalnya balasan BERHENTI nasabah)',
        body: simulatorIncomingSchema,
        response: { 200: envelope(z.object({ message_id: z.string() })) },
        errors: [409],
      },
      async (request) => {
        const phone = normalizeRecipientPhone(request.body.phone);
        if (!phone.ok) throw validationFailed([{ path: 'phone', msg: phone.error }]);
        if (gateway.snapshot().status !== 'READY') throw conflict(service.NOT_CONNECTED);
        const data = { message_id: gateway.receive(phone.value, request.body.text).messageId };
        // Answered once the reply was handled (a STOP turned off, its confirmation sent).
        await app.reminders.idle();
        return { success: true as const, message: 'Pesan masuk diterima.', data };
      },
    );
  }
};
