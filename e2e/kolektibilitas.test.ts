import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { KolektibilitasSettingsResponse } from '@mizan/core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, signIn, snap } from './support/actions';

// Lainnya → Kolektibilitas (issue 23): presets by name, bands of one's own, "one customer, one
// grade" and PPAP; administrators save, everyone else reads.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await server.api('POST', '/auth/register', {
    username: 'petugas',
    nama_lengkap: 'Petugas Satu',
    password: 'password-petugas-1',
    role: 'operator',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const setting = async () => (await server.api<KolektibilitasSettingsResponse>('GET', '/settings/kolektibilitas')).body.data;

describe('kolektibilitas settings', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'an admin chooses a preset, saves, and is stopped by bands that do not rise (%s)',
    async (viewport) => {
      // Each viewport starts from OJK's classes.
      await server.api('PUT', '/settings/kolektibilitas', (await setting()).presets[0]!.setting);
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      await page.goto('/lainnya');
      await page.getByRole('link', { name: /Kolektibilitas/ }).click();
      await page.getByRole('heading', { name: 'Kolektibilitas', exact: true }).waitFor();
      const ojk = page.getByRole('button', { name: 'Pakai preset OJK — pembiayaan bank (bawaan)' });
      expect(await ojk.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByLabel('Batas hari Dalam Perhatian Khusus').inputValue()).toBe('90');

      // The koperasi preset: no DPK, and what is not confirmed of it is said.
      await page.getByRole('button', { name: 'Pakai preset Koperasi syariah (KSPPS, tanpa DPK)' }).click();
      expect(await page.getByLabel('Pakai golongan Dalam Perhatian Khusus').isChecked()).toBe(false);
      await page.getByText('Batas hari belum dikonfirmasi dari teks peraturan kementerian', { exact: false }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await snap(page, `kolektibilitas-${viewport}`);
      await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
      await page.getByText('Pengaturan kolektibilitas disimpan. Kolektibilitas semua pinjaman sedang dihitung ulang.').waitFor();
      expect((await setting()).preset).toBe('kspps');
      await page.getByText(/Terakhir diubah oleh/).waitFor();

      // Bands of one's own that do not rise: refused in the form, nothing sent.
      await page.getByLabel('Batas hari Kurang Lancar').fill('50');
      await page.getByText('Pengaturan sendiri (tidak sama dengan preset mana pun).').waitFor();
      await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
      await page.getByRole('alert').filter({ hasText: 'Batas hari harus naik berurutan' }).waitFor();
      expect((await setting()).setting.bands.map((b) => b.sampai_hari)).toEqual([90, 180, 270, null]);
      await snap(page, `kolektibilitas-error-${viewport}`);
      await context.close();
    },
  );

  it('shows the classes to an operator without letting them change it (phone)', async () => {
    const session = await apiSession(server.baseURL, 'petugas', 'password-petugas-1');
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'phone', '/kolektibilitas');
    await page.getByText('Hanya admin yang dapat mengubah pengaturan ini').waitFor();
    expect(await page.getByRole('button', { name: 'Simpan Pengaturan' }).count()).toBe(0);
    expect(await page.getByLabel('Batas hari Kurang Lancar').isDisabled()).toBe(true);
    await snap(page, 'kolektibilitas-operator-phone');
    await context.close();
  });
});
