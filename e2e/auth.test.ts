import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startServer, E2E_ADMIN, type RunningServer } from './support/server';
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

describe('login screen', () => {
  it('sends a logged-out visitor of a private page to /login', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/nasabah');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'LOGIN AKUN' }).waitFor();
    await context.close();
  });

  it('shows field errors without sending a request, and both fields are required by the browser', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    const loginRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) loginRequests.push(r.url());
    });
    await page.goto('/login');
    expect(await page.getByLabel('Username').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('required')).not.toBeNull();
    await page.getByLabel('Username').fill('    ');
    await page.getByLabel('Password', { exact: true }).fill('apa saja');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.getByText('Username tidak boleh kosong').waitFor();
    expect(loginRequests).toHaveLength(0);
    await context.close();
  });

  it('toggles the password visibility', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('rahasia');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Tampilkan password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Sembunyikan password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('shows the Login Gagal banner with the server message on wrong credentials', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill('password-salah');
    await page.getByRole('button', { name: 'Masuk' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Login Gagal' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Username atau password salah');
    expect(page.url()).toMatch(/\/login$/);
    await snap(page, 'login-failed-390');
    await context.close();
  });

  it('has a link back to the landing page', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
    await page.waitForURL(`${server.baseURL}/`);
    await context.close();
  });
});

describe('signed in', () => {
  it('signs in with a success toast, lands on the dashboard and highlights it', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await page.goto('/login');
    await snap(page, 'login-1280');
    await signIn(page);
    await page.getByText('Login berhasil! Selamat datang kembali.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Nasabah' }).click();
    await page.waitForURL('**/nasabah');
    // The address changes first; the menu marks the new page when the navigation (a transition
    // that loads the page's code) commits, so the marks are waited for, not read at once.
    const current = (name: string) => nav.getByRole('link', { name }).getAttribute('aria-current');
    await expect.poll(() => current('Nasabah'), { timeout: 10_000 }).toBe('page');
    expect(await current('Dashboard')).toBeNull();
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(stored.user ?? '{}').username).toBe(E2E_ADMIN.username);
    await context.close();
  });

  it('keeps the session across a reload and logs out to /login, clearing the token', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page);
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('goes to /login when the stored token is no longer valid', async () => {
    const { context, page } = await newPage(browser, server.baseURL);
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('token', 'rusak.rusak.rusak'));
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('on a phone, hides the navigation behind a menu toggle and shows the user name', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page);
    const desktopNav = page.getByRole('navigation', { name: 'Navigasi utama', exact: true });
    expect(await desktopNav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Buka menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Navigasi utama (seluler)' });
    await mobileNav.waitFor();
    await expect(page.locator('#mobile-menu').textContent()).resolves.toContain(E2E_ADMIN.nama_lengkap);
    await snap(page, 'menu-open-390');
    await mobileNav.getByRole('link', { name: 'Pinjaman' }).click();
    await page.waitForURL('**/pinjaman');
    await mobileNav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
