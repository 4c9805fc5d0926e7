// Issue 25: payment receipts in the browser. A payment recorded from the loan detail on a phone
// offers "Cetak Kwitansi" at once; the print view shows the receipt (number, amount in words) and
// opens the print dialog; the payment detail on a desktop shows the number and prints again as a
// SALINAN; the 80 mm paper and "Unduh PDF" give the same receipt as a PDF, read back with poppler.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addMonths, formatRupiah, terbilangRupiah, todayJakarta, type PembayaranDetail } from '@mizan/core';
import { launchBrowser, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap, type ApiSession } from './support/actions';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
let loanId = 0;
const today = todayJakarta();
const year = today.slice(0, 4);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);
  const nasabah = await server.api<{ id: number }>('POST', '/nasabah', {
    nama: 'Aminah Kwitansi',
    nik: '3201000000002501',
    telepon: '0812-3456-2501',
    alamat: 'Jl. Pasar Baru No. 25, Cibinong',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  expect(nasabah.status, JSON.stringify(nasabah.body)).toBe(201);
  const loan = await server.api<{ id: number }>('POST', '/pinjaman', {
    nasabah_id: nasabah.body.data.id,
    nomor_pinjaman: 'KW-2501',
    urutan_pinjaman: 1,
    tanggal_pinjam: addMonths(today, -1),
    jumlah: 12_000_000,
    persentase: 2,
    tipe: 'pokok',
    durasi_angsuran: 12,
  });
  expect(loan.status, JSON.stringify(loan.body)).toBe(201);
  loanId = loan.body.data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page whose print dialog only counts how often it was asked for. */
async function open(viewport: ViewportName, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openSignedIn(browser, server.baseURL, session, viewport, 'about:blank');
  await opened.context.addInitScript(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
  await opened.page.goto(path);
  return opened;
}
const prints = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('payment receipts', () => {
  let paymentId = 0;

  it('offers the receipt right after a payment is recorded on a phone, and prints it', async () => {
    const { context, page } = await open('phone', `/pinjaman/${loanId}`);
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Pembayaran Baru' });
    await dialog.getByTestId('auto-filled-note').waitFor();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    const offer = page.getByRole('button', { name: 'Cetak kwitansi pembayaran yang baru dicatat' });
    await offer.waitFor();
    await snap(page, 'kwitansi-offer-phone');
    await offer.click();
    await page.waitForURL(/\/cetak\/kwitansi\/\d+$/);
    paymentId = Number(/\/cetak\/kwitansi\/(\d+)/.exec(page.url())![1]);
    const receipt = page.getByTestId('dokumen');
    await receipt.getByText(`No. KW/${year}/000001`).waitFor();
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain('Aminah Kwitansi');
    expect(text).toContain(formatRupiah(1_240_000));
    expect(text).toContain(terbilangRupiah(1_240_000));
    expect(text).not.toContain('SALINAN');
    await expect.poll(() => prints(page)).toBe(1);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'kwitansi-print-view-phone');
    await context.close();
  });

  it('shows the number on the payment detail and prints it again as a SALINAN; 80 mm and the PDF download say the same', async () => {
    expect(paymentId).toBeGreaterThan(0);
    const detail = (await server.api<PembayaranDetail>('GET', `/pembayaran/${paymentId}`)).body.data;
    expect(detail.nomor_kwitansi).toBe(`KW/${year}/000001`);
    const { context, page } = await open('desktop', `/pembayaran/${paymentId}`);
    await page.getByTestId('card-pembayaran').getByText(`KW/${year}/000001`).waitFor();
    await page.getByRole('link', { name: `Cetak kwitansi KW/${year}/000001` }).click();
    const receipt = page.getByTestId('dokumen');
    await receipt.getByRole('strong').filter({ hasText: 'SALINAN' }).waitFor();
    await expect.poll(() => prints(page)).toBe(1);
    await snap(page, 'kwitansi-salinan-desktop');

    await page.getByRole('button', { name: 'Kertas 80 mm' }).click();
    await page.waitForURL(/ukuran=80mm/);
    expect(await page.getByRole('button', { name: 'Kertas 80 mm' }).getAttribute('aria-pressed')).toBe('true');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh kwitansi sebagai PDF' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`Kwitansi-KW-${year}-000001-SALINAN.pdf`);
    const file = `test-results/screens/kwitansi-80mm.pdf`;
    fs.mkdirSync('test-results/screens', { recursive: true });
    await download.saveAs(file);
    const pdf = execFileSync('pdftotext', ['-q', file, '-']).toString('utf8').replace(/\s+/g, ' ');
    expect(pdf).toContain(`KW/${year}/000001`);
    expect(pdf).toContain('Aminah Kwitansi');
    expect(pdf).toContain('Cetakan ke-3');
    // For people to look at: the 80 mm receipt as an image beside the screenshots.
    execFileSync('pdftoppm', ['-r', '110', '-png', '-singlefile', file, 'test-results/screens/kwitansi-80mm']);
    await context.close();
  });

  it('says why when the payment does not exist', async () => {
    const { context, page } = await open('tablet', '/cetak/kwitansi/999999');
    await page.getByRole('alert').filter({ hasText: 'Pembayaran tidak ditemukan' }).waitFor();
    expect(await prints(page)).toBe(0);
    await context.close();
  });
});
