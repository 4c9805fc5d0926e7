import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  baganAkunDokumen,
  bukuBesarDokumen,
  bukuBesarFilterQuerySchema,
  dokumenSchema,
  idParamSchema,
  jurnalDokumen,
  jurnalFilterQuerySchema,
  kwitansiPratinjauSchema,
  kwitansiQuerySchema,
  neracaSaldoDokumen,
  neracaSaldoQuerySchema,
  type Dokumen,
} from '@mizan/core';
import { envelope } from '../../lib/envelope';
import { todayOf } from '../../lib/clock';
import { routesOf } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import * as service from './dokumen.service';
import * as books from '../akuntansi/akuntansi.service';
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
 * print view. A receipt counts every deliberate print or download (never a preview, issue 51).
 */
export const dokumenRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, 'dokumen');

  // A POST: a download is a print (counted, logged), never a side effect of a GET (issue 51).
  route.post(
    '/pembayaran/:id/kwitansi.pdf',
    {
      id: 'getKwitansiPembayaranPdf',
      summary:
        'Unduh kwitansi pembayaran (PDF, A5 atau 80 mm), dihitung sebagai satu cetakan: yang pertama asli, berikutnya SALINAN (cetakan ke-n); pembayaran terhapus BATAL',
      params: idParamSchema,
      querystring: kwitansiQuerySchema,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
      const dokumen = await service.printKwitansi(
        app.db,
        lembaga,
        currentUser(request).id,
        request.params.id,
        'pdf',
        app.clock.now(),
      );
      return sendPdf(reply, dokumen, request.query.ukuran, lembaga.logo);
    },
  );

  route.get(
    '/pembayaran/:id/kwitansi/dokumen',
    {
      id: 'previewKwitansiPembayaran',
      summary: 'Pratinjau kwitansi pembayaran seperti cetakan berikutnya, tanpa dihitung sebagai cetakan, dan jumlah cetakannya',
      params: idParamSchema,
      response: { 200: envelope(kwitansiPratinjauSchema) },
    },
    async (request) => {
      const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
      return {
        success: true as const,
        data: await service.previewKwitansi(app.db, lembaga, request.params.id, app.clock.now()),
      };
    },
  );

  route.post(
    '/pembayaran/:id/kwitansi/cetak',
    {
      id: 'printKwitansiPembayaran',
      summary:
        'Cetak kwitansi pembayaran dari peramban: dihitung sebagai satu cetakan, isinya asli untuk yang pertama, SALINAN (cetakan ke-n) berikutnya',
      params: idParamSchema,
      response: { 200: envelope(dokumenSchema) },
    },
    async (request) => {
      const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
      const user = currentUser(request).id;
      return {
        success: true as const,
        data: await service.printKwitansi(app.db, lembaga, user, request.params.id, 'cetak', app.clock.now()),
      };
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

  /** The books' reports on A4 (issue 48): the readers of each screen read its PDF. */
  const booksReaders = {
    errors: [403] as const,
    preHandler: async (request: FastifyRequest) => books.assertBooksReader(currentUser(request).role),
  };
  const pdfOf = async (reply: FastifyReply, build: (kop: Dokumen['kop']) => Dokumen | Promise<Dokumen>) => {
    const lembaga = await lembagaForDocuments(app.db, app.config.institutionName);
    return sendPdf(reply, await build(lembaga.kop), 'a4', lembaga.logo);
  };

  route.get(
    '/akuntansi/jurnal.pdf',
    {
      errors: [403, 404],
      preHandler: async (request: FastifyRequest) => void books.journalScope(currentUser(request)),
      id: 'getJurnalPdf',
      summary: `Jurnal sesuai filter (PDF, A4; paling banyak ${books.MAX_PDF_JOURNALS} jurnal)`,
      querystring: jurnalFilterQuerySchema,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const filters = { ...request.query, dicatat_oleh: books.journalScope(currentUser(request)) };
      const journals = await books.journalsForPdf(app.db, filters);
      const lines = await books.journalFilterLines(app.db, filters);
      return pdfOf(reply, (kop) => jurnalDokumen(journals, lines, kop, app.clock.now()));
    },
  );

  route.get(
    '/akuntansi/buku-besar.pdf',
    {
      ...booksReaders,
      errors: [403, 404],
      id: 'getBukuBesarPdf',
      summary: `Buku besar satu akun dalam periode (PDF, A4; paling banyak ${books.MAX_PDF_LEDGER_LINES} baris)`,
      querystring: bukuBesarFilterQuerySchema,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const { akun_id, ...period } = request.query;
      const ledger = await books.ledgerForPdf(app.db, akun_id, books.ledgerPeriod(period, todayOf(app.clock)));
      return pdfOf(reply, (kop) => bukuBesarDokumen(ledger, kop, app.clock.now()));
    },
  );

  route.get(
    '/akuntansi/bagan-akun.pdf',
    { ...booksReaders, id: 'getBaganAkunPdf', summary: 'Bagan akun per kelompok (PDF, A4)', produces: ['application/pdf'] },
    async (_request, reply) => {
      const chart = await books.chartOfAccounts(app.db);
      return pdfOf(reply, (kop) => baganAkunDokumen(chart, kop, app.clock.now()));
    },
  );

  route.get(
    '/akuntansi/neraca-saldo.pdf',
    {
      ...booksReaders,
      id: 'getNeracaSaldoPdf',
      summary: 'Neraca saldo per tanggal (PDF, A4)',
      querystring: neracaSaldoQuerySchema,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const neraca = await books.trialBalance(app.db, request.query.tanggal ?? todayOf(app.clock));
      return pdfOf(reply, (kop) => neracaSaldoDokumen(neraca, kop, app.clock.now()));
    },
  );
};
