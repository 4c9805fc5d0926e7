import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pembayaranSchema, pinjamanSchema } from '@mizan/core';
import { envelope, listEnvelope } from './envelope';
import { createResponseSerializerCompiler, responseJsonSchema } from './response-serializer';

const itemSchema = z.object({ id: z.number(), nama: z.string(), status: z.enum(['aktif', 'lunas']), nik: z.string().nullable() });

/** A server answering `GET /item` with whatever `answer` holds, declared as envelope(itemSchema). */
async function serverAnswering(check: boolean, answer: { current: unknown }) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check }));
  app.get('/item', { schema: { response: { 200: envelope(itemSchema) } } }, () => answer.current as never);
  app.get('/when', { schema: { response: { 200: z.object({ at: z.date() }) } } }, () => answer.current as never);
  await app.ready();
  return app;
}

const apps: Awaited<ReturnType<typeof serverAnswering>>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function get(check: boolean, data: unknown, url = '/item') {
  const app = await serverAnswering(check, { current: data });
  apps.push(app);
  return app.inject({ method: 'GET', url });
}

describe('response serializer', () => {
  const good = { success: true, data: { id: 7, nama: 'Siti', status: 'aktif', nik: null } };

  it.each([true, false])('writes the declared fields only (check: %s)', async (check) => {
    const res = await get(check, { ...good, data: { ...good.data, password_hash: 'scrypt$secret' }, internal: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(good));
    expect(res.body).not.toContain('secret');
  });

  it.each([true, false])('fails the request when a required field is missing (check: %s)', async (check) => {
    const { nama: _nama, ...withoutNama } = good.data;
    const res = await get(check, { ...good, data: withoutNama });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Siti');
  });

  it('with the check on, refuses a value outside the schema that the compiled writer would pass', async () => {
    const wrongEnum = { ...good, data: { ...good.data, status: 'hilang' } };
    const wrongType = { ...good, data: { ...good.data, id: '7' } };
    expect((await get(true, wrongEnum)).statusCode).toBe(500);
    expect((await get(true, wrongType)).statusCode).toBe(500);
    // Without it, production trusts the server's own values (the API tests run with the check).
    expect((await get(false, wrongEnum)).json().data.status).toBe('hilang');
  });

  it('keeps the zod path for a schema JSON cannot describe', async () => {
    expect(responseJsonSchema(z.object({ at: z.date() }))).toBeNull();
    const res = await get(false, { at: new Date('2026-01-02T03:04:05Z'), extra: 1 }, '/when');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });

  it('writes a list page exactly as zod and JSON.stringify would', () => {
    const pinjaman = {
      id: 1,
      nasabah_id: 2,
      nasabah: { id: 2, nama: 'Budi "Bakso" Santoso\n', nik: null },
      nomor_pinjaman: 'PJ-0001',
      urutan_pinjaman: 1,
      tanggal_pinjam: '2026-01-02',
      jumlah: 5_000_000,
      persentase: 2.5,
      tipe: 'pokok',
      jaminan: 'BPKB \u2028 motor',
      keterangan: null,
      akun_kas_id: 4,
      durasi_angsuran: 12,
      status: 'aktif',
      sisa_pokok: 4_583_333,
      sisa_margin: 1_375_000,
      sisa_kewajiban: 5_958_333,
      total_pembayaran: 416_667,
      angsuran_per_bulan: 416_667,
      kwitansi: null,
      kwitansi_url: null,
      diimpor: false,
      tazir: { jumlah: 50_000, tenggang_hari: 7 },
      dijadwalkan_ulang: false,
      hapus_buku_tanggal: null,
      data_completeness: ['Keterangan'],
      kolektibilitas: 2,
      hari_tunggakan: 3,
      tunggakan_total: 416_667,
      ledger_tanggal: '2026-02-05',
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:05.000Z',
    };
    const pembayaran = {
      id: 3,
      pinjaman_id: 1,
      pinjaman: { id: 1, nomor_pinjaman: 'PJ-0001', tipe: 'pokok', nasabah: { id: 2, nama: 'Ani', nik: '3201' } },
      tanggal: '2026-02-02',
      jumlah: 416_667,
      jenis: 'angsuran',
      keterangan: 'emoji 🙂 and \\ backslash',
      angsuran_ke: 1,
      akun_kas_id: null,
      created_at: '2026-02-02T03:04:05.000Z',
      updated_at: '2026-02-02T03:04:05.000Z',
    };
    const meta = { pagination: { page: 1, limit: 10, total: 1, totalPages: 1, sortBy: 'created_at', sortOrder: 'desc' } };
    for (const [item, row] of [
      [pinjamanSchema, pinjaman],
      [pembayaranSchema, pembayaran],
    ] as const) {
      const schema = listEnvelope(item);
      const serialize = createResponseSerializerCompiler({ check: false })({
        schema,
        method: 'GET',
        url: '/x',
        httpStatus: '200',
      });
      const page = { success: true, data: [row, { ...row, id: 99 }], meta };
      const written = serialize(page);
      expect(written).toBe(JSON.stringify(schema.parse(page)));
      expect(JSON.parse(written)).toEqual(page);
    }
  });
});
