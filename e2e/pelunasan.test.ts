import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addMonths, todayJakarta } from '@mizan/core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { nasabahPayload, murabahahPayload } from './support/data';
import { apiSession, openSignedIn, signIn, snap } from './support/actions';

// Pelunasan Dipercepat (issue 27 B): the quote by fatwa 153/2022 in the dialog, a khasm within
// the limit settles at once; one above it waits, and a manager approves it from the queue.

let server: RunningServer;
let browser: Browser;
let counter = 0;
const INSTALMENT = 9_333_333;
// Five months and a bit ago: five instalments due and paid, the sixth month running.
const start = addMonths(todayJakarta(), -5);
const tanggalPinjam = `${start.slice(0, 8)}01` < start ? `${start.slice(0, 8)}01` : start;

async function loanWithFivePaid(nama: string) {
  counter += 1;
  const customer = await server.api<{ id: number }>('POST', '/nasabah', nasabahPayload(nama, counter));
  const loan = await server.api<{ id: number }>(
    'POST',
    '/pinjaman',
    murabahahPayload(customer.body.data.id, `PD-${counter}`, tanggalPinjam, {
      jumlah: 100_000_000,
      persentase: 1,
      jaminan: 'BPKB',
    }),
  );
  expect(loan.status).toBe(201);
  for (let k = 1; k <= 5; k += 1) {
    const pay = await server.api('POST', '/pembayaran', {
      pinjaman_id: loan.body.data.id,
      tanggal: addMonths(tanggalPinjam, k),
      jumlah: INSTALMENT,
      jenis: 'angsuran',
      keterangan: null,
      angsuran_ke: k,
    });
    expect(pay.status).toBe(201);
  }
  return loan.body.data.id;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await server.api('POST', '/auth/register', {
    username: 'manajer',
    nama_lengkap: 'Pak Manajer',
    password: 'password-manajer-1',
    role: 'manajer',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('pelunasan dipercepat', () => {
  it.each<ViewportName>(['desktop', 'phone'])('settles with a khasm within the limit (%s)', async (viewport) => {
    const id = await loanWithFivePaid(`Ibu Warung ${viewport}`);
    const { context, page } = await newPage(browser, server.baseURL, viewport);
    await signIn(page);
    await page.goto(`/pinjaman/${id}`);
    await page.getByRole('button', { name: `Pelunasan dipercepat PD-${counter}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Margin waktu yang telah dilalui (6 dari 12 bulan)').waitFor();
    await dialog.getByText('Margin waktu yang belum dilalui (tidak ditagih)').waitFor();
    // A khasm above the margin still owed is refused in the form.
    await dialog.getByRole('radio', { name: 'Nominal' }).click();
    await dialog.getByLabel('Potongan (Rp)').fill('5000000');
    await dialog.getByLabel('Alasan potongan').selectOption('tepat_waktu');
    await dialog.getByRole('button', { name: 'Catat Pelunasan' }).click();
    await dialog.getByText(/^Potongan tidak boleh melebihi sisa margin/).waitFor();
    await dialog.getByRole('radio', { name: 'Persen' }).click();
    await dialog.getByLabel('Potongan (% dari sisa margin)').fill('5');
    const dibayar = await dialog.getByTestId('pelunasan-dibayar').textContent();
    expect(dibayar).toMatch(/^Rp \d{2}\.\d{3}\.\d{3}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await snap(page, `pelunasan-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Catat Pelunasan' }).click();
    await page.getByText('Pelunasan dipercepat berhasil dicatat').waitFor();
    await page.getByRole('heading', { name: 'Pelunasan Dipercepat' }).waitFor();
    await page.getByText(dibayar!, { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: /Pelunasan dipercepat/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await snap(page, `pelunasan-lunas-${viewport}`);
    await context.close();
  });

  it('a khasm above the limit goes for approval; a manager approves it from the queue (phone)', async () => {
    const id = await loanWithFivePaid('Pak Bengkel');
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page);
    await page.goto(`/pinjaman/${id}`);
    await page.getByRole('button', { name: `Pelunasan dipercepat PD-${counter}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Persen' }).click();
    await dialog.getByLabel('Potongan (% dari sisa margin)').fill('60');
    await dialog.getByLabel('Alasan potongan').selectOption('penurunan_kemampuan');
    await dialog.getByText('Perlu persetujuan').waitFor();
    await dialog.getByRole('button', { name: 'Ajukan Persetujuan' }).click();
    await page.getByText('Potongan di atas batas: pelunasan menunggu persetujuan administrator atau manajer').waitFor();
    await context.close();

    const manajer = await apiSession(server.baseURL, 'manajer', 'password-manajer-1');
    const signed = await openSignedIn(browser, server.baseURL, manajer, 'phone', '/persetujuan');
    await signed.page.getByText('Pelunasan Dipercepat', { exact: true }).waitFor();
    await signed.page.getByText('Potongan (60,00% dari sisa margin)').waitFor();
    await snap(signed.page, 'pelunasan-persetujuan-phone');
    await signed.page.getByRole('button', { name: 'Setujui pengajuan Pak Bengkel' }).click();
    await signed.page.getByRole('dialog').getByRole('button', { name: 'Setujui', exact: true }).click();
    await signed.page.getByText('Pengajuan disetujui').first().waitFor();
    const loan = await server.api<{ status: string }>('GET', `/pinjaman/${id}`);
    expect(loan.body.data.status).toBe('lunas');
    await signed.context.close();
  });
});
