import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, type ProfilLembagaResponse } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { forgetSettings } from '../../db/settings-cache';
import { addNasabah, multipart, postLoan, postPayment, realPng } from '../../test/populate';
import { expectPdfText } from '../../test/pdf-text';
import { expectFieldError, expectFieldErrors } from '../../test/refusals';
import { activityDescriptions } from '../../test/rows';

// A built web app of two pages with the placeholders the server fills (the real build has more).
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-dist-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<title>%INSTITUTION_NAME%</title><img src="%INSTITUTION_LOGO%"><address>%INSTITUTION_CONTACT%</address>',
);
fs.writeFileSync(path.join(dist, 'app.html'), '<meta name="institution-name" content="%INSTITUTION_NAME%">');

let t: TestApp;
let operator: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({ webDistDir: dist, institutionName: 'BMT Contoh' });
  operator = await t.createUser({ username: 'operator', password: 'rahasia-operator-1', role: 'operator' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.app.db.deleteFrom('settings').where('key', '=', 'profil_lembaga').execute();
  await t.app.db.deleteFrom('lembaga_logo').execute();
  // On PostgreSQL the change's notification reaches this process a few milliseconds after the
  // commit; a write through the API forgets at once, and so must this one (db/settings-cache.ts).
  forgetSettings(t.app.db);
});

const profil = {
  nama: 'BMT Amanah Sejahtera',
  alamat: 'Jl. Raya Cibinong No. 12, Kab. Bogor',
  telepon: '0251-8765432',
  email: 'kantor@amanah.example',
  catatan_kwitansi: 'Terima kasih atas amanah Anda.',
};
const put = (payload: Record<string, unknown>, token?: string) =>
  t.request({ method: 'PUT', url: '/api/settings/profil-lembaga', payload, ...(token ? { token } : {}) });
const putLogo = (file: { filename: string; type: string; data: Buffer; field?: string } | undefined, token?: string) =>
  t.request({ method: 'PUT', url: '/api/settings/profil-lembaga/logo', ...multipart({}, file), ...(token ? { token } : {}) });

describe('Profil Lembaga', () => {
  it('starts from INSTITUTION_NAME with nothing else, and is read by every signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/profil-lembaga', token: operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      profil: { nama: 'BMT Contoh', alamat: null, telepon: null, email: null, catatan_kwitansi: null },
      logo_url: null,
      diubah_oleh: null,
      diubah_pada: null,
    });
  });

  it('is changed by an administrator, with who and when, and logged', async () => {
    const res = await put(profil);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ProfilLembagaResponse;
    expect(data.profil).toEqual(profil);
    expect(data.diubah_oleh).toBe('Administrator');
    expect(Date.parse(data.diubah_pada!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await activityDescriptions(t.app.db, 'pengaturan.profil_lembaga')).toContain(
      'Profil lembaga diubah (BMT Amanah Sejahtera)',
    );
    // Blank optional fields are stored as none.
    const cleared = await put({ ...profil, alamat: '  ', email: '' });
    expect(cleared.json().data.profil).toMatchObject({ alamat: null, email: null });
  });

  it('refuses bad fields with Indonesian messages, and nothing changes', async () => {
    await put(profil);
    const res = await put({
      nama: ' ',
      alamat: 'x'.repeat(301),
      telepon: '0812 abc',
      email: 'bukan-email',
      catatan_kwitansi: 'y'.repeat(301),
    });
    expectFieldErrors(res, {
      nama: 'Nama lembaga wajib diisi',
      alamat: 'Alamat maksimal 300 karakter',
      telepon: 'Telepon hanya boleh berisi angka, spasi, +, -, ( dan )',
      email: 'Format email tidak valid',
      catatan_kwitansi: 'Catatan kwitansi maksimal 300 karakter',
    });
    expect((await t.request({ method: 'GET', url: '/api/settings/profil-lembaga' })).json().data.profil).toEqual(profil);
  });

  it('is changed by administrators only', async () => {
    expect((await put(profil, operator.token)).statusCode).toBe(403);
    expect(
      (await putLogo({ filename: 'logo.png', type: 'image/png', data: realPng(), field: 'logo' }, operator.token)).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/settings/profil-lembaga/logo', token: operator.token })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/settings/profil-lembaga', token: null })).statusCode).toBe(401);
  });

  it('takes a PNG or JPEG logo checked by its bytes, serves it publicly, prints it on receipts, and removes it', async () => {
    await put(profil);
    const png = realPng(24, 24);
    const res = await putLogo({ filename: 'logo.png', type: 'image/png', data: png, field: 'logo' });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.logo_url as string;
    expect(url).toMatch(/^\/api\/profil-lembaga\/logo\?v=[0-9a-f]{12}$/);
    // The profile's fields stay as they were.
    expect(res.json().data.profil).toEqual(profil);

    const image = await t.request({ method: 'GET', url, token: null });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(png)).toBe(true);

    // A receipt now carries the institution's header, footer and logo.
    const nasabah = await addNasabah(t, 'Rina', { nik: '3201010101019999', alamat: 'Jl. Mawar' });
    const loan = await postLoan(t, nasabah.id, { nomor_pinjaman: 'LOGO-1' });
    const payment = await postPayment(t, loan.id, { jumlah: 500_000, jenis: 'pokok', angsuran_ke: null });
    const pdf = (await t.request({ method: 'POST', url: `/api/pembayaran/${payment.id}/kwitansi.pdf` })).rawPayload;
    const text = expectPdfText(pdf, [
      profil.nama,
      profil.alamat,
      `Telp. ${profil.telepon}`,
      profil.email,
      profil.catatan_kwitansi,
    ]);
    expect(text).not.toContain('BMT Contoh');
    const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString('utf8').trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/\s24\s+24\s/);

    const removed = await t.request({ method: 'DELETE', url: '/api/settings/profil-lembaga/logo' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.logo_url).toBeNull();
    const gone = await t.request({ method: 'GET', url: '/api/profil-lembaga/logo', token: null });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Logo lembaga belum diatur');
  });

  it('refuses a logo that is not PNG or JPEG (415), larger than 1 MB (413), or missing (400), and keeps the one before', async () => {
    const png = realPng();
    await putLogo({ filename: 'logo.png', type: 'image/png', data: png, field: 'logo' });
    const gif = await putLogo({
      filename: 'logo.png',
      type: 'image/png',
      data: Buffer.from('GIF89a' + 'x'.repeat(50)),
      field: 'logo',
    });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe('Logo harus berupa gambar PNG atau JPEG');
    const big = await putLogo({
      filename: 'besar.png',
      type: 'image/png',
      data: Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]),
      field: 'logo',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Ukuran logo maksimal 1 MB');
    const none = await putLogo(undefined);
    expectFieldError(none, 'logo', 'Pilih file logo (PNG atau JPEG)');
    const json = await t.request({ method: 'PUT', url: '/api/settings/profil-lembaga/logo', payload: { logo: 'x' } });
    expect(json.statusCode).toBe(400);
    const image = await t.request({ method: 'GET', url: '/api/profil-lembaga/logo', token: null });
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('writes the name, contact and logo into the landing page and the app, again after a change', async () => {
    const before = await t.request({ method: 'GET', url: '/', token: null });
    expect(before.body).toBe(
      '<title>BMT Contoh</title><img src="/favicon.svg"><address><p>Silakan datang ke kantor kami pada jam layanan.</p></address>',
    );
    await put({ ...profil, nama: 'BMT "Amanah" & Sejahtera $& <b>' });
    await putLogo({ filename: 'logo.png', type: 'image/png', data: realPng(), field: 'logo' });
    const after = await t.request({ method: 'GET', url: '/', token: null });
    expect(after.body).toContain('<title>BMT &quot;Amanah&quot; &amp; Sejahtera $&amp; &lt;b&gt;</title>');
    expect(after.body).toMatch(/<img src="\/api\/profil-lembaga\/logo\?v=[0-9a-f]{12}">/);
    expect(after.body).toContain('<p>Jl. Raya Cibinong No. 12, Kab. Bogor</p>');
    expect(after.body).toContain('<a href="tel:+622518765432">0251-8765432</a>');
    expect(after.body).toContain('<a href="mailto:kantor@amanah.example">kantor@amanah.example</a>');
    const app = await t.request({ method: 'GET', url: '/dashboard', token: null });
    expect(app.body).toContain('content="BMT &quot;Amanah&quot; &amp; Sejahtera $&amp; &lt;b&gt;"');
  });
});
