import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { type ApiSession, apiSession, openSignedIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page already signed in (token and user in localStorage, as the login screen leaves them). */
async function open(srv: RunningServer, viewport: ViewportName, path: string) {
  return openSignedIn(browser, srv.baseURL, srv === server ? session : await apiSession(srv.baseURL), viewport, path);
}

let nikSeq = 0;
const nik = (prefix = '3201') => `${prefix}${String(++nikSeq).padStart(16 - prefix.length, '0')}`;

interface Customer {
  id: number;
  nama: string;
  nik: string;
  status: string;
}

async function createCustomer(srv: RunningServer, fields: Partial<Record<string, string>> = {}) {
  const res = await srv.api<Customer>('POST', '/nasabah', {
    nama: 'Nasabah Uji',
    nik: nik(),
    telepon: '0812-3456-7890',
    alamat: 'Jl. Kenanga No. 12',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`seed failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const rows = (page: Page) => page.getByTestId('nasabah-row');

/** expect.poll with a timeout that suits a page still loading (vitest's default is one second). */
const poll = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 10_000, ...options });

async function stats(srv: RunningServer) {
  return (await srv.api<{ total_nasabah: number; aktif: number; nonaktif: number }>('GET', '/nasabah/stats')).body.data;
}

describe('customer list', () => {
  let siti: Customer;
  beforeAll(async () => {
    await createCustomer(server, {
      nama: 'Budi Santoso',
      nik: '3201000000000101',
      alamat: 'Jl. Melati 5',
      kecamatan: 'Sawangan',
      kota: 'Depok',
    });
    siti = await createCustomer(server, {
      nama: 'Siti Aminah',
      nik: '3175123456780002',
      telepon: '(021) 555-1234',
      status: 'nonaktif',
    });
    await createCustomer(server, {
      nama: 'Ahmad Fauzi',
      nik: '3301000000000303',
      alamat: 'Gg. Mawar RT 02/RW 05',
      kota: 'Cilacap',
    });
  });

  it('shows the table with its columns, stats and actions at 1280', async () => {
    const { context, page } = await open(server, 'desktop', '/nasabah');
    await page.getByRole('heading', { name: 'Data Nasabah' }).waitFor();
    const table = page.getByRole('table', { name: 'Daftar nasabah' });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual([
      'nama',
      'nik',
      'telepon',
      'alamat',
      'status',
      'total pinjaman',
      'aksi',
    ]);
    for (const name of ['Refresh', 'Tambah Nasabah', 'Filter', 'Sort', 'Reset Filter']) {
      await page.getByRole('button', { name, exact: true }).first().waitFor();
    }
    // Newest first by default; every row carries its three actions with a name.
    await poll(() => rows(page).count()).toBeGreaterThanOrEqual(3);
    expect(await rows(page).first().textContent()).toContain('Ahmad Fauzi');
    await page.getByRole('link', { name: 'Lihat detail nasabah Siti Aminah' }).waitFor();
    await page.getByRole('button', { name: 'Edit nasabah Siti Aminah' }).waitFor();
    await page.getByRole('button', { name: 'Hapus nasabah Siti Aminah' }).waitFor();
    const sitiRow = rows(page).filter({ hasText: 'Siti Aminah' });
    expect(await sitiRow.textContent()).toContain('3175123456780002');
    expect(await sitiRow.textContent()).toContain('Nonaktif');
    expect(await sitiRow.textContent()).toContain('Rp 0');
    await snap(page, 'nasabah-list-1280');
    await context.close();
  });

  it('shows a row grid at 820 and cards with a grouped NIK at 390', async () => {
    const tablet = await open(server, 'tablet', '/nasabah');
    await rows(tablet.page).filter({ hasText: 'Budi Santoso' }).waitFor();
    expect(await tablet.page.getByRole('table').count()).toBe(0);
    expect(await rows(tablet.page).filter({ hasText: 'Budi Santoso' }).textContent()).toContain('3201 0000 0000 0101');
    await snap(tablet.page, 'nasabah-list-820');
    await tablet.context.close();

    const phone = await open(server, 'phone', '/nasabah');
    const card = rows(phone.page).filter({ hasText: 'Budi Santoso' });
    await card.waitFor();
    expect(await card.textContent()).toContain('3201 0000 0000 0101');
    expect(await card.textContent()).toContain('Sawangan, Depok');
    await card.getByRole('link', { name: 'Detail' }).waitFor();
    await card.getByRole('button', { name: /^Edit nasabah/ }).waitFor();
    await card.getByRole('button', { name: /^Hapus nasabah/ }).waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(phone.page, 'nasabah-list-390');
    await phone.context.close();
  });

  it("marks a customer with missing data 'Data Tidak Lengkap' (but not one whose date was only auto-filled)", async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    // An imported record missing NIK and kota, as the server reports it (records from the old system).
    await page.route('**/api/nasabah?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data = body.data.map((n: { nama: string; data_completeness: string[] }) =>
        n.nama === 'Siti Aminah' ? { ...n, nik: null, kota: null, data_completeness: ['nik', 'kota'] } : n,
      );
      await route.fulfill({ response, json: body });
    });
    await page.goto('/nasabah');
    const sitiRow = rows(page).filter({ hasText: 'Siti Aminah' });
    await sitiRow.getByText('Data Tidak Lengkap').waitFor();
    // Every seeded customer has an auto-filled date (data_completeness ['tanggal_nasabah']): no badge.
    expect(await page.getByText('Data Tidak Lengkap').count()).toBe(1);
    await context.close();
  });

  it('finds a customer by part of its NIK through the filter dialog, then resets', async () => {
    const { context, page } = await open(server, 'tablet', '/nasabah');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Nasabah' });
    await dialog.waitFor();
    await dialog.getByLabel('Cari').fill('12345678');
    await dialog.getByRole('radio', { name: 'Semua' }).waitFor();
    await snap(page, 'nasabah-filter-820');
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Siti Aminah');
    expect(page.url()).toContain('search=12345678');
    await page.getByText('Cari: “12345678”').waitFor();

    // Status filter with the radio, keyboard only: arrows move between options.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog.getByLabel('Cari').fill('');
    await dialog.getByRole('radio', { name: 'Aktif', exact: true }).click();
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await page.getByText('Status: Aktif').waitFor();
    await poll(async () =>
      (await rows(page).allTextContents()).map((t) => t.match(/Ahmad Fauzi|Budi Santoso|Siti Aminah/)?.[0]).sort(),
    ).toEqual(['Ahmad Fauzi', 'Budi Santoso']);

    await page.getByRole('button', { name: 'Reset Filter' }).click();
    await page.getByText('Filter berhasil direset').waitFor();
    await rows(page).filter({ hasText: 'Siti Aminah' }).waitFor();
    expect(page.url()).not.toContain('status=');
    await context.close();
  });

  it('sorts: a new key starts descending, the same key toggles', async () => {
    const { context, page } = await open(server, 'desktop', '/nasabah');
    await rows(page).first().waitFor();
    const names = async () =>
      (await page.locator('[data-testid="nasabah-row"] td:first-child a').allTextContents()).map((t) => t.trim());
    const sortBy = async (label: string) => {
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Urutkan Nasabah' });
      await dialog.waitFor();
      const options = await dialog.getByRole('button').allTextContents();
      for (const key of ['Nama', 'NIK', 'Telepon', 'Alamat', 'Status', 'Total Pinjaman', 'Tanggal Dibuat']) {
        expect(options.some((o) => o.startsWith(key))).toBe(true);
      }
      await dialog.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await sortBy('Nama');
    await poll(names).toEqual(['Siti Aminah', 'Budi Santoso', 'Ahmad Fauzi']);
    expect(page.url()).toContain('sortBy=nama');
    await sortBy('Nama');
    await poll(names).toEqual(['Ahmad Fauzi', 'Budi Santoso', 'Siti Aminah']);
    await page.getByText('Urut: Nama ↑').waitFor();
    // Another key starts descending again: Jl. Melati, Jl. Kenanga, Gg. Mawar.
    await sortBy('Alamat');
    await poll(names).toEqual(['Budi Santoso', 'Siti Aminah', 'Ahmad Fauzi']);
    expect(page.url()).toContain('sortBy=alamat');
    expect(page.url()).not.toContain('sortOrder=asc');
    await context.close();
  });

  it('closes dialogs on Escape and keeps focus inside while open', async () => {
    const { context, page } = await open(server, 'desktop', '/nasabah');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Tambah Nasabah' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Nasabah' });
    await dialog.waitFor();
    for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('opens the detail page from the list', async () => {
    const { context, page } = await open(server, 'desktop', '/nasabah');
    await page.getByRole('link', { name: 'Lihat detail nasabah Siti Aminah' }).click();
    await page.waitForURL(`**/nasabah/${siti.id}`);
    await page.getByRole('heading', { name: 'Detail Nasabah' }).waitFor();
    await context.close();
  });
});

describe('add, edit and delete', () => {
  it('checks every field before sending, then adds a customer and empties the form on close (1280)', async () => {
    const { context, page } = await open(server, 'desktop', '/nasabah');
    await page.getByRole('heading', { name: 'Data Nasabah' }).waitFor();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/nasabah')) posts.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Tambah Nasabah' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Nasabah' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    for (const message of [
      'Nama tidak boleh kosong',
      'NIK tidak boleh kosong',
      'Nomor telepon tidak boleh kosong',
      'Alamat tidak boleh kosong',
      'Kecamatan tidak boleh kosong',
      'Kota tidak boleh kosong',
    ]) {
      await dialog.getByText(message).waitFor();
    }
    expect(posts).toHaveLength(0);

    const nikInput = dialog.getByLabel('NIK');
    expect(await nikInput.getAttribute('maxlength')).toBe('16');
    await nikInput.pressSequentially('32a01-12');
    expect(await nikInput.inputValue()).toBe('320112');
    await dialog.getByLabel('Telepon').pressSequentially('0812abc-34x56 (7)');
    expect(await dialog.getByLabel('Telepon').inputValue()).toBe('0812-3456 (7)');
    await dialog.getByLabel('Telepon').fill('12-34');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('NIK harus minimal 16 digit').waitFor();
    await dialog.getByText('Format nomor telepon tidak valid').waitFor();
    expect(posts).toHaveLength(0);
    await snap(page, 'nasabah-add-errors-1280');

    await dialog.getByLabel('Nama', { exact: true }).fill('Dewi Lestari');
    await nikInput.fill('3201777788889999');
    await dialog.getByLabel('Telepon').fill('0857 1234 5678');
    await dialog.getByLabel('Alamat').fill('Jl. Anggrek No. 7');
    await dialog.getByLabel('Kecamatan').fill('Tanah Sareal');
    await dialog.getByLabel('Kota').fill('Bogor');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Nasabah berhasil ditambahkan!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'Dewi Lestari' }).waitFor();
    expect(posts).toHaveLength(1);
    // Reminders are on unless unticked.
    expect(JSON.parse(posts[0]!).terima_pengingat).toBe(true);

    // The add form starts empty again.
    await page.getByRole('button', { name: 'Tambah Nasabah' }).click();
    expect(await page.getByRole('dialog', { name: 'Tambah Nasabah' }).getByLabel('Nama', { exact: true }).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('shows the server’s duplicate-NIK message on the NIK field (390)', async () => {
    const existing = await createCustomer(server, { nama: 'Pemilik NIK' });
    const { context, page } = await open(server, 'phone', '/nasabah');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Tambah Nasabah' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Nasabah' });
    await dialog.getByLabel('Nama', { exact: true }).fill('Penyalin NIK');
    await dialog.getByLabel('NIK').fill(existing.nik);
    await dialog.getByLabel('Telepon').fill('+62 812 0000 1111');
    await dialog.getByLabel('Alamat').fill('Jl. Salak 1');
    await dialog.getByLabel('Kecamatan').fill('Bogor Tengah');
    await dialog.getByLabel('Kota').fill('Bogor');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Terdapat kesalahan validasi. Silakan periksa form di bawah.').waitFor();
    await dialog.getByText('NIK sudah terdaftar').waitFor();
    await snap(page, 'nasabah-add-duplicate-390');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('edits a customer on a phone with the status switch', async () => {
    const target = await createCustomer(server, { nama: 'Rina Edit', kota: 'Bekasi' });
    const { context, page } = await open(server, 'phone', `/nasabah?search=${target.nik}`);
    const card = rows(page).filter({ hasText: 'Rina Edit' });
    await card.getByRole('button', { name: /^Edit nasabah/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Nasabah' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('NIK').inputValue()).toBe(target.nik);
    expect(await dialog.getByLabel('Tanggal Nasabah').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await dialog.getByRole('radio', { name: 'Aktif', exact: true }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel('Kota').fill('Depok');
    // The customer declines WhatsApp reminders (issue 24).
    const reminders = dialog.getByLabel('Kirim pengingat angsuran lewat WhatsApp');
    expect(await reminders.isChecked()).toBe(true);
    await reminders.uncheck();
    await dialog.getByRole('radio', { name: 'Nonaktif' }).click();
    await poll(() => dialog.getByRole('radio', { name: 'Nonaktif' }).getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(200); // let the pill's colour transition finish before the screenshot
    await snap(page, 'nasabah-edit-390');
    await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await page.getByText('Data nasabah berhasil diperbarui!').waitFor();
    await card.getByText('Nonaktif').waitFor();
    expect(await card.textContent()).toContain('Depok');
    const saved = (await server.api<Customer & { kota: string }>('GET', `/nasabah/${target.id}`)).body.data;
    expect(saved).toMatchObject({ kota: 'Depok', status: 'nonaktif', terima_pengingat: false });
    await page.goto(`/nasabah/${target.id}`);
    await page.getByText('Tidak dikirim (nasabah menolak)').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('deletes after the confirmation, and the list, stats and dashboard agree (1280 and 390)', async () => {
    const doomed = await createCustomer(server, { nama: 'Hapus Saya' });
    const before = await stats(server);
    const { context, page } = await open(server, 'desktop', '/nasabah');
    await page.getByRole('button', { name: 'Hapus nasabah Hapus Saya' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Apakah Anda yakin ingin menghapus nasabah ini?').waitFor();
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Hapus nasabah Hapus Saya' }).click();
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Nasabah berhasil dihapus').waitFor();
    await poll(() => rows(page).filter({ hasText: 'Hapus Saya' }).count()).toBe(0);
    expect((await server.api('GET', `/nasabah/${doomed.id}`)).status).toBe(404);
    const after = await stats(server);
    expect(after.total_nasabah).toBe(before.total_nasabah - 1);
    // The page's own statistics strip says the same.
    await poll(async () => (await page.getByText('Total Nasabah').locator('..').textContent())?.replace(/\D/g, '')).toBe(
      String(after.total_nasabah),
    );
    await page.goto('/dashboard');
    await poll(
      async () =>
        (
          await page
            .getByText('Total Nasabah', { exact: true })
            .first()
            .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]')
            .textContent()
        )?.match(/\d+/)?.[0],
    ).toBe(String(after.total_nasabah));
    await context.close();

    const other = await createCustomer(server, { nama: 'Hapus Di Ponsel' });
    const phone = await open(server, 'phone', `/nasabah?search=${other.nik}`);
    await rows(phone.page)
      .filter({ hasText: 'Hapus Di Ponsel' })
      .getByRole('button', { name: /^Hapus nasabah/ })
      .click();
    await snap(phone.page, 'nasabah-delete-confirm-390');
    await phone.page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await phone.page.getByText('Nasabah berhasil dihapus').waitFor();
    await phone.page.getByText('Tidak ada data nasabah').waitFor();
    await phone.context.close();
  });
});

describe('customer detail', () => {
  let budi: Customer;
  beforeAll(async () => {
    budi = await createCustomer(server, {
      nama: 'Budi Detail',
      nik: '3201234567890001',
      telepon: '0812-1111-2222',
      alamat: 'Jl. Merdeka No. 17',
      kecamatan: 'Bogor Tengah',
      kota: 'Kota Bogor',
      tanggal_nasabah: '2024-01-31',
    });
  });

  it('says the history failed to load when its list answers an error, a 404 included (not "no history")', async () => {
    for (const status of [404, 500]) {
      const { context, page } = await open(server, 'phone', '/nasabah');
      await page.route(/\/api\/pembayaran\?.*nasabah_id=/, (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Tidak ditemukan' }),
        }),
      );
      await page.goto(`/nasabah/${budi.id}`);
      await page.getByRole('heading', { name: 'Detail Nasabah' }).waitFor();
      await page.getByText('Riwayat pinjaman dan pembayaran gagal dimuat.').waitFor();
      await context.close();
    }
  });

  for (const viewport of ['desktop', 'tablet', 'phone'] as const) {
    it(`shows the info card, summary and empty histories at ${viewport}`, async () => {
      const { context, page } = await open(server, viewport, `/nasabah/${budi.id}`);
      await page.getByRole('heading', { name: 'Detail Nasabah' }).waitFor();
      await page.getByText('3201 2345 6789 0001').waitFor();
      await page.getByText('Budi Detail').first().waitFor();
      await page.getByText('0812-1111-2222').waitFor();
      await page.getByText('Jl. Merdeka No. 17').waitFor();
      await page.getByText('Bogor Tengah, Kota Bogor').waitFor();
      await page.getByText('31 Januari 2024').waitFor();
      await page.getByText('Belum ada data pinjaman').waitFor();
      await page.getByText('Belum ada data pembayaran').waitFor();
      const summary = page.getByTestId('nasabah-summary');
      for (const label of ['Total Pinjaman', 'Total Pembayaran', 'Sisa Pinjaman', 'Pinjaman Aktif'])
        await summary.getByText(label).waitFor();
      expect((await summary.textContent())?.match(/Rp 0/g)).toHaveLength(3);
      // A complete customer with its own date: no warning.
      expect(await page.getByText('Data Tidak Lengkap').count()).toBe(0);
      await page.getByRole('button', { name: 'Edit' }).waitFor();
      await page.getByRole('button', { name: 'Refresh' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, `nasabah-detail-${viewport}`);
      await context.close();
    });
  }

  it('edits from the detail page and lists what is missing for an incomplete record', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    await page.route(`**/api/nasabah/${budi.id}`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const body = await response.json();
      body.data = { ...body.data, alamat: null, kecamatan: null, data_completeness: ['alamat', 'kecamatan', 'tanggal_nasabah'] };
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/nasabah/${budi.id}`);
    const warning = page.getByRole('status').filter({ hasText: 'Data Tidak Lengkap' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Alamat, Kecamatan');
    await page.getByText('Diisi otomatis oleh sistem: Tanggal Nasabah.').waitFor();
    await snap(page, 'nasabah-detail-incomplete-1280');
    await page.unrouteAll();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Nasabah' });
    await dialog.getByLabel('Alamat').fill('Jl. Merdeka No. 18');
    await dialog.getByLabel('Kecamatan').fill('Bogor Utara');
    await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await page.getByText('Data nasabah berhasil diperbarui!').waitFor();
    await page.getByText('Bogor Utara, Kota Bogor').waitFor();
    await page.getByText('Jl. Merdeka No. 18').waitFor();
    await context.close();
  });

  it('sums the loan and payment history into the four cards and refuses to delete while a loan is aktif', async () => {
    const owner = await createCustomer(server, { nama: 'Pemilik Pinjaman', tanggal_nasabah: '2024-01-02' });
    const loan = await server.api<{ id: number }>('POST', '/pinjaman', {
      nasabah_id: owner.id,
      tanggal_pinjam: '2024-01-31',
      jumlah: 12_000_000,
      persentase: 2,
      tipe: 'pokok',
      durasi_angsuran: 12,
    });
    expect(loan.status).toBe(201);
    const payment = await server.api('POST', '/pembayaran', {
      pinjaman_id: loan.body.data.id,
      tanggal: '2024-02-29',
      jumlah: 1_240_000,
      jenis: 'angsuran',
      angsuran_ke: 1,
    });
    expect(payment.status).toBe(201);

    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await open(server, viewport, `/nasabah/${owner.id}`);
      const summary = page.getByTestId('nasabah-summary');
      // What the customer still owes (issue 47): 14.880.000 − 1.240.000, not loans − payments;
      // active loans count the aktif ones.
      await summary.getByText('Rp 12.000.000').waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain('Total PembayaranRp 1.240.000');
      expect(text).toContain('Sisa PinjamanRp 13.640.000');
      expect(text).toContain('Pinjaman Aktif1');
      const loans = page.getByRole('region', { name: 'History Pinjaman' });
      await loans.getByText('Rp 12.000.000').waitFor();
      await loans.getByText('Aktif').waitFor();
      await loans.getByText('31/01/2024').waitFor();
      const payments = page.getByRole('region', { name: 'History Pembayaran' });
      await payments.getByText('Rp 1.240.000').waitFor();
      await payments.getByText('Angsuran').waitFor();
      await payments.getByText('Selesai').waitFor();
      await payments.getByText('29/02/2024').waitFor();
      await snap(page, `nasabah-detail-history-${viewport}`);
      await context.close();
    }

    const { context, page } = await open(server, 'desktop', `/nasabah?search=${owner.nik}`);
    const row = rows(page).filter({ hasText: 'Pemilik Pinjaman' });
    await row.getByText('Rp 12.000.000').waitFor();
    await row.getByRole('button', { name: 'Hapus nasabah Pemilik Pinjaman' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Nasabah masih memiliki pinjaman aktif').waitFor();
    await row.waitFor();
    expect((await server.api('GET', `/nasabah/${owner.id}`)).status).toBe(200);
    await context.close();
  });

  it("answers an unknown id with 'Data Tidak Ditemukan' and a way back (390 and 1280)", async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await open(server, viewport, '/nasabah/987654');
      await page.getByRole('heading', { name: 'Data Tidak Ditemukan' }).waitFor();
      await page.getByText('Gagal mengambil data nasabah').waitFor();
      if (viewport === 'phone') await snap(page, 'nasabah-not-found-390');
      await page.getByRole('link', { name: 'Kembali ke Data Nasabah' }).last().click();
      await page.waitForURL('**/nasabah');
      await page.getByRole('heading', { name: 'Data Nasabah' }).waitFor();
      await context.close();
    }
  });
});

describe('empty book and Load More', () => {
  let big: RunningServer;
  beforeAll(async () => {
    big = await startServer();
  });
  afterAll(async () => {
    await big?.stop();
  });

  it("says 'Tidak ada data nasabah' on an empty book", async () => {
    const { context, page } = await open(big, 'phone', '/nasabah');
    await page.getByText('Tidak ada data nasabah').waitFor();
    await snap(page, 'nasabah-empty-390');
    await context.close();
  });

  it('loads 1000 customers per page and appends the rest with Load More', async () => {
    const total = 1005;
    await big.api('GET', '/nasabah/stats'); // signs the helper in once, before the parallel calls
    for (let start = 0; start < total; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, total - start) }, (_, i) =>
          createCustomer(big, { nama: `Nasabah ${String(start + i + 1).padStart(4, '0')}`, nik: nik('3509') }),
        ),
      );
    }
    const { context, page } = await open(big, 'desktop', '/nasabah');
    const list = page.getByTestId('nasabah-list');
    await poll(() => list.getAttribute('data-count'), { timeout: 20_000 }).toBe('1000');
    expect(await page.getByRole('table', { name: 'Daftar nasabah' }).getAttribute('aria-rowcount')).toBe('1001');
    // A long list keeps only the rows near the screen in the DOM…
    const rendered = await rows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await loadMore.scrollIntoViewIfNeeded();
    await page.getByText('Menampilkan 1.000 dari 1.005').waitFor();
    // …and scrolling reaches every one of them: the 1000th row sits just above Load More.
    await page.locator('[data-testid="nasabah-row"][aria-rowindex="1001"]').waitFor();
    await loadMore.click();
    await page.getByText('Semua data sudah dimuat (1.005 nasabah)').waitFor();
    await poll(() => list.getAttribute('data-count')).toBe(String(total));
    await page.mouse.wheel(0, 100_000);
    await page.locator(`[data-testid="nasabah-row"][aria-rowindex="${total + 1}"]`).waitFor();
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    // Every customer is listed once: scrolling from top to bottom meets each name exactly once.
    await page.evaluate(() => window.scrollTo(0, 0));
    const seen = new Set<string>();
    for (let guard = 0; guard < 400 && seen.size < total; guard++) {
      for (const name of await page.locator('[data-testid="nasabah-row"] td:first-child a').allTextContents())
        seen.add(name.trim());
      await page.mouse.wheel(0, 700);
    }
    expect(seen.size).toBe(total);
    // A filter starts again at page 1.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Cari').fill('Nasabah 10');
    await page.getByRole('dialog').getByRole('button', { name: 'Terapkan' }).click();
    await page.getByText('Semua data sudah dimuat (6 nasabah)').waitFor();
    await context.close();

    // The phone's cards scroll through the whole page as well.
    const phone = await open(big, 'phone', '/nasabah');
    await poll(() => phone.page.getByTestId('nasabah-list').getAttribute('data-count'), { timeout: 20_000 }).toBe('1000');
    expect(await rows(phone.page).count()).toBeLessThan(100);
    const lastCard = phone.page.locator('[data-testid="nasabah-row"][aria-posinset="1000"]');
    await poll(async () => {
      await phone.page.mouse.wheel(0, 300_000);
      return lastCard.count();
    }).toBe(1);
    await phone.context.close();
  });
});
