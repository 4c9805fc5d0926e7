import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dokumenSchema, idParamSchema, kwitansiQuerySchema, type Dokumen } from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { routesOf } from '../../lib/route';
import * as service from './dokumen.service';
import { lembagaForDocuments } from '../profil-lembaga/profil-lembaga.service';
import { renderPdf, type Kertas } from './pdf';

/** `attachment; filename="…"` with the ASCII name the document chose. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '-')}"`;

/** The document as a PDF on the paper given, downloaded under the document's own name and never cached. */
async function sendPdf(reply: FastifyReply, dokumen: Dokumen, kertas: Kertas, logo: Buffer | null) {
  const pdf = await renderPdf(dokumen, kertas, logo);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(dokumen.nama_file))
    .header('cache-control', 'no-store')
    .send(pdf);
}

/**
 * Printed documents (issue 25): each as a PDF (`GET …pdf`) and as its content for the browser's
 * print view. A receipt counts every print, whichever way it is printed.
 */
export const dokumenRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'dokumen');

  route.get(
    '/pembayaran/:id/kwitansi.pdf',
    {
      id: 'getKwitansiPembayaranPdf',
      summary:
        'Kwitansi pembayaran (PDF, A5 atau 80 mm); cetakan kedua dan seterusnya bertanda SALINAN, pembayaran terhapus BATAL',
      params: idParamSchema,
      querystring: kwitansiQuerySchema,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
      const dokumen = await service.printKwitansi(app.db, lembaga, request.params.id, app.clock.now());
      return sendPdf(reply, dokumen, request.query.ukuran, lembaga.logo);
    },
  );

  route.post(
    '/pembayaran/:id/kwitansi/cetak',
    {
      id: 'printKwitansiPembayaran',
      summary: 'Isi kwitansi pembayaran untuk dicetak dari peramban (dihitung sebagai satu cetakan)',
      params: idParamSchema,
      response: { 200: envelope(dokumenSchema) },
    },
    async (request) => {
      const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
      return { success: true as const, data: await service.printKwitansi(app.db, lembaga, request.params.id, app.clock.now()) };
    },
  );

  /** The loan and customer documents: A4, as a PDF and as content for the print view. */
  const documents = [
    {
      path: '/pinjaman/:id/jadwal',
      noun: 'JadwalPinjaman',
      name: 'Jadwal angsuran pinjaman dengan status tiap angsuran hari ini',
      build: service.jadwalDocument,
    },
    {
      path: '/pinjaman/:id/akad',
      noun: 'AkadPinjaman',
      name: 'Ringkasan akad pinjaman (Murabahah atau Mudharabah)',
      build: service.akadDocument,
    },
    {
      path: '/nasabah/:id/riwayat',
      noun: 'RiwayatNasabah',
      name: 'Riwayat nasabah: semua pinjaman dan pembayaran dengan total',
      build: service.riwayatDocument,
    },
  ] as const;
  for (const doc of documents) {
    route.get(
      `${doc.path}.pdf`,
      { id: `get${doc.noun}Pdf`, summary: `${doc.name} (PDF, A4)`, params: idParamSchema, produces: ['application/pdf'] },
      async (request, reply) => {
        const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
        const dokumen = await doc.build(app.db, lembaga.kop, request.params.id, app.clock.now());
        return sendPdf(reply, dokumen, 'a4', lembaga.logo);
      },
    );
    route.get(
      `${doc.path}/dokumen`,
      {
        id: `get${doc.noun}Dokumen`,
        summary: `${doc.name}, untuk dicetak dari peramban`,
        params: idParamSchema,
        response: { 200: envelope(dokumenSchema) },
      },
      async (request) => {
        const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
        return { success: true as const, data: await doc.build(app.db, lembaga.kop, request.params.id, app.clock.now()) };
      },
    );
  }
};
