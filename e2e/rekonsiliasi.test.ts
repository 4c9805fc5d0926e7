import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, addMonths, formatDateLong, todayJakarta, type Rekonsiliasi } from '@mizan/core';
import { openPglite } from '../apps/api/src/db/database';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { murabahahWithInstalments, openSignedIn, signIn, snap, staffSessions } from './support/actions';

// The books' reconciliation on the dashboard (issue 48 item 5). A Murabahah with one instalment
// paid: the receivable is Rp 13.640.000. The server reconciles yesterday at start: cocok, one quiet
// line for the administrator. Then, with the server stopped, a balanced but wrong journal dated
// yesterday moves Rp 1.000.000 from the receivable to cash, and the day's run is forgotten, as if
// the server had been off at midnight: the next start finds the difference, and the administrator's
// dashboard names it.

let server: RunningServer;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mizan-e2e-rekonsiliasi-'));
const yesterday = addDays(todayJakarta(), -1);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { dataDir, keepData: true }), launchBrowser()]);
  await murabahahWithInstalments(server, { nama: 'Siti Aminah', n: 1 }, 'REK-1', addMonths(todayJakarta(), -3), 1);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const latest = async () => (await server.api<Rekonsiliasi | null>('GET', '/akuntansi/rekonsiliasi')).body.data;
const noOverflow = async (page: Page, viewport: ViewportName) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

describe('books that reconcile', () => {
  it('show the administrator one quiet line', async () => {
    expect(await latest()).toMatchObject({ tanggal: yesterday, cocok: true });
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page
      .getByRole('status')
      .filter({ hasText: `Rekonsiliasi pembukuan ${formatDateLong(yesterday)}: cocok` })
      .waitFor();
    expect(await page.getByText('Pembukuan tidak cocok').count()).toBe(0);
    await context.close();
  });
});

describe('books that do not reconcile', () => {
  beforeAll(async () => {
    await server.stop();
    const handle = await openPglite(dataDir);
    try {
      await handle.db.transaction().execute(async (trx) => {
        const akun = async (kode: string) =>
          (await trx.selectFrom('akun').select('id').where('kode', '=', kode).executeTakeFirstOrThrow()).id;
        const [kas, piutang] = [await akun('1101'), await akun('1201')];
        const { id } = await trx
          .insertInto('jurnal')
          .values({ tanggal: yesterday, sumber: 'umum', keterangan: 'Koreksi keliru' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('jurnal_baris')
          .values([
            { jurnal_id: id, akun_id: kas, tanggal: yesterday, debit: 1_000_000 },
            { jurnal_id: id, akun_id: piutang, tanggal: yesterday, kredit: 1_000_000 },
          ])
          .execute();
        await trx.deleteFrom('job_runs').where('job', '=', 'rekonsiliasi-buku').where('tanggal', '=', yesterday).execute();
      });
    } finally {
      await handle.close();
    }
    server = await startServer({}, { dataDir, keepData: true });
    // The start-up run works in the background after the server answers.
    const deadline = Date.now() + 30_000;
    while ((await latest())?.cocok !== false && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await latest()).toMatchObject({ tanggal: yesterday, cocok: false, dijalankan_oleh: null });
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'name the check, what the money says, what the books hold and the difference on the dashboard (%s)',
    async (viewport) => {
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      const alert = page.getByRole('alert').filter({ hasText: `Pembukuan tidak cocok per ${formatDateLong(yesterday)}` });
      await alert.waitFor();
      const failed = alert.getByRole('list', { name: 'Pemeriksaan yang tidak cocok' }).getByRole('listitem');
      expect(await failed.count()).toBe(1);
      await failed.getByText('Piutang Murabahah = sisa kewajiban nasabah Murabahah').waitFor();
      await failed.getByText('akun 1201 Piutang Murabahah').waitFor();
      for (const [label, value] of [
        ['Seharusnya', 'Rp 13.640.000'],
        ['Tercatat', 'Rp 12.640.000'],
        ['Selisih', '-Rp 1.000.000'],
      ] as const)
        expect(await failed.locator('div', { has: page.getByText(label, { exact: true }) }).innerText()).toContain(value);
      expect(await alert.getByRole('link', { name: 'Buka Neraca Saldo' }).getAttribute('href')).toBe(
        `/laporan/neraca-saldo?tanggal=${yesterday}`,
      );
      await noOverflow(page, viewport);
      await snap(page, `dashboard-rekonsiliasi-${viewport}`);
      await context.close();
    },
  );

  it('checks again on Periksa ulang, as of today, and still finds the difference', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.getByRole('button', { name: 'Periksa ulang' }).click();
    await page.getByText('Rekonsiliasi pembukuan selesai: masih ada selisih').waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: `Pembukuan tidak cocok per ${formatDateLong(todayJakarta())}` })
      .waitFor();
    expect((await latest())?.dijalankan_oleh).toBe('Administrator');
    await context.close();
  });

  it('are not shown to staff who do not keep the books', async () => {
    const [operator] = await staffSessions(server, [['kasir', 'operator', 'Siti Kasir']] as const);
    const { context, page } = await openSignedIn(browser, server.baseURL, operator, 'phone', '/dashboard');
    await page.getByRole('heading', { name: "Assalamu'alaikum, Siti Kasir" }).waitFor();
    await page.getByText('Aktivitas Terbaru').first().waitFor();
    expect(await page.getByText('Pembukuan tidak cocok').count()).toBe(0);
    expect(await page.getByText(/Rekonsiliasi pembukuan/).count()).toBe(0);
    await context.close();
  });
});
