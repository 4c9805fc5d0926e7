import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addMonths, parseIsoDate, todayJakarta, type PortfolioOverview } from '@mizan/core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
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

  it.each<ViewportName>(['desktop', 'phone'])(
    'shows the failure box when the data cannot be loaded, and loads it again on its Coba lagi (%s)',
    async (viewport) => {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      let failing = true;
      await page.route('**/api/dashboard/activities**', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, message: 'Terjadi kesalahan pada server. Silakan coba lagi.' }),
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Refresh' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Gagal memuat data dashboard' }).first();
      await alert.waitFor();
      await alert.getByText('Terjadi kesalahan pada server. Silakan coba lagi.').waitFor();
      failing = false;
      const reloaded = page.waitForResponse((r) => r.url().includes('/api/dashboard/activities') && r.status() === 200);
      await alert.getByRole('button', { name: 'Coba lagi memuat data dashboard', exact: true }).click();
      await reloaded;
      await alert.waitFor({ state: 'detached' });
      await page.getByRole('list', { name: 'Aktivitas Terbaru' }).or(page.getByText('Tidak ada aktivitas terbaru')).waitFor();
      await context.close();
    },
  );
});

describe('dashboard portfolio (issue 23)', () => {
  // A loan lent on the 15th two months ago (its first instalment fell due on the 15th of last
  // month and is unpaid: DPK then and now) and one lent today. The server is started again on the
  // same data, so that the month-ends are back-filled at its start, as on a first start on old data.
  let portfolioServer: RunningServer;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-e2e-portfolio-'));
    const first = await startServer({}, { dataDir, keepData: true });
    const today = todayJakarta();
    const { year, month } = parseIsoDate(today)!;
    const twoBack = addMonths(`${year}-${String(month).padStart(2, '0')}-15`, -2);
    const customer = async (nik: string, nama: string) => {
      const res = await first.api<{ id: number }>('POST', '/nasabah', {
        nama,
        nik,
        telepon: '081234567890',
        alamat: 'Jl. Mawar 2',
        kecamatan: 'Coblong',
        kota: 'Kota Bandung',
      });
      expect(res.status).toBe(201);
      return res.body.data.id;
    };
    const loan = async (nasabahId: number, tanggal: string, jumlah: number) => {
      const res = await first.api('POST', '/pinjaman', {
        nasabah_id: nasabahId,
        tanggal_pinjam: tanggal,
        jumlah,
        persentase: 2,
        tipe: 'pokok',
        durasi_angsuran: 10,
      });
      expect(res.status).toBe(201);
    };
    await loan(await customer('3201000000030001', 'Nasabah Lama'), twoBack, 10_000_000);
    await loan(await customer('3201000000030002', 'Nasabah Baru'), today, 5_000_000);
    await first.stop();
    portfolioServer = await startServer({}, { dataDir });
    // The back-fill runs in the background after the server is ready.
    const deadline = Date.now() + 30_000;
    let months = 0;
    while (months < 12 && Date.now() < deadline) {
      months = (await portfolioServer.api<PortfolioOverview>('GET', '/dashboard/portfolio')).body.data.riwayat.length;
      if (months < 12) await new Promise((r) => setTimeout(r, 200));
    }
    expect(months).toBe(12);
  });
  afterAll(async () => {
    await portfolioServer?.stop();
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'shows outstanding, NPF and PAR 30, each change computed against the end of last month (%s)',
    async (viewport) => {
      const { context, page } = await newPage(browser, portfolioServer.baseURL, viewport);
      await signIn(page);
      // One running loan of 10 000 000 at the end of last month, two of 15 000 000 now; both
      // customers registered this month; nothing in classes 3–5 then or now.
      const expectLabel = async (title: string, value: string, label: string) => {
        const group = card(page, title);
        await group.getByText(value, { exact: true }).waitFor();
        await group.getByText(label, { exact: true }).waitFor();
        await group.getByText('dibanding akhir bulan lalu').waitFor();
      };
      await expectLabel('Total Nasabah', '2', '↑ dari nol');
      await expectLabel('Pinjaman Aktif', '2', '↑ 100,0%');
      await expectLabel('Total Nilai Pinjaman', 'Rp 15.000.000', '↑ 50,0%');
      await expectLabel('Outstanding', 'Rp 15.000.000', '↑ 50,0%');
      await expectLabel('NPF', '0,00%', 'Tetap');
      await card(page, 'NPF').getByText('NPF net 0,00%').waitFor();
      await card(page, 'PAR 30')
        .getByText(/menunggak > 30 hari/)
        .waitFor();
      // The chart: 12 month-ends (a table for screen readers), and the classes now.
      const history = page.getByRole('table', { name: 'Outstanding per kolektibilitas di akhir bulan' });
      expect(await history.locator('tbody tr').count()).toBe(12);
      await page.getByText('Kol. 2 · DPK').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await snap(page, `dashboard-portfolio-${viewport}`);
      await context.close();
    },
  );
});
