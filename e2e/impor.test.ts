// Issue 26 C in the browser: Lainnya → Impor Data. The template downloaded, filled in with a real
// spreadsheet library, checked (a problem shown with its row and column, its file downloaded),
// corrected and imported; the customers then in the list. At phone, tablet and desktop widths,
// nothing scrolling sideways.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { launchBrowser, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap, type ApiSession } from './support/actions';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
const dir = fs.mkdtempSync('/tmp/mizan-impor-');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The template as downloaded from the page, with `rows` written into its Data sheet. */
async function fillTemplate(page: Page, rows: string[][], name: string) {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh template nasabah' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('template-impor-nasabah.xlsx');
  const template = path.join(dir, `template-${name}.xlsx`);
  await download.saveAs(template);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.getWorksheet('Data')!;
  expect(sheet.getRow(1).getCell(2).value).toBe('NIK');
  for (const row of rows) sheet.addRow(row);
  const file = path.join(dir, `${name}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

const customer = (i: number, nik = `32010000000026${String(i).padStart(2, '0')}`) => [
  `Impor Pelanggan ${i}`,
  nik,
  '081234567890',
  `Jl. Impor ${i}`,
  'Cibinong',
  'Bogor',
  '05/11/2020',
  'aktif',
];

describe('Impor Data', () => {
  it.each(['phone', 'tablet', 'desktop'] as ViewportName[])(
    'opens from Lainnya and shows the steps on a %s',
    async (viewport) => {
      const { context, page } = await openSignedIn(browser, server.baseURL, session, viewport, '/lainnya');
      await page.getByRole('link', { name: /Impor Data/ }).click();
      await page.getByRole('heading', { name: 'Impor Data', level: 1 }).waitFor();
      await page.getByRole('radio', { name: '1. Nasabah' }).waitFor();
      await page.getByRole('button', { name: 'Unduh template nasabah' }).waitFor();
      expect(await page.getByRole('button', { name: 'Periksa berkas' }).isDisabled()).toBe(true);
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, `impor-${viewport}`);
      await context.close();
    },
  );

  it.each(['phone', 'desktop'] as ViewportName[])(
    'shows a file’s problems by row and column and offers them as Excel on a %s',
    async (viewport) => {
      const { context, page } = await openSignedIn(browser, server.baseURL, session, viewport, '/impor');
      const file = await fillTemplate(page, [customer(1), customer(2, '12345')], `salah-${viewport}`);
      await page.getByLabel(/Berkas nasabah/).setInputFiles(file);
      await page.getByRole('button', { name: 'Periksa berkas' }).click();
      await page.getByText('1 masalah ditemukan').waitFor();
      const problems =
        viewport === 'desktop'
          ? page.getByRole('table', { name: 'Masalah per baris' })
          : page.getByRole('list', { name: 'Masalah per baris' });
      await problems.getByText(/NIK/).first().waitFor();
      await problems.getByText('3', { exact: false }).first().waitFor();
      expect(await page.getByRole('button', { name: /^Impor / }).count()).toBe(0);
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, `impor-masalah-${viewport}`);
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh daftar masalah (Excel)' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe('masalah-impor-nasabah.xlsx');
      const saved = path.join(dir, `masalah-${viewport}.xlsx`);
      await download.saveAs(saved);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(saved);
      const sheet = workbook.getWorksheet('Data')!;
      expect(sheet.getRow(1).getCell(10).value).toBe('Masalah');
      expect(String(sheet.getRow(3).getCell(10).value)).toMatch(/^NIK: /);
      await context.close();
    },
  );

  it('imports a corrected file, and the customers are in the list', async () => {
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'desktop', '/impor');
    const file = await fillTemplate(page, [customer(3), customer(4)], 'benar');
    await page.getByLabel(/Berkas nasabah/).setInputFiles(file);
    await page.getByRole('button', { name: 'Periksa berkas' }).click();
    await page.getByText('Berkas siap diimpor').waitFor();
    await page.getByRole('button', { name: 'Impor 2 baris nasabah' }).click();
    await page.getByText('Impor selesai').waitFor();
    await page.getByText('2 baris nasabah ditambahkan').waitFor();
    await snap(page, 'impor-selesai-desktop');
    // The same file again adds nothing.
    await page.getByRole('button', { name: 'Lanjut impor pinjaman' }).waitFor();
    await page.getByRole('button', { name: 'Impor berkas nasabah lain' }).click();
    await page.getByLabel(/Berkas nasabah/).setInputFiles(file);
    await page.getByRole('button', { name: 'Periksa berkas' }).click();
    await page.getByText('Semua baris sudah pernah diimpor; tidak ada yang akan ditambahkan.').waitFor();
    await page.goto('/nasabah?search=Impor%20Pelanggan');
    await page.getByText('Impor Pelanggan 3').first().waitFor();
    await page.getByText('Impor Pelanggan 4').first().waitFor();
    // The detail says where the record came from.
    await page.getByText('Impor Pelanggan 3').first().click();
    await page.getByText('Diimpor dari sistem lama').waitFor();
    await context.close();
  });
});
