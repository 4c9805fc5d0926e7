// Issue 26 B in the browser: "Ekspor" on the lists downloads every row the list's filters select
// as XLSX or CSV, read back with exceljs and csv-parse; on a phone the dialog fits the screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { todayJakarta } from '@mizan/core';
import { launchBrowser, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap, type ApiSession } from './support/actions';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
const today = todayJakarta();
const names = ['Ahmad Ekspor', 'Budi Ekspor', 'Citra Ekspor', 'Dewi Nonaktif'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);
  for (const [i, nama] of names.entries()) {
    const res = await server.api('POST', '/nasabah', {
      nama,
      nik: `320100000000260${i}`,
      telepon: `0812345626${String(i).padStart(2, '0')}`,
      alamat: `Jl. Ekspor No. ${i + 1}`,
      kecamatan: 'Cibinong',
      kota: 'Bogor',
      status: nama.includes('Nonaktif') ? 'nonaktif' : 'aktif',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function exportFrom(viewport: ViewportName, listPath: string, buttonName: string, choice: string, shot: string) {
  const { context, page } = await openSignedIn(browser, server.baseURL, session, viewport, listPath);
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await noOverflow(page)).toBeLessThanOrEqual(0);
  await snap(page, shot);
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: choice }).click();
  const download = await downloaded;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-ekspor-')), download.suggestedFilename());
  await download.saveAs(file);
  await page.getByText('File ekspor berhasil diunduh').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await context.close();
  return { file, name: download.suggestedFilename() };
}

describe('Ekspor on the lists', () => {
  it('downloads the customers the filter selects as an Excel file on a desktop', async () => {
    const { file, name } = await exportFrom(
      'desktop',
      '/nasabah?status=aktif&sortBy=nama&sortOrder=asc',
      'Ekspor data nasabah',
      'Unduh data nasabah sebagai Excel (.xlsx)',
      'ekspor-nasabah-desktop',
    );
    expect(name).toBe(`nasabah-${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Data Nasabah');
    expect(sheet.getRow(3).getCell(1).value).toBe('Filter: Status: Aktif; Urut: Nama ↑');
    expect(sheet.getRow(6).getCell(1).value).toBe('Nama');
    const rows: string[] = [];
    for (let r = 7; r <= sheet.rowCount; r++) rows.push(String(sheet.getRow(r).getCell(1).value));
    expect(rows).toEqual(names.filter((n) => !n.includes('Nonaktif')));
  });

  it('downloads the customers as CSV from a phone, the dialog fitting the screen', async () => {
    const { file, name } = await exportFrom(
      'phone',
      '/nasabah',
      'Ekspor data nasabah',
      'Unduh data nasabah sebagai CSV (.csv)',
      'ekspor-nasabah-phone',
    );
    expect(name).toBe(`nasabah-${today}.csv`);
    const records = parse(fs.readFileSync(file, 'utf8'), { bom: true, relax_column_count: true }) as string[][];
    expect(records[1]).toEqual(['Data Nasabah']);
    expect(records[5]?.[0]).toBe('Nama');
    expect(
      records
        .slice(6)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...names].sort());
  });

  it('offers Ekspor on the other lists at tablet width', async () => {
    for (const [listPath, buttonName] of [
      ['/pinjaman', 'Ekspor data pinjaman'],
      ['/pembayaran', 'Ekspor data pembayaran'],
      ['/tunggakan', 'Ekspor daftar tunggakan'],
      ['/wa-notification-recipients', 'Ekspor penerima notifikasi'],
      ['/wa-riwayat-pesan', 'Ekspor riwayat pesan'],
    ] as const) {
      const { context, page } = await openSignedIn(browser, server.baseURL, session, 'tablet', listPath);
      await page.getByRole('button', { name: buttonName }).click();
      await page.getByRole('dialog', { name: buttonName }).waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      if (listPath === '/pembayaran') await snap(page, 'ekspor-pembayaran-tablet');
      await context.close();
    }
  });
});
