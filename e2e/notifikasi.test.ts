// Issue 24, part A: Lainnya → WhatsApp → Notifikasi. An administrator switches events on and off,
// edits templates with the placeholder buttons while the preview shows the message a real record
// would give, is stopped by an unknown placeholder, sets the recap's time and saves; an operator
// reads it. At a desktop's and a phone's width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { defaultNotifikasiSetting, formatDateLong, formatRupiah, type NotifikasiSettingsResponse } from '@mizan/core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, signIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const payment = { jumlah: 1_240_000 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await server.api('POST', '/auth/register', {
    username: 'petugas',
    nama_lengkap: 'Petugas Satu',
    password: 'password-petugas-1',
    role: 'operator',
  });
  const customer = await server.api<{ id: number }>('POST', '/nasabah', {
    nama: 'Siti Aminah',
    nik: '3201000000002401',
    telepon: '0812-3456-2401',
    alamat: 'Jl. Pasar Baru No. 5',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const loan = await server.api<{ id: number }>('POST', '/pinjaman', {
    nasabah_id: customer.body.data.id,
    nomor_pinjaman: 'MRB-2401',
    tanggal_pinjam: today,
    jumlah: 10_000_000,
    persentase: 2,
    tipe: 'pokok',
    durasi_angsuran: 10,
  });
  expect(loan.status, JSON.stringify(loan.body)).toBe(201);
  const paid = await server.api('POST', '/pembayaran', {
    pinjaman_id: loan.body.data.id,
    tanggal: today,
    jumlah: payment.jumlah,
    jenis: 'angsuran',
    angsuran_ke: 1,
    keterangan: null,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const setting = async () => (await server.api<NotifikasiSettingsResponse>('GET', '/settings/notifikasi')).body.data;

describe('notification settings', () => {
  it('warns that nothing is sent while no recipient is active (phone)', async () => {
    const session = await apiSession(server.baseURL);
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'phone', '/wa-notifikasi');
    await page.getByText('Belum ada penerima aktif').waitFor();
    await page.getByRole('link', { name: 'Penerima Notifikasi' }).waitFor();
    await snap(page, 'notifikasi-tanpa-penerima-phone');
    await context.close();
    const added = await server.api('POST', '/wa-notification-recipients', {
      name: 'Bagian Keuangan',
      phone_number: '081234567890',
      status: 'active',
    });
    expect(added.status).toBe(201);
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'an admin edits a template with a live preview, is stopped by an unknown placeholder, and saves (%s)',
    async (viewport) => {
      await server.api('PUT', '/settings/notifikasi', defaultNotifikasiSetting);
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      await page.goto('/lainnya');
      await page.getByRole('link', { name: /Notifikasi Pilih kabar/ }).click();
      await page.getByRole('heading', { name: 'Notifikasi WhatsApp' }).waitFor();
      await page.getByText('Notifikasi dikirim ke 1 penerima aktif di').waitFor();

      // The preview is the newest payment, as the message would read.
      const preview = page.getByRole('region', { name: 'Pratinjau' }).first();
      expect(await preview.textContent()).toContain(
        `Pembayaran baru: Siti Aminah, MRB-2401, Angsuran ${formatRupiah(payment.jumlah)} tanggal ${formatDateLong(today)}.`,
      );

      // A template of one's own, with a placeholder put in by its button.
      const editor = page.getByLabel('Template Pembayaran baru', { exact: true });
      await editor.fill('Masuk {jumlah} dari {nama_nasabah}. ');
      await page.getByRole('button', { name: 'Sisipkan {petugas} (petugas yang mencatat) ke template Pembayaran baru' }).click();
      expect(await editor.inputValue()).toBe('Masuk {jumlah} dari {nama_nasabah}. {petugas}');
      expect(await preview.textContent()).toBe(`Masuk ${formatRupiah(payment.jumlah)} dari Siti Aminah. Administrator`);

      // An unknown placeholder: said at the field, and nothing is saved.
      await editor.fill('Masuk {jumlah} dari {nama}');
      await page.getByText('Placeholder {nama} tidak dikenal.', { exact: false }).waitFor();
      expect(await editor.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await snap(page, `notifikasi-error-${viewport}`);
      await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
      await page.getByText('Periksa kembali isian yang ditandai.').waitFor();
      expect(await editor.evaluate((el) => el === document.activeElement)).toBe(true);
      expect((await setting()).setting).toEqual(defaultNotifikasiSetting);

      // Fixed, one event switched off, the recap at 18:30: saved.
      await editor.fill('Masuk {jumlah} dari {nama_nasabah}');
      await page.getByLabel('Kirim notifikasi Pinjaman lunas').uncheck();
      await page.getByLabel('Jam rekap harian (WIB)').fill('18:30');
      await snap(page, `notifikasi-${viewport}`);
      await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
      await page.getByText('Pengaturan notifikasi disimpan.').first().waitFor();
      await page.getByText(/Terakhir diubah oleh Administrator/).waitFor();
      const saved = (await setting()).setting;
      expect(saved.events.pembayaran_baru.template).toBe('Masuk {jumlah} dari {nama_nasabah}');
      expect(saved.events.pinjaman_lunas.aktif).toBe(false);
      expect(saved.jam_rekap).toBe('18:30');

      // Back to the shipped template.
      await page.getByRole('button', { name: 'Kembalikan template bawaan Pembayaran baru' }).click();
      expect(await editor.inputValue()).toBe(defaultNotifikasiSetting.events.pembayaran_baru.template);
      await context.close();
    },
  );

  it('refuses a recap time that is not a time of day', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.goto('/wa-notifikasi');
    await page.getByLabel('Jam rekap harian (WIB)').fill('25:00');
    await page.getByText('Jam rekap harian harus berformat JJ:MM, misalnya 17:00').waitFor();
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Periksa kembali isian yang ditandai.').waitFor();
    expect((await setting()).setting.jam_rekap).not.toBe('25:00');
    await context.close();
  });

  it('shows the events and templates to an operator without letting them change them (phone)', async () => {
    const session = await apiSession(server.baseURL, 'petugas', 'password-petugas-1');
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'phone', '/wa-notifikasi');
    await page.getByText('Hanya admin yang dapat mengubah pengaturan ini').waitFor();
    expect(await page.getByRole('button', { name: 'Simpan Pengaturan' }).count()).toBe(0);
    expect(await page.getByLabel('Template Pembayaran baru', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Kirim notifikasi Pembayaran baru').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Sisipkan/ }).count()).toBe(0);
    await snap(page, 'notifikasi-operator-phone');
    await context.close();
  });
});
