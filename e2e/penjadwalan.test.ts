import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addMonths, todayJakarta } from '@mizan/core';
import { launchBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { murabahahWithInstalments, openSignedIn, snap, staffSessions, type ApiSession } from './support/actions';

// Penjadwalan Kembali (issue 27 D): an officer proposes a new schedule for a Murabahah in arrears
// (the same remaining obligation over more months), a manager approves it from the queue, and the
// loan shows the new schedule without arrears and the rescheduling in its history.

let server: RunningServer;
let browser: Browser;
let petugas: ApiSession;
let manajer: ApiSession;
let counter = 0;

/** Rp 12.000.000 at 2 % for 12 months from six months ago: three instalments paid, three in arrears. */
async function loanInArrears(nama: string) {
  counter += 1;
  return murabahahWithInstalments(server, { nama, n: counter }, `JU-${counter}`, addMonths(todayJakarta(), -6), 3);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [petugas, manajer] = await staffSessions(server, [
    ['petugas', 'operator', 'Siti Petugas'],
    ['manajer', 'manajer', 'Pak Manajer'],
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('penjadwalan kembali', () => {
  it.each<ViewportName>(['desktop', 'phone'])('an officer proposes, a manager approves (%s)', async (viewport) => {
    const id = await loanInArrears(`Ibu Warung ${viewport}`);
    const officer = await openSignedIn(browser, server.baseURL, petugas, viewport, `/pinjaman/${id}`);
    await officer.page.getByRole('button', { name: `Jadwalkan ulang JU-${counter}` }).click();
    const dialog = officer.page.getByRole('dialog');
    await dialog.getByLabel('Durasi baru (bulan)').fill('18');
    await dialog.getByLabel('Masa tenggang (bulan)').selectOption('1');
    // Nine instalments of Rp 1.240.000 still owed, three of them in arrears, over 18 months.
    await dialog.getByText('Rp 11.160.000').waitFor();
    await dialog.getByText('Rp 620.000').waitFor();
    await dialog.getByLabel('Alasan penjadwalan').fill('Pasar direnovasi, omzet turun');
    expect(await officer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await snap(officer.page, `penjadwalan-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Ajukan Persetujuan' }).click();
    await officer.page.getByText('Penjadwalan kembali diajukan dan menunggu persetujuan administrator atau manajer').waitFor();
    await officer.context.close();

    const approver = await openSignedIn(browser, server.baseURL, manajer, viewport, '/persetujuan');
    await approver.page.getByText('Diajukan oleh').first().waitFor();
    await snap(approver.page, `penjadwalan-antrean-${viewport}`);
    await approver.page.getByText('Rp 11.160.000 dijadwalkan ulang dalam 18 bulan', { exact: false }).waitFor();
    await approver.page.getByRole('button', { name: `Setujui pengajuan Ibu Warung ${viewport}` }).click();
    await approver.page.getByRole('dialog').getByRole('button', { name: 'Setujui', exact: true }).click();
    await approver.page.getByText('Pengajuan disetujui').first().waitFor();
    await approver.page.goto(`/pinjaman/${id}`);
    await approver.page.getByRole('heading', { name: 'Riwayat Penjadwalan' }).waitFor();
    await approver.page.getByTestId('jadwal-ringkasan').filter({ hasText: 'Tidak ada tunggakan' }).waitFor();
    expect(await approver.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await snap(approver.page, `penjadwalan-disetujui-${viewport}`);
    await approver.context.close();
  });
});
