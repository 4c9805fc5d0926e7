// Issue 24, part C: Lainnya → Riwayat Pesan. Every WhatsApp message with its kind, recipient,
// status and attempts; filters, search, "Kirim ulang" of a failed one (answered with the new
// result); today's counters here and on the WhatsApp settings page. At a desktop's and a phone's
// width, against the simulator gateway (numbers ending in 0000 fail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { WaMessageList, WaMessageSummary } from '@mizan/core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  for (const [name, phone_number] of [
    ['Kepala Cabang', '081234567801'],
    ['Bagian Keuangan', '081300000000'],
  ]) {
    const res = await server.api('POST', '/wa-notification-recipients', { name, phone_number, status: 'active' });
    expect(res.status).toBe(201);
  }
  expect((await server.api('POST', '/wa-sessions/create')).status).toBeLessThan(300);
  expect((await server.api('POST', '/wa-sessions/simulator/scan')).status).toBe(200);
  const sent = await server.api('POST', '/wa-sessions/test-message', { message: 'Tes dari kantor pusat' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const summary = async () => (await server.api<WaMessageSummary>('GET', '/wa-messages/ringkasan')).body.data;
const failedRow = async () =>
  (await server.api<WaMessageList>('GET', '/wa-messages?status=FAILED')).body.data.messages.find(
    (m) => m.nama === 'Bagian Keuangan',
  )!;

describe('message log', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'shows every message, filters and searches, and resends a failed one with its new result (%s)',
    async (viewport) => {
      const before = await failedRow();
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      await page.goto('/lainnya');
      await page.getByRole('link', { name: /Riwayat Pesan/ }).click();
      await page.getByRole('heading', { name: 'Riwayat Pesan WhatsApp' }).waitFor();
      const counts = await summary();
      const counters = page.getByRole('region', { name: 'Pesan Hari Ini' });
      await expect
        .poll(() => counters.textContent())
        .toBe(
          `Pesan Hari IniTerkirim${counts.terkirim}Menunggu${counts.menunggu}Gagal${counts.gagal}` +
            `Sisa batas ke nasabah${counts.sisa_batas}dari ${counts.batas} hari ini`,
        );
      const rows = page.getByRole('list', { name: 'Riwayat pesan' }).getByRole('listitem');
      await rows.filter({ hasText: 'Kepala Cabang (6281234567801)' }).getByText('Terkirim').waitFor();
      await rows.filter({ hasText: 'Bagian Keuangan (6281300000000)' }).getByText('Gagal', { exact: true }).waitFor();

      // Only the failed ones, then a search that finds none.
      await page.getByLabel('Filter status pesan').selectOption('FAILED');
      await page.getByText('Kepala Cabang (6281234567801)').waitFor({ state: 'detached' });
      expect(await rows.count()).toBe(1);
      await page.getByLabel('Cari pesan menurut nama atau nomor penerima').fill('tidak ada orang ini');
      await page.getByText('Tidak ada pesan yang cocok dengan filter').waitFor();
      await page.getByRole('button', { name: 'Hapus Filter' }).click();
      await page.getByText('Kepala Cabang (6281234567801)').waitFor();

      // A day with no messages.
      await page.getByLabel('Dari tanggal').fill('2020-01-01');
      await page.getByLabel('Sampai tanggal').fill('2020-01-31');
      await page.getByText('Tidak ada pesan yang cocok dengan filter').waitFor();
      await page.getByRole('button', { name: 'Hapus Filter' }).click();

      // Resent: the number still fails; the new failure is said and the attempt counted.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await snap(page, `riwayat-pesan-${viewport}`);
      await page.getByRole('button', { name: 'Kirim ulang pesan ke Bagian Keuangan (6281300000000)' }).click();
      await page
        .getByText('Pesan gagal dikirim ulang: Simulator: pengiriman ke nomor ini gagal', { exact: false })
        .first()
        .waitFor();
      const after = await failedRow();
      expect(after.attempts).toBe(before.attempts + 1);
      await rows.filter({ hasText: 'Bagian Keuangan (6281300000000)' }).getByText(`Dikirim ${after.attempts}×`).waitFor();
      await context.close();
    },
  );

  it('shows today’s counters on the WhatsApp settings page with a way to the log (phone)', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page);
    await page.goto('/wa-settings');
    const counts = await summary();
    const counters = page.getByRole('region', { name: 'Pesan Hari Ini' });
    await expect
      .poll(() => counters.textContent())
      .toContain(`Terkirim${counts.terkirim}Menunggu${counts.menunggu}Gagal${counts.gagal}`);
    await page.getByRole('link', { name: 'Lihat riwayat pesan' }).click();
    await page.getByRole('heading', { name: 'Riwayat Pesan WhatsApp' }).waitFor();
    await context.close();
  });

  it('says that notifications wait while WhatsApp is not connected, and sends them once it is (phone)', async () => {
    expect((await server.api('DELETE', '/wa-sessions/logout')).status).toBeLessThan(300);
    const customer = await server.api<{ id: number }>('POST', '/nasabah', {
      nama: 'Siti Aminah',
      nik: '3201000000002402',
      telepon: '0812-3456-2402',
      alamat: 'Jl. Pasar Baru No. 5',
      kecamatan: 'Cibinong',
      kota: 'Bogor',
    });
    expect(customer.status).toBe(201);
    const loan = await server.api('POST', '/pinjaman', {
      nasabah_id: customer.body.data.id,
      nomor_pinjaman: 'MRB-2402',
      tanggal_pinjam: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()),
      jumlah: 5_000_000,
      persentase: 2,
      tipe: 'pokok',
      durasi_angsuran: 10,
    });
    expect(loan.status).toBe(201);
    // One notification of the new loan per active recipient, waiting.
    expect((await summary()).menunggu).toBe(2);
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page);
    await page.goto('/wa-settings');
    await page.getByText('2 pesan menunggu WhatsApp terhubung').waitFor();
    await snap(page, 'wa-settings-menunggu-phone');
    expect((await server.api('POST', '/wa-sessions/create')).status).toBeLessThan(300);
    expect((await server.api('POST', '/wa-sessions/simulator/scan')).status).toBe(200);
    await expect.poll(async () => (await summary()).menunggu, { timeout: 10_000 }).toBe(0);
    const log = (await server.api<WaMessageList>('GET', '/wa-messages?jenis=notifikasi')).body.data.messages;
    expect(log.map((m) => [m.nama, m.status]).sort()).toEqual([
      ['Bagian Keuangan', 'FAILED'],
      ['Kepala Cabang', 'SENT'],
    ]);
    await context.close();
  });

  it('pages through more than twenty messages (phone)', async () => {
    for (let i = 1; i <= 10; i++) {
      const sent = await server.api('POST', '/wa-sessions/test-message', { message: `Tes halaman ${i}` });
      expect(sent.status).toBe(200);
    }
    const firstPage = (await server.api<WaMessageList>('GET', '/wa-messages?limit=20')).body.data;
    expect(firstPage.pagination.has_more).toBe(true);
    const rest = (await server.api<WaMessageList>('GET', '/wa-messages?limit=20&page=2')).body.data.messages.length;
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await signIn(page);
    await page.goto('/wa-riwayat-pesan');
    await page.getByText('Halaman 1: pesan ke-1 sampai ke-20').waitFor();
    expect(await page.getByRole('button', { name: 'Sebelumnya' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Selanjutnya' }).click();
    await page.getByText(`Halaman 2: pesan ke-21 sampai ke-${20 + rest}`).waitFor();
    expect(await page.getByRole('list', { name: 'Riwayat pesan' }).getByRole('listitem').count()).toBe(rest);
    expect(await page.getByRole('button', { name: 'Selanjutnya' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await context.close();
  });
});
