// Issue 25: payment receipts in the browser. A payment recorded from the loan detail on a phone
// offers "Cetak Kwitansi" at once; the print view opens on an uncounted preview (issue 51: opening
// the page is no print), "Cetak" prints the original, and reloading the page prints nothing; the
// payment detail on a desktop opens the preview that announces the copy, "Cetak" prints it as
// SALINAN – Cetakan ke-2; the 80 mm paper and "Unduh PDF" give the receipt as a PDF (ke-3), read
// back with poppler.
// Profil Lembaga: an administrator fills it in; receipts and the landing page show it.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addMonths, formatRupiah, terbilangRupiah, todayJakarta, type PembayaranDetail } from '@mizan/core';
import { launchBrowser, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap, type ApiSession } from './support/actions';
import { realPng } from '../apps/api/src/test/populate';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
let loanId = 0;
let nasabahId = 0;
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
  nasabahId = nasabah.body.data.id;
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
/** How often the server counted the receipt as printed or downloaded (its uncounted preview says so). */
const printCount = async (id: number) =>
  (await server.api<{ dicetak: number }>('GET', `/pembayaran/${id}/kwitansi/dokumen`)).body.data.dicetak;
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

let paymentId = 0;
const paymentIdForProfile = () => paymentId;

describe('payment receipts', () => {
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
    // Opening the page is a preview: no print dialog, nothing counted.
    await page.getByRole('status').filter({ hasText: 'Kwitansi ini belum pernah dicetak' }).waitFor();
    await snap(page, 'kwitansi-preview-phone');
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Kwitansi ini belum pernah dicetak' }).waitFor();
    expect(await prints(page)).toBe(0);
    expect(await printCount(paymentId)).toBe(0);

    await page.getByRole('button', { name: 'Cetak kwitansi pembayaran' }).click();
    await expect.poll(() => prints(page)).toBe(1);
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain('Aminah Kwitansi');
    expect(text).toContain(formatRupiah(1_240_000));
    expect(text).toContain(terbilangRupiah(1_240_000));
    expect(text).not.toContain('SALINAN');
    expect(await printCount(paymentId)).toBe(1);
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
    await page
      .getByRole('status')
      .filter({
        hasText: 'Kwitansi asli sudah dicetak atau diunduh (1 kali). Cetakan berikutnya bertanda SALINAN – Cetakan ke-2.',
      })
      .waitFor();
    expect(await prints(page)).toBe(0);
    await page.getByRole('button', { name: 'Cetak kwitansi pembayaran' }).click();
    await expect.poll(() => prints(page)).toBe(1);
    await receipt.getByRole('strong').filter({ hasText: 'SALINAN' }).waitFor();
    expect(await receipt.textContent()).toContain('Cetakan ke-2');
    expect(await printCount(paymentId)).toBe(2);
    await snap(page, 'kwitansi-salinan-desktop');

    await page.getByRole('button', { name: 'Kertas 80 mm' }).click();
    await page.waitForURL(/ukuran=80mm/);
    await expect
      .poll(() => page.getByRole('button', { name: 'Kertas 80 mm' }).getAttribute('aria-pressed'), { timeout: 5000 })
      .toBe('true');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh kwitansi pembayaran sebagai PDF' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`Kwitansi-KW-${year}-000001-SALINAN.pdf`);
    const file = `test-results/screens/kwitansi-80mm.pdf`;
    fs.mkdirSync('test-results/screens', { recursive: true });
    await download.saveAs(file);
    const pdf = execFileSync('pdftotext', ['-q', file, '-']).toString('utf8').replace(/\s+/g, ' ');
    expect(pdf).toContain(`KW/${year}/000001`);
    expect(pdf).toContain('Aminah Kwitansi');
    expect(pdf).toContain('Cetakan ke-3');
    expect(await printCount(paymentId)).toBe(3);
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

describe('loan and customer documents', () => {
  it('prints the repayment schedule from the loan detail on a desktop, and downloads it as a PDF', async () => {
    const { context, page } = await open('desktop', `/pinjaman/${loanId}`);
    await page.getByRole('link', { name: 'Cetak jadwal angsuran KW-2501' }).click();
    await page.waitForURL(`**/cetak/jadwal/${loanId}`);
    const doc = page.getByTestId('dokumen');
    await doc.getByRole('heading', { name: 'JADWAL ANGSURAN' }).waitFor();
    // 12 instalments; the first was paid in the first test.
    expect(await doc.locator('tbody tr').count()).toBe(12);
    expect(await doc.locator('tbody tr').first().locator('td').last().textContent()).toBe('Lunas');
    await expect.poll(() => prints(page)).toBe(1);
    await snap(page, 'jadwal-desktop');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh jadwal angsuran sebagai PDF' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('Jadwal-Angsuran-KW-2501.pdf');
    const file = 'test-results/screens/jadwal.pdf';
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-q', file, '-']).toString('utf8');
    expect(text).toContain('JADWAL ANGSURAN');
    expect(text).toContain('Aminah Kwitansi');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', file, 'test-results/screens/jadwal-pdf']);
    await page.getByRole('link', { name: 'Kembali ke detail pinjaman' }).click();
    await page.waitForURL(`**/pinjaman/${loanId}`);
    await context.close();
  });

  it('prints the akad summary on a tablet', async () => {
    const { context, page } = await open('tablet', `/pinjaman/${loanId}`);
    await page.getByRole('link', { name: 'Cetak ringkasan akad KW-2501' }).click();
    const doc = page.getByTestId('dokumen');
    await doc.getByRole('heading', { name: 'RINGKASAN AKAD PEMBIAYAAN' }).waitFor();
    const text = (await doc.textContent()) ?? '';
    expect(text).toContain('Harga jual');
    expect(text).toContain(formatRupiah(14_880_000));
    expect(text).toContain(terbilangRupiah(14_880_000));
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'akad-tablet');
    await context.close();
  });

  it('prints the customer statement from the customer detail on a phone', async () => {
    const { context, page } = await open('phone', `/nasabah/${nasabahId}`);
    await page.getByRole('link', { name: 'Cetak riwayat nasabah Aminah Kwitansi' }).click();
    const doc = page.getByTestId('dokumen');
    await doc.getByRole('heading', { name: 'RIWAYAT NASABAH' }).waitFor();
    const text = (await doc.textContent()) ?? '';
    expect(text).toContain(`KW/${year}/000001`);
    expect(text).toContain('Pinjaman (1)');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'riwayat-phone');
    await context.close();
  });
});

describe('Profil Lembaga', () => {
  it('an administrator fills in the profile and the logo on a desktop; receipts and the landing page show them', async () => {
    const { context, page } = await open('desktop', '/lainnya');
    await page.getByRole('link', { name: /Profil Lembaga/ }).click();
    await page.getByRole('heading', { name: 'Profil Lembaga' }).waitFor();
    await snap(page, 'profil-lembaga-empty-desktop');
    await page.getByLabel('Nama Lembaga').fill('BMT Amanah Sejahtera');
    await page.getByLabel('Alamat').fill('Jl. Raya Cibinong No. 12, Kab. Bogor');
    await page.getByLabel('Telepon').fill('0251-8765432');
    await page.getByLabel('Email').fill('kantor@amanah');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Format email tidak valid').waitFor();
    await page.getByLabel('Email').fill('kantor@amanah.example');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Profil lembaga disimpan').waitFor();
    await page.getByText(/Terakhir diubah oleh Administrator/).waitFor();
    // The app's own header follows at once.
    await page.getByRole('banner').getByText('BMT Amanah Sejahtera').waitFor();

    await page
      .getByLabel('File logo lembaga')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: realPng(32, 32) });
    await page.getByText('Logo lembaga disimpan').waitFor();
    const logo = page.getByRole('img', { name: 'Logo BMT Amanah Sejahtera' });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
    // A file that is no image is refused before it is sent.
    await page
      .getByLabel('File logo lembaga')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a-bukan-png') });
    await page.getByRole('alert').filter({ hasText: 'Logo harus berupa gambar PNG atau JPEG' }).waitFor();
    await snap(page, 'profil-lembaga-desktop');

    // The landing page, as a visitor sees it.
    await page.goto('/');
    const footer = page.locator('#contact');
    await footer.getByText('Jl. Raya Cibinong No. 12, Kab. Bogor').waitFor();
    expect(await footer.getByRole('link', { name: '0251-8765432' }).getAttribute('href')).toBe('tel:+622518765432');
    expect(await page.title()).toContain('BMT Amanah Sejahtera');
    expect(await page.locator('header img').first().getAttribute('src')).toMatch(/^\/api\/profil-lembaga\/logo\?v=/);

    // A receipt carries the profile.
    await page.goto(`/cetak/kwitansi/${paymentIdForProfile()}`);
    const receipt = page.getByTestId('dokumen');
    await receipt.getByText('BMT Amanah Sejahtera').waitFor();
    await receipt.getByText(/Jl\. Raya Cibinong No\. 12, Kab\. Bogor · Telp\. 0251-8765432 · kantor@amanah\.example/).waitFor();
    await expect.poll(() => receipt.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
    await context.close();
  });

  it('reads well on a phone, and an operator neither sees it in Lainnya nor can change it', async () => {
    const { context, page } = await open('phone', '/profil-lembaga');
    await page.getByLabel('Nama Lembaga').waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'profil-lembaga-phone');
    await context.close();

    const created = await server.api('POST', '/auth/register', {
      nama_lengkap: 'Operator Dokumen',
      username: 'operator-dok',
      password: 'rahasia-operator-1',
      role: 'operator',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const operator = await apiSession(server.baseURL, 'operator-dok', 'rahasia-operator-1');
    const opened = await openSignedIn(browser, server.baseURL, operator, 'phone', '/lainnya');
    await opened.page.getByRole('heading', { name: 'Lainnya' }).waitFor();
    await opened.page.getByRole('link', { name: /Kolektibilitas/ }).waitFor();
    expect(await opened.page.getByRole('link', { name: /Profil Lembaga/ }).count()).toBe(0);
    await opened.page.goto('/profil-lembaga');
    await opened.page.getByLabel('Nama Lembaga').waitFor();
    expect(await opened.page.getByLabel('Nama Lembaga').isDisabled()).toBe(true);
    expect(await opened.page.getByRole('button', { name: 'Simpan Pengaturan' }).count()).toBe(0);
    expect(await opened.page.getByRole('button', { name: 'Unggah logo lembaga' }).count()).toBe(0);
    await opened.context.close();
  });
});

describe('a deleted payment’s receipt', () => {
  it('is offered as BATAL right after the payment is deleted on a phone, with its number kept', async () => {
    const created = await server.api<PembayaranDetail>('POST', '/pembayaran', {
      pinjaman_id: loanId,
      tanggal: today,
      jumlah: 1_240_000,
      jenis: 'angsuran',
      angsuran_ke: 2,
      keterangan: null,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const payment = created.body.data;
    expect(payment.nomor_kwitansi).toBe(`KW/${year}/000002`);
    const { context, page } = await open('phone', `/pembayaran/${payment.id}`);
    await page.getByRole('button', { name: 'Hapus' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByRole('button', { name: `Cetak kwitansi batal KW/${year}/000002` }).click();
    const receipt = page.getByTestId('dokumen');
    await receipt.getByRole('strong').filter({ hasText: 'BATAL' }).waitFor();
    expect(await receipt.textContent()).toContain(`No. KW/${year}/000002`);
    expect(await page.getByRole('link', { name: 'Kembali ke daftar pembayaran' }).getAttribute('href')).toBe('/pembayaran');
    await snap(page, 'kwitansi-batal-phone');
    await context.close();
  });
});
