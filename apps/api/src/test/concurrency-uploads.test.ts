/**
 * Concurrency and uploads (issue 11): parallel edits of one customer and parallel receipt
 * replacements end exactly as some serial order would (one whole request wins, nothing mixed, no
 * orphan file); receipts of exactly 5 MB pass and 5 MB + 1 byte do not; polyglots and SVG with
 * script are refused or stored and served inertly; an upload cut off mid-stream leaves nothing.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KWITANSI_MAX_BYTES } from '@mizan/core';
import { createTestApp, type TestApp } from './test-app';
import { loanFormFields, multipart, pngBytes, populate, type Populated } from './populate';
import { kwitansiDir } from '../lib/file-storage';

let t: TestApp;
let data: Populated;
let uploads: string;

beforeAll(async () => {
  t = await createTestApp();
  data = await populate(t);
  uploads = kwitansiDir(t.config.dataDir);
});
afterAll(async () => {
  await t.close();
});

/** Files on disk must be exactly the receipts some loan names: no orphans, no temporaries. */
async function expectNoOrphans() {
  const named = (await t.app.db.selectFrom('pinjaman').select('kwitansi').where('kwitansi', 'is not', null).execute()).map(
    (r) => r.kwitansi,
  );
  expect(fs.readdirSync(uploads).sort()).toEqual([...new Set(named)].sort());
}

describe('concurrency', () => {
  it('parallel edits of one customer: one whole edit wins, every edit is logged', async () => {
    const id = data.nasabah[2]!.id;
    const activitiesBefore = (await t.app.db.selectFrom('activities').select('id').execute()).length;
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      nama: `Editor ${i}`,
      nik: `3209000000000${String(i).padStart(3, '0')}`,
      telepon: `0812-0000-00${String(i).padStart(2, '0')}`,
      alamat: `Jl. Edit ${i}`,
      kecamatan: `Kec ${i}`,
      kota: `Kota ${i}`,
      tanggal_nasabah: '2024-01-01',
      status: 'aktif',
    }));
    const results = await Promise.all(bodies.map((payload) => t.request({ method: 'PUT', url: `/api/nasabah/${id}`, payload })));
    expect(results.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));
    const row = await t.app.db.selectFrom('nasabah').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const winner = bodies.find((b) => b.nama === row.nama)!;
    expect(winner).toBeDefined();
    // Not a mix of two requests: every field from the same one.
    expect({ nik: row.nik, telepon: row.telepon, alamat: row.alamat, kecamatan: row.kecamatan, kota: row.kota }).toEqual({
      nik: winner.nik,
      telepon: winner.telepon,
      alamat: winner.alamat,
      kecamatan: winner.kecamatan,
      kota: winner.kota,
    });
    expect((await t.app.db.selectFrom('activities').select('id').execute()).length).toBe(activitiesBefore + 10);
  });

  it('parallel receipt replacements on one loan: one file wins, no orphan, no temporary file', async () => {
    const loan = data.loans[0]!;
    const files = Array.from({ length: 6 }, () => pngBytes());
    const results = await Promise.all(
      files.map((file) =>
        t.request({
          method: 'PUT',
          url: `/api/pinjaman/${loan.id}`,
          ...multipart(loanFormFields(data.nasabah[0]!.id, { status: 'aktif' }), {
            filename: 'k.png',
            type: 'image/png',
            data: file,
          }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(files.map(() => 200));
    const row = await t.app.db.selectFrom('pinjaman').select('kwitansi').where('id', '=', loan.id).executeTakeFirstOrThrow();
    const stored = fs.readFileSync(path.join(uploads, row.kwitansi!));
    expect(files.filter((f) => f.equals(stored))).toHaveLength(1);
    await expectNoOrphans();
  });
});

describe('uploads', () => {
  const upload = (file: { filename: string; type: string; data: Buffer }, nomor: string) =>
    t.request({
      method: 'POST',
      url: '/api/pinjaman',
      ...multipart(loanFormFields(data.nasabah[0]!.id, { nomor_pinjaman: nomor }), file),
    });
  const loanCount = async () => (await t.app.db.selectFrom('pinjaman').select('id').execute()).length;
  const pngOfSize = (size: number) => Buffer.concat([pngBytes().subarray(0, 8), Buffer.alloc(size - 8, 7)]);

  it('accepts a receipt of exactly 5 MB and refuses 5 MB + 1 byte with 413, keeping nothing', async () => {
    const exact = await upload({ filename: 'k.png', type: 'image/png', data: pngOfSize(KWITANSI_MAX_BYTES) }, 'B5MB');
    expect(exact.statusCode, exact.body).toBe(201);
    expect(fs.statSync(path.join(uploads, exact.json().data.kwitansi)).size).toBe(KWITANSI_MAX_BYTES);
    const before = await loanCount();
    const over = await upload({ filename: 'k.png', type: 'image/png', data: pngOfSize(KWITANSI_MAX_BYTES + 1) }, 'B5MB1');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ success: false, message: 'Ukuran file maksimal 5MB' });
    expect(await loanCount()).toBe(before);
    await expectNoOrphans();
  });

  it('refuses SVG with script and HTML whatever they are called; stores a PNG/HTML polyglot only as an inert image', async () => {
    const before = await loanCount();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const file of [
      { filename: 'k.svg', type: 'image/svg+xml', data: svg },
      { filename: 'k.png', type: 'image/png', data: svg },
      { filename: 'k.pdf', type: 'application/pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]) {
      const res = await upload(file, 'SVG');
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().success).toBe(false);
    }
    expect(await loanCount()).toBe(before);

    // PNG magic bytes followed by HTML: stored as .png, and served only as image/png, nosniff,
    // under a CSP without scripts, so a browser never runs it.
    const polyglot = Buffer.concat([
      pngBytes().subarray(0, 8),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await upload({ filename: 'evil.html', type: 'text/html', data: polyglot }, 'POLY');
    expect(res.statusCode).toBe(201);
    const name = res.json().data.kwitansi as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    const served = await t.request({ method: 'GET', url: `/uploads/kwitansi/${name}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("script-src 'self'");
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="kwitansi-POLY\.png"$/);
    await expectNoOrphans();
  });

  it('an upload cut off mid-stream over a real socket leaves no loan and no file', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await loanCount();
    const body = multipart(loanFormFields(data.nasabah[0]!.id, { nomor_pinjaman: 'CUT' }), {
      filename: 'k.png',
      type: 'image/png',
      data: pngOfSize(3 * 1024 * 1024),
    });
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/pinjaman HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.token}\r\n` +
            `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
        );
        socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () => {
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300);
        });
      });
      socket.on('error', reject);
    });
    // Give the server time to notice the closed connection and clean up.
    for (let i = 0; i < 50 && fs.readdirSync(uploads).some((f) => f.endsWith('.tmp')); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await loanCount()).toBe(before);
    await expectNoOrphans();
  });
});
