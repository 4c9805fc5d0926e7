import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap, staffSessions, type ApiSession } from './support/actions';

// Lainnya → Bagan Akun & Pemetaan (issue 48): administrators and managers add the institution's
// own accounts (a second bank account), rename and delete them, and choose the account each
// posting role goes to; the payment form then offers the new bank account.

let server: RunningServer;
let browser: Browser;
let admin: ApiSession;
let kasir: ApiSession;

interface ChartRow {
  id: number;
  kode: string;
  nama: string;
  kas_bank: boolean;
  peran: string[];
}

async function api<T>(method: string, path: string, body?: unknown, session = admin): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}
const chart = async () => (await api<ChartRow[]>('GET', '/akuntansi/akun')).data;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiSession(server.baseURL);
  [kasir] = await staffSessions(server, [['kasir', 'operator', 'Siti Kasir']]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = async (page: Page, viewport: ViewportName) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

describe('Bagan Akun & Pemetaan', () => {
  it('adds a second bank account, refuses a code taken, maps cash to it and renames it (desktop)', async () => {
    const { context, page } = await openSignedIn(browser, server.baseURL, admin, 'desktop', '/lainnya');
    await page.getByRole('link', { name: /Bagan Akun & Pemetaan/ }).click();
    await page.getByRole('heading', { name: 'Bagan Akun & Pemetaan' }).waitFor();
    await page.getByTestId('akun-1101').getByText('Kas/Bank').waitFor();
    expect(await page.getByTestId('akun-1101').textContent()).toContain('Posting: Kas masuk dan keluar');

    // A code already used is refused on its field.
    await page.getByRole('button', { name: 'Tambah Akun' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Kode').fill('1101');
    await dialog.getByLabel('Nama').fill('Bank Syariah Indonesia');
    await dialog.getByLabel('Kelompok').selectOption({ label: 'Aset' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Kode akun 1101 sudah dipakai akun lain').waitFor();
    await dialog.getByLabel('Kode').fill('1103');
    await dialog.getByRole('checkbox', { name: /Akun kas atau bank/ }).check();
    await snap(page, 'bagan-akun-tambah-1280');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Akun berhasil ditambahkan').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('akun-1103').getByText('Kas/Bank').waitFor();
    const bsi = (await chart()).find((a) => a.kode === '1103')!;
    expect(bsi).toMatchObject({ nama: 'Bank Syariah Indonesia', kas_bank: true, peran: [] });

    // Cash goes to the new account from now on; the chart says so.
    const kas = page.getByLabel('Kas masuk dan keluar');
    await kas.selectOption({ label: '1103 · Bank Syariah Indonesia' });
    await page.getByRole('button', { name: 'Simpan pemetaan Kas masuk dan keluar' }).click();
    await page.getByText('Kas masuk dan keluar kini diposting ke akun yang dipilih').waitFor();
    expect((await chart()).find((a) => a.kode === '1103')?.peran).toEqual(['kas']);
    // Mapped, it cannot be deleted: no Hapus button; 1101 loses its mark of the role.
    expect(await page.getByRole('button', { name: 'Hapus akun 1103 Bank Syariah Indonesia' }).count()).toBe(0);
    expect(await page.getByTestId('akun-1101').textContent()).not.toContain('Posting:');
    await snap(page, 'bagan-akun-1280');
    await noSideScroll(page, 'desktop');

    // Renamed.
    await page.getByRole('button', { name: 'Ubah akun 1103 Bank Syariah Indonesia' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nama').fill('BSI Cabang Bogor');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Akun berhasil diperbarui').waitFor();
    await page.getByTestId('akun-1103').getByText('BSI Cabang Bogor').waitFor();

    // Back to the default for the tests after.
    const back = await api('PUT', '/akuntansi/peran', {
      peran: 'kas',
      akun_id: (await chart()).find((a) => a.kode === '1101')!.id,
    });
    expect(back.status).toBe(200);
    await context.close();
  });

  it('deletes an account nothing used, and the payment form offers each bank account (phone)', async () => {
    const added = await api<ChartRow[]>('POST', '/akuntansi/akun', {
      kode: '6299',
      nama: 'Beban Perjalanan Dinas',
      kelompok: 'beban',
    });
    expect(added.status).toBe(201);
    const { context, page } = await openSignedIn(browser, server.baseURL, admin, 'phone', '/pengaturan-akun');
    await page.getByTestId('akun-6299').waitFor();
    await noSideScroll(page, 'phone');
    await snap(page, 'bagan-akun-390');
    await page.getByRole('button', { name: 'Hapus akun 6299 Beban Perjalanan Dinas' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Akun 6299 dihapus').waitFor();
    await page.getByTestId('akun-6299').waitFor({ state: 'detached' });
    expect((await chart()).some((a) => a.kode === '6299')).toBe(false);
    await context.close();

    // An operator records payments: the form offers cash and every active bank account.
    const offered = await api<{ kode: string }[]>('GET', '/akuntansi/akun-kas', undefined, kasir);
    expect(offered.data.map((a) => a.kode)).toEqual(['1101', '1102', '1103']);
    const form = await openSignedIn(browser, server.baseURL, kasir, 'phone', '/pembayaran');
    await form.page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    const channel = form.page.getByRole('dialog').getByLabel('Diterima melalui');
    await expect
      .poll(() => channel.locator('option').allTextContents())
      .toEqual(['Tunai (Kas)', 'Transfer ke Bank (1102)', 'Transfer ke BSI Cabang Bogor (1103)']);
    // The operator does not configure the books.
    const refused = await api('POST', '/akuntansi/akun', { kode: '1109', nama: 'X', kelompok: 'aset' }, kasir);
    expect(refused.status).toBe(403);
    await form.context.close();
  });
});
