import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('staff accounts', () => {
  it('an admin adds an operator who then signs in (desktop)', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.getByRole('navigation', { name: 'Navigasi utama', exact: true }).getByRole('link', { name: 'Lainnya' }).click();
    await page.getByRole('heading', { name: 'Akun' }).waitFor();
    await page.getByRole('link', { name: /Pengguna/ }).click();
    await page.waitForURL('**/pengguna');
    await page.getByRole('heading', { name: 'Pengguna', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Nama lengkap tidak boleh kosong').waitFor();
    await dialog.getByLabel('Nama Lengkap').fill('Dewi Lestari');
    await dialog.getByLabel('Username').fill('dewi');
    await dialog.getByLabel('Password Awal').fill('password-dewi-1');
    await dialog.getByLabel('Peran').selectOption('operator');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pengguna berhasil ditambahkan').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('user-dewi');
    await card.waitFor();
    expect(await card.getByLabel('Peran Dewi Lestari').inputValue()).toBe('operator');
    await snap(page, 'pengguna-1280');
    await context.close();

    const other = await newPage(browser, server.baseURL, 'phone');
    await signIn(other.page, 'dewi', 'password-dewi-1');
    await other.page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(other.page.locator('#mobile-menu').textContent()).resolves.toContain('Dewi Lestari');
    await other.context.close();
  });

  it('a non-admin does not get the Pengguna page, and its API answers 403', async () => {
    await server.api('POST', '/auth/register', {
      username: 'rudi',
      nama_lengkap: 'Rudi Hartono',
      password: 'password-rudi-1',
      role: 'user',
    });
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page, 'rudi', 'password-rudi-1');
    await page.goto('/lainnya');
    await page.getByRole('link', { name: /Profil Saya/ }).waitFor();
    expect(await page.getByRole('link', { name: /Pengguna/ }).count()).toBe(0);
    await page.goto('/pengguna');
    await page.getByText('Halaman ini hanya dapat dibuka oleh administrator.').waitFor();
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/users', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.status;
    });
    expect(status).toBe(403);
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'changes the profile name and own password, then signs in with it (%s)',
    async (viewport) => {
      const username = `staf${viewport}`;
      await server.api('POST', '/auth/register', {
        username,
        nama_lengkap: 'Staf Lama',
        password: 'password-lama-1',
        role: 'operator',
      });
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page, username, 'password-lama-1');
      await page.goto('/profil');
      await page.getByLabel('Nama Lengkap').fill('Staf Baru');
      await page.getByRole('button', { name: 'Simpan Profil' }).click();
      await page.getByText('Profil berhasil diperbarui').waitFor();
      if (viewport === 'desktop') await page.getByTestId('user-name').filter({ hasText: 'Staf Baru' }).waitFor();
      else {
        await page.getByRole('button', { name: 'Buka menu' }).click();
        await page.locator('#mobile-menu').getByText('Staf Baru').waitFor();
        await page.getByRole('button', { name: 'Tutup menu' }).click();
      }

      await page.getByLabel('Password Saat Ini').fill('password-salah');
      await page.getByLabel('Password Baru', { exact: true }).fill('password-baru-1');
      await page.getByLabel('Konfirmasi Password Baru').fill('password-beda-1');
      await page.getByRole('button', { name: 'Ganti Password' }).click();
      await page.getByText('Konfirmasi password tidak sama').waitFor();
      await page.getByLabel('Konfirmasi Password Baru').fill('password-baru-1');
      await page.getByRole('button', { name: 'Ganti Password' }).click();
      await page.getByText('Password saat ini salah').first().waitFor();
      await page.getByLabel('Password Saat Ini').fill('password-lama-1');
      await page.getByRole('button', { name: 'Ganti Password' }).click();
      await page.getByText(/^Password berhasil diubah/).waitFor();
      await snap(page, `profil-${viewport}`);
      await context.close();

      const again = await newPage(browser, server.baseURL, viewport);
      await signIn(again.page, username, 'password-baru-1');
      await again.context.close();
    },
  );
});
