// Issue 47, "one truth for every money figure": one loan's figures read on every screen and
// document that shows them — the loan page, the customer page, the dashboard, Tunggakan, Laporan
// Kolektibilitas, the receipt and the customer statement (PDF) — are the same numbers, at 1280 and
// 390 px. The loan: Rp 12.000.000 at 2 % × 12 (instalments of 1.240.000 = 1.000.000 principal +
// 240.000 margin), granted four months ago, its first instalment paid on its due date, the next ones
// not: Sisa Pokok 11.000.000, Sisa Margin 2.640.000, still owed 13.640.000 (not 12.000.000 −
// 1.240.000 = 10.760.000, the specification's formula that counted the margin as principal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addMonths, formatRupiah, todayJakarta, type Tunggakan } from '@mizan/core';
import { launchBrowser, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap, type ApiSession } from './support/actions';
import { pdfText } from '../apps/api/src/test/pdf-text';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;
const ids = { nasabah: 0, pinjaman: 0, pembayaran: 0 };
const today = todayJakarta();
const granted = addMonths(today, -4);
const TRUE = { sisaPokok: 11_000_000, sisaMargin: 2_640_000, sisaKewajiban: 13_640_000, jumlah: 12_000_000 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);
  const nasabah = await server.api<{ id: number }>('POST', '/nasabah', {
    nama: 'Nur Satu Angka',
    nik: '3201000000004701',
    telepon: '0812-3456-4701',
    alamat: 'Jl. Pasar No. 47',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  expect(nasabah.status, JSON.stringify(nasabah.body)).toBe(201);
  ids.nasabah = nasabah.body.data.id;
  const loan = await server.api<{ id: number }>('POST', '/pinjaman', {
    nasabah_id: ids.nasabah,
    nomor_pinjaman: 'SA-47',
    urutan_pinjaman: 1,
    tanggal_pinjam: granted,
    jumlah: TRUE.jumlah,
    persentase: 2,
    tipe: 'pokok',
    durasi_angsuran: 12,
  });
  expect(loan.status, JSON.stringify(loan.body)).toBe(201);
  ids.pinjaman = loan.body.data.id;
  const paid = await server.api<{ id: number }>('POST', '/pembayaran', {
    pinjaman_id: ids.pinjaman,
    tanggal: addMonths(granted, 1),
    jumlah: 1_240_000,
    jenis: 'angsuran',
    angsuran_ke: 1,
    keterangan: null,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  ids.pembayaran = paid.body.data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The text of the smallest element around the first label shown exactly that holds more than the
 * label (a figure's label and its value, a card's title and its number).
 */
async function figure(page: Page, label: string): Promise<string> {
  const first = page.getByText(label, { exact: true }).first();
  await first.waitFor();
  return first.evaluate((el) => {
    const own = (el as HTMLElement).innerText.trim();
    for (let node = el.parentElement; node; node = node.parentElement) {
      const text = node.innerText.replace(/\s+/g, ' ').trim();
      if (text !== own) return text;
    }
    return own;
  });
}

/** Waits until the figure of `label` shows `value`. */
const shows = (page: Page, label: string, value: string | RegExp) =>
  expect.poll(() => figure(page, label))[typeof value === 'string' ? 'toContain' : 'toMatch'](value as never);

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A document as its text (poppler's pdftotext), downloaded as the signed-in staff member. */
async function pdf(url: string, method = 'GET'): Promise<string> {
  const res = await fetch(`${server.baseURL}/api${url}`, { method, headers: { authorization: `Bearer ${session.token}` } });
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
}

describe('one loan’s figures on every screen and document', () => {
  it.each<ViewportName>(['desktop', 'phone'])('are the same numbers everywhere (%s)', async (viewport) => {
    const [late] = (await server.api<Tunggakan[]>('GET', '/tunggakan')).body.data;
    // Instalments 2 and 3 (at least) are past due: their arrears are principal of the principal left.
    expect(late).toMatchObject({ pinjaman_id: ids.pinjaman, sisa_pokok: TRUE.sisaPokok });
    expect(late!.tunggakan_pokok).toBeGreaterThanOrEqual(2_000_000);
    expect(late!.tunggakan_pokok).toBeLessThanOrEqual(TRUE.sisaPokok);

    const { context, page } = await openSignedIn(browser, server.baseURL, session, viewport, `/pinjaman/${ids.pinjaman}`);
    await page.getByText('Progress Pembayaran').waitFor();
    await shows(page, 'Sisa Pokok', formatRupiah(TRUE.sisaPokok));
    await shows(page, 'Sisa Margin', formatRupiah(TRUE.sisaMargin));
    await shows(page, 'Sisa Kewajiban', formatRupiah(TRUE.sisaKewajiban));
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, `satu-angka-pinjaman-${viewport}`);

    await page.goto(`/nasabah/${ids.nasabah}`);
    await shows(page, 'Sisa Pinjaman', formatRupiah(TRUE.sisaKewajiban));
    await shows(page, 'Pinjaman Aktif', /^Pinjaman Aktif 1$/);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/dashboard');
    await shows(page, 'Outstanding', formatRupiah(TRUE.sisaPokok));
    await shows(page, 'Total Nilai Pinjaman', formatRupiah(TRUE.jumlah));
    await shows(page, 'Pinjaman Aktif', /^Pinjaman Aktif 1\b/);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, `satu-angka-dashboard-${viewport}`);

    await page.goto('/tunggakan');
    const row = page.getByTestId('tunggakan-row').filter({ hasText: 'Nur Satu Angka' });
    await expect.poll(() => row.innerText()).toContain(formatRupiah(late!.tunggakan_total));
    // The list's Sisa Pokok column is shown from 1280 px.
    if (viewport === 'desktop') expect(await row.innerText()).toContain(formatRupiah(TRUE.sisaPokok));
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/laporan/kolektibilitas');
    await page.getByText('Outstanding per Golongan').waitFor();
    await page.getByText(formatRupiah(TRUE.sisaPokok)).first().waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await context.close();

    const kwitansi = await pdf(`/pembayaran/${ids.pembayaran}/kwitansi.pdf`, 'POST');
    expect(kwitansi).toContain(`Sisa pokok setelah pembayaran ini ${formatRupiah(TRUE.sisaPokok)}`);
    const riwayat = await pdf(`/nasabah/${ids.nasabah}/riwayat.pdf`);
    expect(riwayat).toContain(`Sisa pokok ${formatRupiah(TRUE.sisaPokok)}`);
    expect(riwayat).toContain(`Sisa pinjaman (masih harus dibayar) ${formatRupiah(TRUE.sisaKewajiban)}`);
  });
});
