// Issue 48 in the browser: the books' read screens under Laporan → Akuntansi. Jurnal (filters, a
// loan's "Lihat Jurnal", an operator's own journals), Buku Besar (an account chosen, its closing
// balance equal to the trial balance's), Bagan Akun (groups, roles in plain words), and their files,
// at a phone's width and a desktop's, nothing scrolling sideways.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { addMonths, formatRupiah, todayJakarta } from '@mizan/core';
import { launchBrowser, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, murabahahWithInstalments, openSignedIn, snap, staffSessions, type ApiSession } from './support/actions';

let server: RunningServer;
let browser: Browser;
let admin: ApiSession;
let kasir: ApiSession;
let loanId: number;
const today = todayJakarta();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiSession(server.baseURL);
  // Granted three months ago with two instalments paid by the administrator; the third paid today by an operator.
  loanId = await murabahahWithInstalments(server, { nama: 'Rahmat Jurnal', n: 4801 }, 'JRN-1', addMonths(today, -3), 2);
  [kasir] = await staffSessions(server, [['kasir', 'operator', 'Siti Kasir']] as const);
  const paid = await fetch(`${server.baseURL}/api/pembayaran`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${kasir.token}` },
    body: JSON.stringify({
      pinjaman_id: loanId,
      tanggal: today,
      jumlah: 1_240_000,
      jenis: 'angsuran',
      keterangan: null,
      angsuran_ke: 3,
    }),
  });
  expect(paid.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const journals = (page: Page) => page.getByRole('list', { name: 'Daftar jurnal' }).getByRole('article');

describe('Akuntansi', () => {
  it.each(['phone', 'desktop'] as ViewportName[])(
    'shows every journal with its lines, filtered by kind, on a %s',
    async (viewport) => {
      const { context, page } = await openSignedIn(browser, server.baseURL, admin, viewport, '/laporan');
      await page.getByRole('link', { name: /^Jurnal/ }).click();
      await page.getByRole('heading', { name: 'Jurnal', level: 1 }).waitFor();
      // The akad and three instalments, newest first: today's instalment on top.
      await expect.poll(() => journals(page).count()).toBe(4);
      const top = journals(page).first();
      await top.getByText('Pembayaran · JRN-1 · Rahmat Jurnal').waitFor();
      await top.getByText('Kas').first().waitFor();
      await top.getByText(formatRupiah(1_240_000)).first().waitFor();
      await top.getByRole('link', { name: 'Pinjaman JRN-1' }).waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, `akuntansi-jurnal-${viewport}`);

      await page.getByLabel('Jenis transaksi').selectOption('akad');
      await page.waitForURL(/jenis=akad/);
      await expect.poll(() => journals(page).count()).toBe(1);
      await journals(page).first().getByText('Akad (pencairan) · JRN-1 · Rahmat Jurnal').waitFor();
      await journals(page).first().getByText(formatRupiah(12_000_000)).first().waitFor();
      await page.getByLabel('Dari tanggal').fill(addMonths(today, -1));
      await page.getByText('Tidak ada jurnal yang sesuai dengan filter ini').waitFor();
      await page.getByRole('button', { name: 'Reset Filter' }).click();
      await expect.poll(() => journals(page).count()).toBe(4);
      await context.close();
    },
  );

  it('opens a loan’s journals from the loan, and leads back to the loan and the payment', async () => {
    const { context, page } = await openSignedIn(browser, server.baseURL, admin, 'desktop', `/pinjaman/${loanId}`);
    await page.getByRole('link', { name: 'Lihat jurnal JRN-1' }).click();
    await page.waitForURL(new RegExp(`/laporan/jurnal\\?pinjaman_id=${loanId}$`));
    await page.getByText('Pinjaman JRN-1', { exact: true }).first().waitFor();
    await expect.poll(() => journals(page).count()).toBe(4);
    await journals(page)
      .first()
      .getByRole('link', { name: /^Pembayaran jurnal JU-/ })
      .click();
    await page.waitForURL(/\/pembayaran\/\d+$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Hapus filter pinjaman' }).click();
    await page.waitForURL(/\/laporan\/jurnal$/);
    await context.close();
  });

  it('shows an operator only the journals of what they recorded, and no books link on the loan', async () => {
    const { context, page } = await openSignedIn(browser, server.baseURL, kasir, 'phone', '/laporan');
    // Of the books, an operator is offered the journals alone.
    const books = page.getByRole('region', { name: 'Akuntansi' });
    await books.getByRole('link', { name: /^Jurnal/ }).waitFor();
    expect(await books.getByRole('link').count()).toBe(1);
    await books.getByRole('link', { name: /^Jurnal/ }).click();
    await page.getByText('Jurnal dari transaksi yang Anda catat, terbaru lebih dulu.').waitFor();
    await expect.poll(() => journals(page).count()).toBe(1);
    await journals(page).first().getByText('Pembayaran · JRN-1 · Rahmat Jurnal').waitFor();
    expect(await page.getByLabel('Akun').count()).toBe(0);
    await page.goto(`/pinjaman/${loanId}`);
    await page.getByRole('link', { name: 'Lihat Nasabah' }).waitFor();
    expect(await page.getByRole('link', { name: 'Lihat jurnal JRN-1' }).count()).toBe(0);
    await context.close();
  });

  it.each(['phone', 'desktop'] as ViewportName[])(
    'shows an account’s ledger closing on the trial balance, and another account chosen, on a %s',
    async (viewport) => {
      const { context, page } = await openSignedIn(browser, server.baseURL, admin, viewport, '/laporan');
      await page.getByRole('link', { name: /^Buku Besar/ }).click();
      await page.getByRole('heading', { name: 'Buku Besar', level: 1 }).waitFor();
      const tb = await server.api<{ baris: { kode: string; debit: number; kredit: number }[] }>('GET', '/akuntansi/neraca-saldo');
      const balance = (kode: string) => {
        const row = tb.body.data.baris.find((b) => b.kode === kode)!;
        return row.debit - row.kredit;
      };
      // Kas first; this month's period: from the balance before it to today's, 1.240.000 received today.
      await page.getByLabel('Dari tanggal').fill(addMonths(today, -4));
      const card = (label: string) => page.locator('div', { has: page.getByText(label, { exact: true }) }).last();
      await card('Saldo Akhir')
        .getByText(formatRupiah(balance('1101')))
        .waitFor();
      await card('Saldo Awal').getByText(formatRupiah(0)).waitFor();
      await page.getByText('Akad (pencairan) · JRN-1 · Rahmat Jurnal').first().waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, `akuntansi-buku-besar-${viewport}`);
      await page.getByLabel('Akun').selectOption({ label: '1201 · Piutang Murabahah' });
      await card('Saldo Akhir')
        .getByText(formatRupiah(balance('1201')))
        .waitFor();
      await page.getByText(formatRupiah(14_880_000)).first().waitFor();
      await context.close();
    },
  );

  it.each(['phone', 'desktop'] as ViewportName[])('shows the chart of accounts by group on a %s', async (viewport) => {
    const { context, page } = await openSignedIn(browser, server.baseURL, admin, viewport, '/laporan');
    await page.getByRole('link', { name: /^Bagan Akun/ }).click();
    await page.getByRole('heading', { name: 'Bagan Akun', level: 1 }).waitFor();
    for (const group of ['Aset', 'Liabilitas', 'Dana Syirkah Temporer', 'Ekuitas', 'Pendapatan', 'Beban'])
      await page.getByRole('heading', { name: group, level: 2 }).waitFor();
    await page.getByText('Margin murabahah yang belum diakui').waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, `akuntansi-bagan-akun-${viewport}`);
    await page.getByRole('link', { name: 'Buku besar 1201 Piutang Murabahah' }).click();
    await page.getByRole('heading', { name: 'Buku Besar', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Akun').inputValue()).not.toBe('');
    expect(await page.getByLabel('Akun').locator('option:checked').textContent()).toBe('1201 · Piutang Murabahah');
    await context.close();
  });

  it('downloads the journals as Excel and the ledger and the trial balance as PDF', async () => {
    const { context, page } = await openSignedIn(
      browser,
      server.baseURL,
      admin,
      'desktop',
      `/laporan/jurnal?pinjaman_id=${loanId}`,
    );
    await expect.poll(() => journals(page).count()).toBe(4);
    await page.getByRole('button', { name: 'Ekspor jurnal' }).click();
    let downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh jurnal sebagai Excel (.xlsx)' }).click();
    const xlsx = await downloaded;
    expect(xlsx.suggestedFilename()).toBe(`jurnal-${today}.xlsx`);
    const file = `${fs.mkdtempSync('/tmp/mizan-akuntansi-')}/jurnal.xlsx`;
    await xlsx.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(3).getCell(1).value).toBe('Filter: Pinjaman: JRN-1');
    // The akad (3 lines) and three instalments (4 lines each), below the title rows and the header.
    expect(sheet.rowCount).toBe(6 + 3 + 3 * 4);

    await page.goto('/laporan/buku-besar');
    await page.getByRole('heading', { name: 'Buku Besar', level: 1 }).waitFor();
    await page.getByText('Saldo Akhir').waitFor();
    downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Unduh PDF buku besar 1101 Kas$/ }).click();
    expect((await downloaded).suggestedFilename()).toMatch(/^Buku-Besar-1101-\d{4}-\d{2}-01-sd-\d{4}-\d{2}-\d{2}\.pdf$/);

    await page.goto('/laporan/neraca-saldo');
    await page.getByText('Jumlah Debit').first().waitFor();
    downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh PDF neraca saldo' }).click();
    const pdf = await downloaded;
    expect(pdf.suggestedFilename()).toBe(`Neraca-Saldo-${today}.pdf`);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await context.close();
  });
});
