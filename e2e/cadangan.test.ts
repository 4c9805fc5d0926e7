import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { nasabahPayload } from './support/data';
import { signIn, snap } from './support/actions';

// Lainnya → Cadangan Data (issue 28 B): an administrator sees that no backup exists yet, presses
// "Backup sekarang", sees it succeed with its size, downloads the file (a real .tar.gz); a failed
// backup is shown with its reason; other roles are told the page is for administrators. The page
// also counts the reactions to committed writes waiting or failed (issue 47).

let server: RunningServer;
let failing: RunningServer;
let browser: Browser;

const noSideScroll = async (page: Page, viewport: ViewportName) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

beforeAll(async () => {
  const blocked = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-blocked-')), 'bukan-folder');
  fs.writeFileSync(blocked, 'x');
  [server, failing, browser] = await Promise.all([
    startServer(),
    startServer({ BACKUP_DIR: path.join(blocked, 'cadangan') }),
    launchBrowser(),
  ]);
  expect((await server.api('POST', '/nasabah', nasabahPayload('Ibu Cadangan', 1))).status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await failing?.stop();
});

describe('Cadangan Data', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'makes a backup now, shows it with its size and downloads it (%s)',
    async (viewport) => {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      await page.goto('/lainnya');
      await page.getByRole('link', { name: /Cadangan Data/ }).click();
      await page.getByRole('heading', { name: 'Cadangan Data' }).waitFor();
      await page.getByText('Cadangan terjadwal tidak aktif (BACKUP_SCHEDULE=off).').waitFor();
      // Notifications of committed writes not yet written (issue 47): none here.
      await page
        .getByText('Notifikasi, aktivitas dan usulan ta’zir tertunda: 0 menunggu · 0 gagal (dicoba lagi otomatis)')
        .waitFor();
      if (viewport === 'desktop') {
        await page.getByText('Belum ada cadangan yang dibuat server.').waitFor();
        await page.getByText('Belum ada file cadangan di folder server.').waitFor();
        await snap(page, 'cadangan-kosong-desktop');
      }
      const before = (await server.api<{ files: unknown[] }>('GET', '/backup/status')).body.data.files.length;

      await page.getByRole('button', { name: 'Backup sekarang' }).click();
      await page.getByText('Cadangan sedang dibuat di server.').waitFor();
      const list = page.getByRole('region', { name: 'File cadangan' }).getByRole('listitem');
      await expect.poll(() => list.count(), { timeout: 30_000 }).toBe(before + 1);
      await page.getByRole('button', { name: 'Backup sekarang' }).waitFor();
      const last = page.getByText('Hasil terakhir').locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
      await last.getByText('Berhasil', { exact: true }).waitFor();
      await noSideScroll(page, viewport);
      await snap(page, `cadangan-berhasil-${viewport}`);

      const { files } = (await server.api<{ files: { name: string; bytes: number }[] }>('GET', '/backup/status')).body.data;
      const newest = files[0]!;
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: `Unduh cadangan ${newest.name}` }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(newest.name);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-cadangan-')), newest.name);
      await download.saveAs(file);
      const bytes = fs.readFileSync(file);
      expect(bytes.length).toBe(newest.bytes);
      expect(bytes.subarray(0, 2).toString('hex')).toBe('1f8b'); // gzip
      await context.close();
    },
  );

  it('shows a failed backup with its reason (desktop)', async () => {
    const { context, page } = await newPage(browser, failing.baseURL, 'desktop');
    await signIn(page);
    await page.goto('/cadangan');
    await page.getByRole('button', { name: 'Backup sekarang' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Cadangan terakhir gagal' });
    await failure.waitFor({ timeout: 30_000 });
    await expect.poll(() => failure.textContent()).toMatch(/Cadangan gagal: .*(ENOTDIR|not a directory)/);
    await page.getByText('Gagal', { exact: true }).first().waitFor();
    await snap(page, 'cadangan-gagal-desktop');
    await context.close();
  });

  it('is for administrators only (phone)', async () => {
    const user = await server.api('POST', '/auth/register', {
      username: 'petugas',
      nama_lengkap: 'Petugas Lapangan',
      password: 'petugas-rahasia-1',
      role: 'user',
    });
    expect(user.status).toBe(201);
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page, 'petugas', 'petugas-rahasia-1');
    await page.goto('/lainnya');
    expect(await page.getByRole('link', { name: /Cadangan Data/ }).count()).toBe(0);
    await page.goto('/cadangan');
    await page.getByText('Hanya admin yang dapat melihat dan membuat cadangan.').waitFor();
    expect(await page.getByRole('button', { name: 'Backup sekarang' }).count()).toBe(0);
    await context.close();
  });
});
