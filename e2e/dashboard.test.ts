import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, E2E_ADMIN, type RunningServer } from './support/server';
import { signIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: import('playwright-core').Page, title: string) => page.getByRole('group', { name: title });

describe('dashboard', () => {
  it('greets the user and shows the empty state on a fresh database', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.getByRole('heading', { name: `Assalamu'alaikum, ${E2E_ADMIN.nama_lengkap}` }).waitFor();
    await page.getByText('Tidak ada aktivitas terbaru').waitFor();
    // The specification's fixed change labels were false numbers (issue 23): they are gone until the
    // portfolio snapshots compute them against the end of last month.
    await card(page, 'Total Nasabah').getByText('0', { exact: true }).waitFor();
    for (const label of ['+12%', '+8%', '+15%']) expect(await page.getByText(label, { exact: true }).count()).toBe(0);
    await snap(page, 'dashboard-empty-1280');
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'reflects data created through the API, refreshes with a toast (%s)',
    async (viewport) => {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      const before = await server.api<{ total_nasabah: number }>('GET', '/nasabah/stats');
      const loansBefore = await server.api<{ pinjaman_aktif: number; total_nilai_pinjaman: number }>('GET', '/pinjaman/stats');
      const nik = `32010000000${viewport === 'desktop' ? '10001' : '20001'}`;
      const nasabah = await server.api<{ id: number }>('POST', '/nasabah', {
        nama: `Nasabah ${viewport}`,
        nik,
        telepon: '081234567890',
        alamat: 'Jl. Mawar 2',
        kecamatan: 'Coblong',
        kota: 'Kota Bandung',
      });
      expect(nasabah.status).toBe(201);
      const loan = await server.api('POST', '/pinjaman', {
        nasabah_id: nasabah.body.data.id,
        tanggal_pinjam: '2026-03-01',
        jumlah: 7_500_000,
        persentase: 2,
        tipe: 'pokok',
        durasi_angsuran: 10,
      });
      expect(loan.status).toBe(201);

      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByText('Data berhasil diperbarui').waitFor();
      const total = before.body.data.total_nasabah + 1;
      const aktif = loansBefore.body.data.pinjaman_aktif + 1;
      const nilai = loansBefore.body.data.total_nilai_pinjaman + 7_500_000;
      await card(page, 'Total Nasabah').getByText(String(total), { exact: true }).waitFor();
      await card(page, 'Pinjaman Aktif').getByText(String(aktif), { exact: true }).waitFor();
      await card(page, 'Total Nilai Pinjaman')
        .getByText(`Rp ${nilai.toLocaleString('id-ID')}`)
        .waitFor();
      const activities = page.getByRole('list', { name: 'Aktivitas Terbaru' });
      await activities
        .getByText(/Nasabah (desktop|phone)/)
        .first()
        .waitFor();
      expect(await activities.getByText('Rp 7.500.000').count()).toBeGreaterThan(0);
      await snap(page, `dashboard-${viewport}`);
      await context.close();
    },
  );

  it('shows the failure box and toast when the data cannot be loaded', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.route('**/api/dashboard/activities**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Terjadi kesalahan pada server. Silakan coba lagi.' }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('alert').filter({ hasText: 'Gagal memuat data dashboard' }).first().waitFor();
    await page.getByText('Terjadi kesalahan pada server. Silakan coba lagi.').first().waitFor();
    await context.close();
  });
});
