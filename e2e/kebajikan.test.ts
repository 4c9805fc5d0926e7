import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, addMonths, todayJakarta } from '@mizan/core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { nasabahPayload, murabahahPayload } from './support/data';
import { loseFirstAnswer, signIn, snap } from './support/actions';

// Ta'zir & Dana Kebajikan (issue 27 C): an administrator writes ta'zir into new akad; a late
// instalment brings a proposal; staff confirm it with its basis and it enters the fund; the fund is
// disbursed; a ta'widh is recorded with its evidence.

let server: RunningServer;
let browser: Browser;
let counter = 0;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A loan whose first instalment was paid 20 days late (its ta'zir proposed). */
async function lateLoan(nama: string) {
  counter += 1;
  const customer = await server.api<{ id: number }>('POST', '/nasabah', nasabahPayload(nama, counter));
  const tanggal = addMonths(todayJakarta(), -3);
  const loan = await server.api<{ id: number }>(
    'POST',
    '/pinjaman',
    murabahahPayload(customer.body.data.id, `TZ-${counter}`, tanggal),
  );
  expect(loan.status).toBe(201);
  const pay = await server.api('POST', '/pembayaran', {
    pinjaman_id: loan.body.data.id,
    tanggal: addDays(addMonths(tanggal, 1), 20),
    jumlah: 1_240_000,
    jenis: 'angsuran',
    keterangan: null,
    angsuran_ke: 1,
  });
  expect(pay.status).toBe(201);
  return loan.body.data.id;
}

const noSideScroll = async (page: Page, viewport: ViewportName) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('ta’zir and the Dana Kebajikan', () => {
  it('an administrator writes ta’zir into new akad from the page (desktop)', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.goto('/lainnya');
    await page.getByRole('link', { name: /Ta’zir & Dana Kebajikan/ }).click();
    await page.getByRole('heading', { name: 'Ta’zir & Dana Kebajikan' }).waitFor();
    await page.getByText('Tidak ada usulan ta’zir.').waitFor();
    await page.getByLabel('Cantumkan ta’zir dalam akad pinjaman baru').check();
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Pengaturan ta’zir disimpan. Berlaku untuk pinjaman baru.').waitFor();
    await snap(page, 'kebajikan-kosong-desktop');
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])('confirms a proposal into the fund and disburses it (%s)', async (viewport) => {
    await lateLoan(`Ibu Warung ${viewport}`);
    const { context, page } = await newPage(browser, server.baseURL, viewport);
    await signIn(page);
    await page.goto('/kebajikan');
    const card = page.getByRole('article', { name: `Ta’zir Ibu Warung ${viewport} angsuran ke-1` });
    await card.getByText('20 hari terlambat', { exact: false }).waitFor();
    await noSideScroll(page, viewport);
    await snap(page, `kebajikan-usulan-${viewport}`);
    await card.getByRole('button', { name: `Tetapkan ta’zir Ibu Warung ${viewport} angsuran ke-1` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Tetapkan', exact: true }).click();
    await dialog.getByText('Tuliskan dasar penetapan: nasabah mampu membayar tetapi menunda').waitFor();
    await dialog.getByLabel('Dasar penetapan').fill('Warung tetap buka, nasabah menunda');
    await dialog.getByRole('button', { name: 'Tetapkan', exact: true }).click();
    await page.getByText('Ta’zir ditetapkan dan diterima ke Dana Kebajikan').waitFor();
    const fund = await server.api<{ saldo: number }>('GET', '/dana-kebajikan');
    await page.getByText(`Ta’zir angsuran ke-1 Ibu Warung ${viewport}`, { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Salurkan Dana' }).click();
    const salur = page.getByRole('dialog');
    await salur.getByLabel('Jumlah').fill(String(fund.body.data.saldo + 1));
    await salur.getByLabel('Tujuan').fill('Santunan anak yatim');
    await salur.getByLabel('Penerima').fill('Panti Asuhan Al-Ikhlas');
    await salur.getByRole('button', { name: 'Catat Penyaluran' }).click();
    await salur.getByText(/^Saldo Dana Kebajikan tidak cukup/).waitFor();
    await salur.getByLabel('Jumlah').fill('30000');
    await salur.getByRole('button', { name: 'Catat Penyaluran' }).click();
    await page.getByText('Penyaluran Dana Kebajikan dicatat').waitFor();
    await page.getByText('Santunan anak yatim — Panti Asuhan Al-Ikhlas').first().waitFor();
    expect((await server.api<{ saldo: number }>('GET', '/dana-kebajikan')).body.data.saldo).toBe(fund.body.data.saldo - 30_000);
    await noSideScroll(page, viewport);
    await snap(page, `kebajikan-dana-${viewport}`);
    await context.close();
  });

  it('records a ta’widh with its evidence on the loan page (phone)', async () => {
    const id = await lateLoan('Pak Bengkel');
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page);
    await page.goto(`/pinjaman/${id}`);
    await page.getByText('Rp 50.000 per angsuran yang dibayar lebih dari 7 hari setelah jatuh tempo', { exact: false }).waitFor();
    await page.getByRole('article', { name: 'Ta’zir Pak Bengkel angsuran ke-1' }).waitFor();
    await page.getByRole('button', { name: 'Catat ta’widh pinjaman ini' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Jumlah biaya riil').fill('150000');
    await dialog.getByLabel('Uraian biaya').fill('Biaya kunjungan penagihan ke bengkel');
    await dialog.getByRole('button', { name: 'Simpan Ta’widh' }).click();
    await dialog.getByText('Bukti biaya (foto atau PDF kwitansi) wajib diunggah').waitFor();
    await dialog
      .getByLabel('Bukti biaya (foto atau PDF kwitansi)')
      .setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Simpan Ta’widh' }).click();
    await page.getByText('Ta’widh dicatat').first().waitFor();
    await page.getByText('Biaya kunjungan penagihan ke bengkel').waitFor();
    await noSideScroll(page, 'phone');
    await snap(page, 'kebajikan-tawidh-phone');
    await context.close();
  });
});

describe('receiving a ta’zir’s money (issue 51)', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'Terima Pembayaran sends an Idempotency-Key: a receipt whose answer was lost is received once (%s)',
    async (viewport) => {
      // Ta'zir written into new akad (as the first test of this file does on its page).
      expect((await server.api('PUT', '/settings/tazir', { aktif: true, jumlah: 50_000, tenggang_hari: 7 })).status).toBe(200);
      const loanId = await lateLoan(`Pak Terima ${viewport}`);
      const list = await server.api<{ id: number }[]>('GET', `/tazir?pinjaman_id=${loanId}`);
      const tazirId = list.body.data[0]!.id;
      const set = await server.api('POST', `/tazir/${tazirId}/tetapkan`, { catatan: 'Nasabah mampu, menunda', diterima: false });
      expect(set.status).toBe(200);
      const fundBefore = (await server.api<{ saldo: number }>('GET', '/dana-kebajikan')).body.data.saldo;
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      // The first receipt reaches the server; its answer never arrives.
      const keys = await loseFirstAnswer(page, `**/api/tazir/${tazirId}/terima`);
      await page.goto('/kebajikan?status=ditagih');
      const button = page.getByRole('button', { name: `Terima ta’zir Pak Terima ${viewport} angsuran ke-1` });
      await button.click();
      await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
      await button.click();
      await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      // Received once: the fund grew by the one ta'zir.
      const tazir = (await server.api<{ id: number; status: string; jumlah: number }[]>('GET', `/tazir?pinjaman_id=${loanId}`))
        .body.data[0]!;
      expect(tazir.status).toBe('diterima');
      await expect
        .poll(async () => (await server.api<{ saldo: number }>('GET', '/dana-kebajikan')).body.data.saldo)
        .toBe(fundBefore + tazir.jumlah);
      await context.close();
    },
  );
});
