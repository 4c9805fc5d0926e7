// Issue 23: the Tunggakan screen. Loans granted some months before today (the server's real
// clock) are late by as many days as the ledger says; the screen must show what the API computes
// (never a figure of its own), in the order and classes it gives, with a call and a WhatsApp link
// to each customer, at a desktop's, a tablet's and a phone's width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRupiah, kolektibilitasShortLabels, type Kolektibilitas, type Tunggakan, type TunggakanSummary } from '@mizan/core';
import { launchBrowser, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { type ApiSession, apiSession, openSignedIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;

/** The 10th of the month `monthsAgo` months before this Jakarta month, YYYY-MM-DD. */
function tenthMonthsAgo(monthsAgo: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()).split('-').map(Number);
  const at = new Date(Date.UTC(year!, month! - 1 - monthsAgo, 10));
  return at.toISOString().slice(0, 10);
}

const people = [
  // name, telepon, kota, kecamatan, loan
  ['Rahmat Hidayat', '0812-3456-7001', 'Bogor', 'Cibinong', { tipe: 'pokok', months: 5, durasi_angsuran: 12 }],
  ['Sri Wahyuni', '+62 813 5555 7002', 'Bogor', 'Citeureup', { tipe: 'pokok', months: 2, durasi_angsuran: 10 }],
  ['Agus Salim', '(021) 7654321', 'Depok', 'Beji', { tipe: 'non-pokok', months: 10, durasi_angsuran: null }],
  ['Lestari Ningsih', '0812-3456-7004', 'Depok', 'Sawangan', { tipe: 'pokok', months: 0, durasi_angsuran: 12 }],
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);
  for (const [index, [nama, telepon, kota, kecamatan, loan]] of people.entries()) {
    const customer = await server.api<{ id: number }>('POST', '/nasabah', {
      nama,
      nik: `3201000000007${String(index).padStart(3, '0')}`,
      telepon,
      alamat: 'Jl. Pasar Baru No. 5',
      kecamatan,
      kota,
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const created = await server.api('POST', '/pinjaman', {
      nasabah_id: customer.body.data.id,
      nomor_pinjaman: `TGK-${index + 1}`,
      tanggal_pinjam: tenthMonthsAgo(loan.months),
      jumlah: 10_000_000,
      persentase: 2,
      tipe: loan.tipe,
      durasi_angsuran: loan.durasi_angsuran,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page already signed in (token and user in localStorage, as the login screen leaves them). */
const open = (viewport: ViewportName, path: string) => openSignedIn(browser, server.baseURL, session, viewport, path);

const apiList = async (query = '') => (await server.api<Tunggakan[]>('GET', `/tunggakan${query}`)).body.data;
const apiSummary = async () => (await server.api<TunggakanSummary>('GET', '/tunggakan/ringkasan')).body.data;

/** The customers' names in the order the list shows them. */
async function shownNames(page: Page, viewport: ViewportName) {
  const rows = page.getByTestId('tunggakan-row');
  await rows.first().waitFor();
  const names: string[] = [];
  for (const row of await rows.all()) {
    const text = await row.innerText();
    names.push(people.find(([nama]) => text.includes(nama))?.[0] ?? `? ${text.slice(0, 40)} (${viewport})`);
  }
  return names;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('Tunggakan screen', () => {
  it('lists the late loans as the API computes them, with class cards that filter, at 1280 px', async () => {
    const expected = await apiList();
    // The loan granted this month is not late; the other three are, the longest first.
    expect(expected.map((r) => r.nasabah.nama)).toEqual(
      [...expected].sort((a, b) => b.hari_tunggakan - a.hari_tunggakan).map((r) => r.nasabah.nama),
    );
    expect(new Set(expected.map((r) => r.nasabah.nama))).toEqual(new Set(['Rahmat Hidayat', 'Sri Wahyuni', 'Agus Salim']));

    const { context, page } = await open('desktop', '/dashboard');
    await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Tunggakan' }).click();
    await page.waitForURL('**/tunggakan');
    await expect.poll(() => shownNames(page, 'desktop')).toEqual(expected.map((r) => r.nasabah.nama));

    // Each row says the API's days, class and amount, and links to the loan.
    for (const row of expected) {
      const shown = page.getByTestId('tunggakan-row').filter({ hasText: row.nasabah.nama });
      await expect.poll(() => shown.innerText()).toContain(`${row.hari_tunggakan.toLocaleString('id-ID')} hari`);
      const text = await shown.innerText();
      expect(text).toContain(formatRupiah(row.tunggakan_total));
      expect(text).toContain(`Kol. ${row.kolektibilitas} · ${kolektibilitasShortLabels[row.kolektibilitas as Kolektibilitas]}`);
      expect(await shown.getByRole('link', { name: `Lihat pinjaman ${row.nasabah.nama}` }).getAttribute('href')).toBe(
        `/pinjaman/${row.pinjaman_id}`,
      );
    }
    // A call to the number as typed, a chat to its 62… form; a landline cannot be chatted.
    expect(await page.getByRole('link', { name: 'Telepon Sri Wahyuni' }).getAttribute('href')).toBe('tel:+6281355557002');
    expect(await page.getByRole('link', { name: 'Chat WhatsApp Sri Wahyuni' }).getAttribute('href')).toBe(
      'https://wa.me/6281355557002',
    );
    expect(await page.getByRole('link', { name: 'Telepon Agus Salim' }).getAttribute('href')).toBe('tel:0217654321');
    await expect.poll(() => page.getByRole('link', { name: 'Chat WhatsApp Agus Salim' }).count()).toBe(0);
    await page.getByRole('img', { name: 'WhatsApp Agus Salim tidak tersedia: bukan nomor seluler' }).waitFor();

    // The cards count what the summary counts; choosing one filters the list and the address.
    const summary = await apiSummary();
    for (const k of summary.kelas) {
      const card = page.getByRole('button', { name: new RegExp(`^Kol\\. ${k.kolektibilitas} ·`) });
      await expect.poll(() => card.innerText()).toContain(`${k.jumlah_pinjaman} pinjaman`);
      expect(await card.innerText()).toContain(formatRupiah(k.tunggakan_total));
    }
    await snap(page, 'tunggakan-desktop');
    const sri = expected.find((r) => r.nasabah.nama === 'Sri Wahyuni')!;
    const inClass = expected.filter((r) => r.kolektibilitas === sri.kolektibilitas).map((r) => r.nasabah.nama);
    const card = page.getByRole('button', { name: new RegExp(`^Kol\\. ${sri.kolektibilitas} ·`) });
    await card.click();
    await page.waitForURL(`**/tunggakan?kolektibilitas=${sri.kolektibilitas}`);
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shownNames(page, 'desktop')).toEqual(inClass);
    await page.getByRole('button', { name: new RegExp(`^Hapus filter Kolektibilitas: ${sri.kolektibilitas}`) }).click();
    await expect.poll(() => shownNames(page, 'desktop')).toEqual(expected.map((r) => r.nasabah.nama));

    // The filter dialog: a kota, then a minimum of days no loan reaches (the empty state).
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByLabel('Kota').fill('depok');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect.poll(() => shownNames(page, 'desktop')).toEqual(['Agus Salim']);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByLabel('Minimal hari terlambat').fill('36500');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await page.getByText('Tidak ada tunggakan yang cocok dengan filter').waitFor();
    await snap(page, 'tunggakan-desktop-kosong');
    await page.getByRole('button', { name: 'Reset Filter' }).click();
    await expect.poll(() => shownNames(page, 'desktop')).toEqual(expected.map((r) => r.nasabah.nama));

    // The loan's detail wears its class in the header; its customer the worst of their loans.
    const rahmat = expected.find((r) => r.nasabah.nama === 'Rahmat Hidayat')!;
    const badge = `Kol. ${rahmat.kolektibilitas} · ${kolektibilitasShortLabels[rahmat.kolektibilitas as Kolektibilitas]}`;
    await page.getByRole('link', { name: 'Lihat pinjaman Rahmat Hidayat' }).click();
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).locator('..').getByText(badge).waitFor();
    await page.getByRole('link', { name: 'Lihat Nasabah' }).click();
    await page.getByRole('heading', { name: 'Detail Nasabah' }).locator('..').getByText(badge).waitFor();
    await page.goBack();
    await page.goBack();
    await page.waitForURL('**/tunggakan');
    await context.close();
  }, 120_000);

  it.each(['tablet', 'phone'] as const)(
    'shows cards with labelled call and chat links and fits the width (%s)',
    async (viewport) => {
      const expected = await apiList();
      const { context, page } = await open(viewport, '/dashboard');
      await page.getByRole('button', { name: 'Buka menu' }).click();
      await page.getByRole('navigation', { name: 'Navigasi utama (seluler)' }).getByRole('link', { name: 'Tunggakan' }).click();
      await page.waitForURL('**/tunggakan');
      await expect.poll(() => shownNames(page, viewport)).toEqual(expected.map((r) => r.nasabah.nama));
      const rahmat = page.getByTestId('tunggakan-row').filter({ hasText: 'Rahmat Hidayat' });
      expect(await rahmat.getByRole('link', { name: 'Telepon Rahmat Hidayat' }).innerText()).toBe('Telepon');
      expect(await rahmat.getByRole('link', { name: 'Chat WhatsApp Rahmat Hidayat' }).innerText()).toBe('WhatsApp');
      expect(await noSidewaysScroll(page), `no sideways scroll at ${VIEWPORTS[viewport].width}px`).toBe(true);
      await snap(page, `tunggakan-${viewport}`);
      await context.close();
    },
    60_000,
  );
});
