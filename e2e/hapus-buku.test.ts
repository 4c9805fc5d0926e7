import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addMonths, todayJakarta } from '@mizan/core';
import { launchBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server';
import { apiSession, murabahahWithInstalments, openSignedIn, snap, staffSessions, type ApiSession } from './support/actions';

// Hapus buku (issue 47): an administrator asks to write off a Murabahah of kolektibilitas 5, a
// manager approves it from the queue; the loan page then says what left the books and that the
// customer still owes it, and a later payment shows as a recovery.

let server: RunningServer;
let browser: Browser;
let admin: ApiSession;
let manajer: ApiSession;
let counter = 0;

/** Rp 12.000.000 at 2 % × 12 from fourteen months ago, two instalments paid: months in arrears, class 5. */
async function macetLoan(nama: string) {
  counter += 1;
  return murabahahWithInstalments(server, { nama, n: counter }, `HB-${counter}`, addMonths(todayJakarta(), -14), 2);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [manajer] = await staffSessions(server, [['manajer', 'manajer', 'Pak Manajer']]);
  admin = await apiSession(server.baseURL, E2E_ADMIN.username, E2E_ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const noSideScroll = async (page: import('playwright-core').Page, viewport: ViewportName) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

describe('hapus buku', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'an administrator asks, a manager approves, a recovery follows (%s)',
    async (viewport) => {
      const nama = `Bapak Toko ${viewport}`;
      const id = await macetLoan(nama);
      const code = `HB-${counter}`;
      const asker = await openSignedIn(browser, server.baseURL, admin, viewport, `/pinjaman/${id}`);
      await asker.page.getByRole('button', { name: `Ajukan hapus buku ${code}` }).click();
      const dialog = asker.page.getByRole('dialog');
      // Ten instalments of 1.000.000 + 240.000 still owed: all of it leaves the books, all of it is still owed.
      await dialog.getByText('Rp 10.000.000').waitFor();
      await dialog.getByText('Rp 2.400.000').waitFor();
      await dialog.getByText('Rp 12.400.000').waitFor();
      await dialog.getByText('Hapus buku bukan hapus tagih').waitFor();
      await dialog.getByRole('button', { name: 'Ajukan Persetujuan' }).click();
      await dialog.getByText('Alasan hapus buku wajib diisi').waitFor();
      await dialog.getByLabel('Alasan hapus buku').fill('Usaha tutup, nasabah pindah kota');
      await noSideScroll(asker.page, viewport);
      await snap(asker.page, `hapus-buku-dialog-${viewport}`);
      await dialog.getByRole('button', { name: 'Ajukan Persetujuan' }).click();
      await asker.page.getByText('Hapus buku diajukan dan menunggu persetujuan administrator atau manajer').first().waitFor();
      await asker.page.getByText('menunggu persetujuan administrator atau manajer lain').waitFor();
      await asker.context.close();

      const approver = await openSignedIn(browser, server.baseURL, manajer, viewport, '/persetujuan');
      await approver.page
        .getByText('Pokok Rp 10.000.000 dan margin Rp 2.400.000 dikeluarkan dari pembukuan', { exact: false })
        .waitFor();
      await snap(approver.page, `hapus-buku-antrean-${viewport}`);
      await approver.page.getByRole('button', { name: `Setujui pengajuan ${nama}` }).click();
      await approver.page.getByRole('dialog').getByRole('button', { name: 'Setujui', exact: true }).click();
      await approver.page.getByText('Pengajuan disetujui').first().waitFor();

      // A recovery of one instalment, recorded today.
      await server.api('POST', '/pembayaran', {
        pinjaman_id: id,
        tanggal: todayJakarta(),
        jumlah: 1_240_000,
        jenis: 'angsuran',
        keterangan: null,
        angsuran_ke: 3,
      });
      await approver.page.goto(`/pinjaman/${id}`);
      const card = approver.page.getByRole('heading', { name: 'Dihapusbukukan' });
      await card.waitFor();
      await approver.page.getByText('Pemulihan sejak hapus buku').waitFor();
      await approver.page.getByText('Hapus buku bukan hapus tagih', { exact: false }).waitFor();
      // Still owed: 12.400.000 − 1.240.000.
      await approver.page.getByText('Rp 11.160.000').first().waitFor();
      await approver.page.getByText('Pemulihan (setelah hapus buku)').first().waitFor();
      await approver.page.getByText('di pembukuan: pokok', { exact: false }).waitFor();
      // It stays on record: no delete button.
      expect(await approver.page.getByRole('button', { name: 'Hapus', exact: true }).count()).toBe(0);
      await noSideScroll(approver.page, viewport);
      await snap(approver.page, `hapus-buku-pinjaman-${viewport}`);

      // Its description can still be corrected; its status is said, not offered.
      await approver.page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = approver.page.getByRole('dialog', { name: 'Edit Data Pinjaman' });
      await edit.getByText('Dihapusbukukan: jumlah, syarat, dan status tetap', { exact: false }).waitFor();
      expect(await edit.getByLabel('Status').count()).toBe(0);
      await edit.getByLabel('Keterangan').fill('Agunan ditarik');
      await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
      await approver.page.getByText('Data pinjaman berhasil diperbarui').first().waitFor();
      await approver.page.getByText('Agunan ditarik').first().waitFor();
      await approver.page.getByRole('heading', { name: 'Dihapusbukukan' }).waitFor();

      // The list finds it by its status, without a delete button.
      await approver.page.goto('/pinjaman?status=hapus_buku');
      await approver.page.getByRole('link', { name: `Lihat detail pinjaman ${nama} Rp 12.000.000` }).waitFor();
      await approver.page.getByText('Dihapusbukukan').first().waitFor();
      expect(await approver.page.getByRole('button', { name: `Hapus pinjaman ${nama} Rp 12.000.000` }).count()).toBe(0);
      await noSideScroll(approver.page, viewport);
      await snap(approver.page, `hapus-buku-daftar-${viewport}`);

      await approver.page.goto('/laporan/pendapatan');
      await approver.page.getByText('Pemulihan', { exact: false }).first().waitFor();
      await noSideScroll(approver.page, viewport);
      if (viewport === 'desktop') {
        // The table with its Pemulihan column fits without scrolling inside its card.
        const table = approver.page.getByRole('table', { name: 'Pendapatan per bulan' });
        await table.getByRole('columnheader', { name: 'Pemulihan' }).waitFor();
        expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
      }
      await snap(approver.page, `hapus-buku-pendapatan-${viewport}`);
      await approver.context.close();
    },
  );

  it('says so when what a write-off would take cannot be loaded, instead of hiding the card (phone)', async () => {
    const id = await macetLoan('Ibu Warung Gagal');
    const { context, page } = await openSignedIn(browser, server.baseURL, admin, 'phone', `/pinjaman/${id}`, async (p) =>
      p.route('**/api/pinjaman/*/hapus-buku', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Terjadi kesalahan pada server. Silakan coba lagi.' }),
        }),
      ),
    );
    await page.getByRole('alert').filter({ hasText: 'Gagal memuat data hapus buku' }).waitFor();
    expect(await page.getByRole('button', { name: `Ajukan hapus buku HB-${counter}` }).count()).toBe(0);
    await noSideScroll(page, 'phone');
    await context.close();
  });
});
