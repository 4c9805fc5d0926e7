import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  addMonths,
  currentMonthYearJakarta,
  formatDateLong,
  monthDateRange,
  monthNames,
  previousMonth,
  todayJakarta,
  yearOptions,
} from '@mizan/core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { type ApiSession, apiSession, loseFirstAnswer, openSignedIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;
let session: ApiSession;

const today = todayJakarta();
const thisMonth = currentMonthYearJakarta();
const lastMonth = previousMonth(thisMonth);
/** Every loan here starts on the first day of the month three months ago. */
const loanDate = addMonths(monthDateRange(thisMonth.year, thisMonth.month).first, -3);

interface Loan {
  id: number;
  nasabah_id: number;
  jumlah: number;
  sisa_pokok: number;
  status: string;
}
interface Payment {
  id: number;
  jumlah: number;
  angsuran_ke: number | null;
  keterangan: string | null;
}

let budiLoan: Loan;
let sariLoan: Loan;
let citraLoan: Loan;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  session = await apiSession(server.baseURL);

  const budi = await createCustomer('Budi Santoso', '3201000000000101');
  const sari = await createCustomer('Sari Wulandari', '3201000000000202');
  const citra = await createCustomer('Citra Lestari', '3201000000000303');
  // The spec's worked example: Rp 12.000.000 at 2 % over 12 months, instalment Rp 1.240.000.
  budiLoan = await createLoan({
    nasabah_id: budi,
    nomor_pinjaman: 'A001',
    jumlah: 12_000_000,
    persentase: 2,
    tipe: 'pokok',
    durasi_angsuran: 12,
  });
  sariLoan = await createLoan({
    nasabah_id: sari,
    nomor_pinjaman: 'B002',
    jumlah: 10_000_000,
    persentase: 1.5,
    tipe: 'non-pokok',
    durasi_angsuran: null,
  });
  citraLoan = await createLoan({
    nasabah_id: citra,
    nomor_pinjaman: 'C003',
    jumlah: 1_000_000,
    persentase: 0,
    tipe: 'pokok',
    durasi_angsuran: 2,
  });
  // Last month: one bagi hasil of Sari (for the period switch).
  await createPayment({
    pinjaman_id: sariLoan.id,
    tanggal: `${monthDateRange(lastMonth.year, lastMonth.month).first.slice(0, 8)}10`,
    jumlah: 150_000,
    jenis: 'bagi_hasil',
    angsuran_ke: null,
    keterangan: 'Bagi hasil bulan lalu',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function createCustomer(nama: string, nik: string) {
  const res = await server.api<{ id: number }>('POST', '/nasabah', {
    nama,
    nik,
    telepon: '0812-3456-7890',
    alamat: 'Jl. Kenanga No. 12',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  if (res.status !== 201) throw new Error(`seed failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

async function createLoan(fields: Record<string, unknown>) {
  const res = await server.api<Loan>('POST', '/pinjaman', {
    urutan_pinjaman: 1,
    tanggal_pinjam: loanDate,
    jaminan: 'BPKB',
    keterangan: '',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`seed failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function createPayment(fields: Record<string, unknown>) {
  const res = await server.api<Payment>('POST', '/pembayaran', { keterangan: null, tanggal: today, ...fields });
  if (res.status !== 201) throw new Error(`seed failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const getLoan = async (id: number) => (await server.api<Loan>('GET', `/pinjaman/${id}`)).body.data;

/** A page already signed in (token and user in localStorage, as the login screen leaves them). */
const open = (viewport: ViewportName, path: string) => openSignedIn(browser, server.baseURL, session, viewport, path);

/** expect.poll with a timeout that suits a page still loading. */
const poll = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 10_000, ...options });

const rows = (page: Page) => page.getByTestId('pembayaran-row');
const statsText = async (page: Page) => (await page.getByTestId('pembayaran-stats').textContent()) ?? '';
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Tambah Pembayaran Baru' });
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function pickLoan(page: Page, search: string, name: string) {
  const dialog = addDialog(page);
  await dialog.getByPlaceholder('Cari nama nasabah, nomor pinjaman atau jumlah...').fill(search);
  await dialog
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(name) })
    .click();
  await dialog.getByTestId('pinjaman-terpilih').filter({ hasText: name }).waitFor();
}

describe('payment list and period', () => {
  it('starts on the current month: title, subtitle, period switch, zero statistics and the empty text', async () => {
    const { context, page } = await open('desktop', '/pembayaran');
    await page.getByRole('heading', { name: 'Data Pembayaran' }).waitFor();
    await page.getByText('Kelola semua data pembayaran nasabah').waitFor();
    await page.getByText('Tidak ada data pembayaran').waitFor();
    expect(await page.getByRole('button', { name: 'Bulan Ini' }).getAttribute('aria-pressed')).toBe('true');
    await page
      .getByTestId('period-text')
      .filter({ hasText: `${monthNames[thisMonth.month - 1]} ${thisMonth.year}` })
      .waitFor();
    await poll(() => statsText(page)).toContain('Total Pembayaran0');
    expect(await statsText(page)).toContain('Total NilaiRp 0');
    expect(await statsText(page)).toContain('Rata-rataRp 0');
    for (const name of ['Refresh', 'Tambah Pembayaran', 'Filter', 'Sort', 'Reset Filter']) {
      await page.getByRole('button', { name, exact: true }).first().waitFor();
    }
    await snap(page, 'pembayaran-empty-1280');

    // Bulan Lalu shows last month's payment, with matching statistics.
    await page.getByRole('button', { name: 'Bulan Lalu' }).click();
    await rows(page).filter({ hasText: 'Sari Wulandari' }).waitFor();
    await poll(() => statsText(page)).toContain('Total Pembayaran1');
    expect(await statsText(page)).toContain('Total NilaiRp 150.000');
    expect(page.url()).toContain('period=bulan-lalu');

    // Custom starts from the month shown; the years offered are the current year ± 2.
    await page.getByRole('button', { name: 'Custom' }).click();
    const month = page.getByRole('combobox', { name: 'Bulan' });
    const year = page.getByRole('combobox', { name: 'Tahun' });
    expect(await month.inputValue()).toBe(String(lastMonth.month));
    expect(await year.inputValue()).toBe(String(lastMonth.year));
    expect((await year.locator('option').allTextContents()).slice(1)).toEqual(yearOptions().map(String));
    await rows(page).filter({ hasText: 'Sari Wulandari' }).waitFor();
    await month.selectOption('all');
    await year.selectOption('all');
    await page.getByTestId('period-text').filter({ hasText: 'Semua periode' }).waitFor();
    await poll(() => rows(page).count()).toBe(1);
    await year.selectOption(String(thisMonth.year + 2));
    await page.getByText('Tidak ada data pembayaran').waitFor();
    await snap(page, 'pembayaran-custom-1280');

    await page.getByRole('button', { name: 'Bulan Ini' }).click();
    await page.getByText('Tidak ada data pembayaran').waitFor();
    expect(page.url()).not.toContain('period=');
    await context.close();
  });

  it('records an instalment through the auto-fill from the list', async () => {
    const { context, page } = await open('desktop', '/pembayaran');
    await page.getByText('Tidak ada data pembayaran').waitFor();
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    const dialog = addDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByLabel('Tanggal').inputValue()).toBe(today);
    // The picker lists the aktif loans and searches by name, nomor_pinjaman or amount.
    await poll(() => dialog.getByRole('listbox').getByRole('option').count()).toBe(3);
    await snap(page, 'pembayaran-picker-1280');
    await dialog.getByPlaceholder('Cari nama nasabah, nomor pinjaman atau jumlah...').fill('12.000.000');
    await poll(() => dialog.getByRole('listbox').getByRole('option').count()).toBe(1);
    await dialog.getByPlaceholder('Cari nama nasabah, nomor pinjaman atau jumlah...').fill('b002');
    await dialog
      .getByRole('listbox')
      .getByRole('option', { name: /Sari Wulandari/ })
      .waitFor();
    await pickLoan(page, 'budi', 'Budi Santoso');

    await dialog.getByTestId('auto-filled-note').waitFor();
    expect(await dialog.getByTestId('auto-filled').count()).toBe(3);
    expect(await dialog.getByLabel('Jenis').inputValue()).toBe('angsuran');
    expect(await dialog.getByLabel('Jumlah').inputValue()).toBe('Rp 1.240.000');
    expect(await dialog.getByLabel('Angsuran Ke').inputValue()).toBe('1');
    await dialog.getByText(`Tidak boleh sebelum tanggal pinjam (${formatDateLong(loanDate)})`).waitFor();
    // Received in cash unless staff choose a bank account (issue 48).
    const channel = dialog.getByLabel('Diterima melalui');
    await poll(() => channel.locator('option').allTextContents()).toEqual(['Tunai (Kas)', 'Transfer ke Bank (1102)']);
    expect(await channel.inputValue()).toBe('');
    await snap(page, 'pembayaran-tambah-1280');

    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pembayaran berhasil ditambahkan').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: 'Daftar pembayaran' });
    await table.waitFor();
    const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim().toLowerCase());
    expect(headers).toEqual(['nasabah', 'tanggal', 'jumlah', 'jenis', 'keterangan', 'angsuran ke', 'aksi']);
    const row = rows(page).filter({ hasText: 'Budi Santoso' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const part of ['3201 0000 0000 0101', formatDateLong(today), 'Rp 1.240.000', 'Angsuran']) expect(text).toContain(part);
    await poll(() => statsText(page)).toContain('Total Pembayaran1');
    expect(await statsText(page)).toContain('Total NilaiRp 1.240.000');
    expect(await statsText(page)).toContain('Rata-rataRp 1.240.000');
    await snap(page, 'pembayaran-list-1280');
    await context.close();
  });

  it('records the next instalment from the loan detail quick action; the loan shows its new balance and progress', async () => {
    const { context, page } = await open('desktop', `/pinjaman/${budiLoan.id}`);
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).click();
    // The dialog opens on the loan page itself, with the loan chosen.
    const dialog = addDialog(page);
    await dialog.getByTestId('pinjaman-terpilih').filter({ hasText: 'Budi Santoso' }).waitFor();
    await dialog.getByTestId('auto-filled-note').waitFor();
    expect(await dialog.getByLabel('Angsuran Ke').inputValue()).toBe('2');
    expect(await dialog.getByLabel('Jumlah').inputValue()).toBe('Rp 1.240.000');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pembayaran berhasil ditambahkan').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/pinjaman/${budiLoan.id}`);

    // 2 × Rp 1.240.000 paid, each Rp 1.000.000 principal + Rp 240.000 margin: sisa pokok
    // Rp 10.000.000, progress 2.000.000 / 12.000.000 = 16,67 % (issue 47), shown on the loan page
    // without reloading it.
    expect(await getLoan(budiLoan.id)).toMatchObject({ sisa_pokok: 10_000_000, status: 'aktif' });
    await page.getByTestId('progress-percent').filter({ hasText: '16,67%' }).waitFor();
    await page.getByTestId('calc-sisa-pokok').filter({ hasText: 'Rp 10.000.000' }).waitFor();
    await snap(page, 'pembayaran-pinjaman-detail-1280');
    await context.close();
  });

  it('shows the field messages, maps server refusals to their fields and warns past the durasi', async () => {
    // Citra pays her 2-month loan off last month (it becomes lunas; the next test reopens it).
    const lastMonthDay = `${monthDateRange(lastMonth.year, lastMonth.month).first.slice(0, 8)}15`;
    await createPayment({ pinjaman_id: citraLoan.id, tanggal: lastMonthDay, jumlah: 500_000, jenis: 'angsuran', angsuran_ke: 1 });
    await createPayment({ pinjaman_id: citraLoan.id, tanggal: lastMonthDay, jumlah: 500_000, jenis: 'angsuran', angsuran_ke: 2 });
    expect((await getLoan(citraLoan.id)).status).toBe('lunas');
    const { context, page } = await open('desktop', '/pembayaran');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    const dialog = addDialog(page);
    await dialog.getByLabel('Tanggal').fill('');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    for (const message of [
      'Pinjaman harus dipilih',
      'Tanggal pembayaran harus diisi',
      'Jumlah pembayaran harus lebih dari 0',
      'Jenis pembayaran harus dipilih',
    ]) {
      await dialog.getByText(message).waitFor();
    }

    // A duplicate instalment number is refused by the server and shown on Angsuran Ke.
    await pickLoan(page, 'A001', 'Budi Santoso');
    await poll(() => dialog.getByLabel('Angsuran Ke').inputValue()).toBe('3');
    await dialog.getByLabel('Tanggal').fill(today);
    await dialog.getByLabel('Angsuran Ke').fill('1');
    // Editing an auto-filled field takes its marker away.
    await poll(() => dialog.getByTestId('auto-filled').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Terdapat kesalahan validasi. Silakan periksa form di bawah.').waitFor();
    await dialog.getByText('Angsuran ke-1 untuk pinjaman ini sudah tercatat').waitFor();

    // A date before the loan date likewise, on Tanggal.
    await dialog.getByLabel('Angsuran Ke').fill('3');
    await dialog.getByLabel('Tanggal').fill(addMonths(loanDate, -1));
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog
      .getByText(`Tanggal pembayaran tidak boleh sebelum tanggal pinjam (${formatDateLong(loanDate)})`)
      .first()
      .waitFor();
    expect(await dialog.getByLabel('Tanggal').getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'pembayaran-tambah-errors-1280');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await getLoan(budiLoan.id)).sisa_pokok).toBe(10_000_000);
    await context.close();
  });

  it('warns when a pokok loan has no durasi (imported record) or is past its last instalment', async () => {
    // Citra's 2-month loan is paid; make it aktif again so it is offered, past its durasi.
    const res = await server.api('PUT', `/pinjaman/${citraLoan.id}`, {
      nasabah_id: citraLoan.nasabah_id,
      nomor_pinjaman: 'C003',
      urutan_pinjaman: 1,
      tanggal_pinjam: loanDate,
      jumlah: 1_000_000,
      persentase: 0,
      tipe: 'pokok',
      durasi_angsuran: 2,
      jaminan: 'BPKB',
      keterangan: '',
      status: 'aktif',
    });
    expect(res.status).toBe(200);
    const { context, page } = await open('desktop', '/pembayaran');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    const dialog = addDialog(page);
    await pickLoan(page, 'citra', 'Citra Lestari');
    await dialog.getByText('Angsuran ke-3 melebihi durasi angsuran (2 bulan)', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Angsuran Ke').inputValue()).toBe('3');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await context.close();

    // An imported pokok loan without durasi (the API sends it as the old system stored it).
    const second = await newPage(browser, server.baseURL, 'desktop');
    await second.context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    await second.page.route('**/api/pinjaman?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data = body.data.map((l: { id: number }) =>
        l.id === citraLoan.id ? { ...l, durasi_angsuran: null, angsuran_per_bulan: null } : l,
      );
      await route.fulfill({ response, json: body });
    });
    await second.page.goto('/pembayaran');
    await second.page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    await pickLoan(second.page, 'citra', 'Citra Lestari');
    const d2 = addDialog(second.page);
    await d2
      .getByText(
        'Durasi angsuran pinjaman ini belum diisi, sehingga jumlah angsuran tidak dapat dihitung. Masukkan jumlah pembayaran secara manual.',
      )
      .waitFor();
    expect(await d2.getByLabel('Jumlah').inputValue()).toBe('');
    expect(await d2.getByLabel('Jenis').inputValue()).toBe('angsuran');
    expect(await d2.getByTestId('auto-filled').count()).toBe(2);
    await snap(second.page, 'pembayaran-tambah-warning-1280');
    await second.context.close();
  });

  it('filters by jenis and loan with statistics for the same filters, sorts, and resets', async () => {
    await createPayment({
      pinjaman_id: sariLoan.id,
      jumlah: 150_000,
      jenis: 'bagi_hasil',
      angsuran_ke: null,
      keterangan: 'Bagi hasil usaha',
    });
    const { context, page } = await open('desktop', '/pembayaran');
    await poll(() => rows(page).count()).toBe(3);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Pembayaran' });
    await dialog.getByRole('radio', { name: 'Bagi Hasil' }).click();
    await snap(page, 'pembayaran-filter-1280');
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await poll(() => rows(page).count()).toBe(1);
    await poll(() => statsText(page)).toContain('Total Pembayaran1');
    expect(await statsText(page)).toContain('Total NilaiRp 150.000');
    await page.getByText('Jenis: Bagi Hasil').waitFor();

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog.getByRole('radio', { name: 'Semua' }).click();
    await dialog.getByLabel('Pinjaman').selectOption({ label: await optionLabel(page, 'Budi Santoso') });
    await dialog.getByRole('button', { name: 'Terapkan' }).click();
    await poll(() => rows(page).count()).toBe(2);
    await poll(() => statsText(page)).toContain('Total Pembayaran2');
    expect(await statsText(page)).toContain('Total NilaiRp 2.480.000');
    expect(await statsText(page)).toContain('Rata-rataRp 1.240.000');
    expect(page.url()).toContain(`pinjaman=${budiLoan.id}`);

    await page.getByRole('button', { name: 'Reset Filter' }).click();
    await page.getByText('Filter berhasil direset').waitFor();
    await poll(() => rows(page).count()).toBe(3);

    // Sort: a new key starts descending, the same key toggles.
    const amounts = async () =>
      (await page.locator('[data-testid="pembayaran-row"] td:nth-child(3)').allTextContents()).map((t) => t.trim());
    const sortBy = async (label: string) => {
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      const sort = page.getByRole('dialog', { name: 'Urutkan Pembayaran' });
      const options = await sort.getByRole('button').allTextContents();
      for (const key of ['Tanggal', 'Jumlah', 'Jenis', 'Nasabah', 'Tanggal Dibuat'])
        expect(options.some((o) => o.startsWith(key))).toBe(true);
      await sort.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await sort.waitFor({ state: 'detached' });
    };
    await sortBy('Jumlah');
    await poll(amounts).toEqual(['Rp 1.240.000', 'Rp 1.240.000', 'Rp 150.000']);
    await sortBy('Jumlah');
    await poll(amounts).toEqual(['Rp 150.000', 'Rp 1.240.000', 'Rp 1.240.000']);
    await page.getByText('Urut: Jumlah ↑').waitFor();
    await sortBy('Nasabah');
    const names = async () =>
      (await page.locator('[data-testid="pembayaran-row"] td:first-child a').allTextContents()).map((t) => t.trim());
    await poll(names).toEqual(['Sari Wulandari', 'Budi Santoso', 'Budi Santoso']);
    await context.close();
  });

  it('edits a payment from the list', async () => {
    const { context, page } = await open('desktop', '/pembayaran');
    const row = rows(page).filter({ hasText: 'Sari Wulandari' });
    await row.getByRole('button', { name: /^Edit pembayaran/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Data Pembayaran' });
    await dialog.getByTestId('pinjaman-terpilih').filter({ hasText: 'Sari Wulandari' }).waitFor();
    expect(await dialog.getByLabel('Jumlah').inputValue()).toBe('Rp 150.000');
    expect(await dialog.getByLabel('Jenis').inputValue()).toBe('bagi_hasil');
    expect(await dialog.getByTestId('auto-filled').count()).toBe(0);
    await dialog.getByLabel('Keterangan').fill('Titip lewat anaknya');
    await dialog.getByLabel('Jumlah').fill('175000');
    await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await page.getByText('Pembayaran berhasil diperbarui').waitFor();
    await row.filter({ hasText: 'Titip lewat anaknya' }).filter({ hasText: 'Rp 175.000' }).waitFor();
    await poll(() => statsText(page)).toContain('Total NilaiRp 2.655.000');
    await context.close();
  });

  it('shows the detail page with its four cards; Edit only informs; Hapus confirms and returns to the list', async () => {
    const { context, page } = await open('desktop', '/pembayaran');
    // Slow the detail down a little so its loading text can be seen.
    await page.route('**/api/pembayaran/*', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const row = rows(page).filter({ hasText: 'Sari Wulandari' });
    await row.getByRole('link', { name: /^Lihat detail pembayaran/ }).click();
    await page.getByText('Memuat data pembayaran...').first().waitFor();
    await page.getByRole('heading', { name: 'Detail Pembayaran' }).waitFor();
    for (const title of ['Informasi Pembayaran', 'Informasi Pinjaman', 'Informasi Nasabah', 'Informasi Sistem']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    const payment = (await page.getByTestId('card-pembayaran').textContent()) ?? '';
    for (const part of ['Rp 175.000', 'Bagi Hasil', 'Titip lewat anaknya', formatDateLong(today)])
      expect(payment).toContain(part);
    expect(payment).not.toContain('Angsuran Ke');
    const loan = (await page.getByTestId('card-pinjaman').textContent()) ?? '';
    for (const part of ['Rp 10.000.000', 'Non-Pokok', 'Aktif', formatDateLong(loanDate)]) expect(loan).toContain(part);
    const customer = (await page.getByTestId('card-nasabah').textContent()) ?? '';
    for (const part of ['Sari Wulandari', '3201 0000 0000 0202', '0812-3456-7890', 'Jl. Kenanga No. 12'])
      expect(customer).toContain(part);
    expect(await page.getByRole('link', { name: 'Lihat Detail Pinjaman' }).getAttribute('href')).toBe(`/pinjaman/${sariLoan.id}`);
    expect(await page.getByRole('link', { name: 'Lihat Detail Nasabah' }).getAttribute('href')).toBe(
      `/nasabah/${sariLoan.nasabah_id}`,
    );
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Fitur edit akan segera tersedia').waitFor();
    await snap(page, 'pembayaran-detail-1280');

    await page.getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Apakah Anda yakin ingin menghapus pembayaran ini?').waitFor();
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await page.waitForURL(/\/pembayaran$/);
    await page.getByText('Pembayaran berhasil dihapus').waitFor();
    await poll(() => rows(page).count()).toBe(2);
    await context.close();
  });

  it("answers an unknown payment with 'Data Tidak Ditemukan' and a way back", async () => {
    const { context, page } = await open('phone', '/pembayaran/999999');
    await page.getByRole('heading', { name: 'Data Tidak Ditemukan' }).waitFor();
    await page.getByText('Gagal mengambil data pembayaran').waitFor();
    await snap(page, 'pembayaran-not-found-390');
    await page.getByRole('link', { name: 'Kembali ke Daftar Pembayaran' }).click();
    await page.waitForURL(/\/pembayaran$/);
    await page.getByRole('heading', { name: 'Data Pembayaran' }).waitFor();
    await context.close();
  });

  it('deletes from the list after the confirmation', async () => {
    const extra = await createPayment({
      pinjaman_id: sariLoan.id,
      jumlah: 99_000,
      jenis: 'bagi_hasil',
      angsuran_ke: null,
      keterangan: 'Salah catat',
    });
    const { context, page } = await open('desktop', '/pembayaran');
    const row = rows(page).filter({ hasText: 'Salah catat' });
    await row.getByRole('button', { name: /^Hapus pembayaran/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Apakah Anda yakin ingin menghapus pembayaran ini?').waitFor();
    await confirm.getByText('Sari Wulandari · Rp 99.000').waitFor();
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Pembayaran berhasil dihapus').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await server.api('GET', `/pembayaran/${extra.id}`)).status).toBe(404);
    await context.close();
  });
});

describe('payments on a tablet and a phone', () => {
  it('shows cards at 820 and 390 without sideways scrolling', async () => {
    const tablet = await open('tablet', '/pembayaran');
    await rows(tablet.page).first().waitFor();
    expect(await tablet.page.getByRole('table').count()).toBe(0);
    expect(await noOverflow(tablet.page)).toBeLessThanOrEqual(0);
    await snap(tablet.page, 'pembayaran-list-820');
    await tablet.context.close();

    const phone = await open('phone', '/pembayaran');
    const card = rows(phone.page).filter({ hasText: 'Budi Santoso' }).first();
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    for (const part of ['3201 0000 0000 0101', 'Rp 1.240.000', 'Angsuran', 'A001']) expect(text).toContain(part);
    await card.getByRole('link', { name: /^Lihat detail pembayaran/ }).waitFor();
    await card.getByRole('button', { name: /^Edit pembayaran/ }).waitFor();
    await card.getByRole('button', { name: /^Hapus pembayaran/ }).waitFor();
    expect(await noOverflow(phone.page)).toBeLessThanOrEqual(0);
    await snap(phone.page, 'pembayaran-list-390');
    await phone.context.close();
  });

  it('records an instalment through the auto-fill on a phone and opens its detail', async () => {
    const { context, page } = await open('phone', '/pembayaran');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).first().click();
    const dialog = addDialog(page);
    await pickLoan(page, 'budi', 'Budi Santoso');
    await poll(() => dialog.getByLabel('Angsuran Ke').inputValue()).toBe('3');
    await dialog.getByTestId('auto-filled-note').waitFor();
    // Paid by transfer to the institution's bank account (issue 48).
    await dialog.getByLabel('Diterima melalui').selectOption({ label: 'Transfer ke Bank (1102)' });
    await snap(page, 'pembayaran-tambah-390');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pembayaran berhasil ditambahkan').waitFor();
    expect(await getLoan(budiLoan.id)).toMatchObject({ sisa_pokok: 9_000_000 });

    const card = rows(page).filter({ hasText: 'Angsuran ke-3' });
    await card.getByRole('link', { name: /^Lihat detail pembayaran/ }).click();
    await page.getByRole('heading', { name: 'Informasi Pembayaran' }).waitFor();
    await page.getByTestId('card-sistem').waitFor();
    expect(await page.getByText('Diterima melalui').locator('..').textContent()).toContain('Bank');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'pembayaran-detail-390');
    await context.close();
  });
});

describe('Load More', () => {
  it('appends the next page while the page is below ceil(total / limit)', async () => {
    // 1001 payments in a year of their own: one page of 1000, then one more.
    const year = thisMonth.year - 2;
    const n = await createCustomer('Dodi Pratama', '3201000000000404');
    const loan = await createLoan({
      nasabah_id: n,
      nomor_pinjaman: 'D004',
      jumlah: 500_000_000,
      persentase: 1,
      tipe: 'non-pokok',
      durasi_angsuran: null,
      tanggal_pinjam: `${year}-01-01`,
    });
    const days = Array.from({ length: 1001 }, (_, i) => i);
    for (let i = 0; i < days.length; i += 50) {
      await Promise.all(
        days.slice(i, i + 50).map((d) =>
          createPayment({
            pinjaman_id: loan.id,
            tanggal: addMonths(`${year}-01-01`, d % 12),
            jumlah: 1_000 + d,
            jenis: 'bagi_hasil',
            angsuran_ke: null,
          }),
        ),
      );
    }
    const { context, page } = await open('desktop', `/pembayaran?period=custom&year=${year}`);
    await page.getByText('Menampilkan 1.000 dari 1.001').waitFor({ timeout: 30_000 });
    await poll(() => statsText(page)).toContain('Total Pembayaran1.001');
    // A long list keeps only the rows near the screen in the DOM; scrolling reaches the others.
    const list = page.getByTestId('pembayaran-list');
    expect(await list.getAttribute('data-count')).toBe('1000');
    expect(await rows(page).count()).toBeLessThan(100);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByText('Semua data sudah dimuat (1.001 pembayaran)').waitFor({ timeout: 30_000 });
    await poll(() => list.getAttribute('data-count')).toBe('1001');
    const lastRow = page.locator('[data-testid="pembayaran-row"][aria-rowindex="1002"]');
    await poll(async () => {
      await page.mouse.wheel(0, 200_000);
      return lastRow.count();
    }).toBe(1);
    await context.close();

    // On a phone the cards scroll through the whole list as well.
    const phone = await open('phone', `/pembayaran?period=custom&year=${year}`);
    await poll(() => phone.page.getByTestId('pembayaran-list').getAttribute('data-count'), { timeout: 30_000 }).toBe('1000');
    const lastCard = phone.page.locator('[data-testid="pembayaran-row"][aria-posinset="1000"]');
    await poll(async () => {
      await phone.page.mouse.wheel(0, 400_000);
      return lastCard.count();
    }).toBe(1);
    await phone.context.close();
  }, 120_000);
});

/** The filter dialog's option text for a customer's loan. */
async function optionLabel(page: Page, nama: string) {
  const labels = await page
    .getByRole('dialog', { name: 'Filter Pembayaran' })
    .getByLabel('Pinjaman')
    .locator('option')
    .allTextContents();
  const label = labels.find((l) => l.startsWith(nama));
  if (!label) throw new Error(`no loan option for ${nama}: ${labels.join(' | ')}`);
  return label;
}

describe('a payment whose answer was lost (issue 51)', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'is recorded once when Simpan is pressed again: both sends carry one Idempotency-Key (%s)',
    async (viewport) => {
      const owner = await createCustomer(
        `Nasabah Sinyal Lemah ${viewport}`,
        viewport === 'desktop' ? '3201000000000911' : '3201000000000912',
      );
      const loan = await createLoan({
        nasabah_id: owner,
        nomor_pinjaman: `SL-${viewport}`,
        jumlah: 6_000_000,
        persentase: 2,
        tipe: 'pokok',
        durasi_angsuran: 6,
      });
      const { context, page } = await open(viewport, `/pinjaman/${loan.id}`);
      await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
      // The first send reaches the server, which records it; its answer never reaches the phone.
      const keys = await loseFirstAnswer(page, '**/api/pembayaran');
      await page.getByRole('button', { name: 'Tambah Pembayaran' }).click();
      const dialog = addDialog(page);
      await dialog.getByTestId('auto-filled-note').waitFor();
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await poll(() => keys.length).toBe(1);
      // The dialog stays with its values; the user presses Simpan again.
      const save = dialog.getByRole('button', { name: 'Simpan' });
      await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
      await save.click();
      await page.getByText('Pembayaran berhasil ditambahkan').waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      const payments = await server.api<Payment[]>('GET', `/pembayaran?pinjaman_id=${loan.id}&limit=100`);
      expect(payments.body.data).toHaveLength(1);
      expect(await getLoan(loan.id)).toMatchObject({ sisa_pokok: 5_000_000 });
      await context.close();
    },
  );
});
