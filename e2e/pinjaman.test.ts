import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Jadwal } from '@mizan/core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { type ApiSession, apiSession, loseFirstAnswer, openSignedIn, snap } from './support/actions';

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
const open = (viewport: ViewportName, path: string) => openSignedIn(browser, server.baseURL, session, viewport, path);

let nikSeq = 0;
interface Customer {
  id: number;
  nama: string;
  nik: string;
}
async function createCustomer(nama: string) {
  const nik = `3275${String(++nikSeq).padStart(12, '0')}`;
  const res = await server.api<Customer>('POST', '/nasabah', {
    nama,
    nik,
    telepon: '0812-1111-2222',
    alamat: 'Jl. Melati No. 3',
    kecamatan: 'Bekasi Timur',
    kota: 'Bekasi',
  });
  if (res.status !== 201) throw new Error(`customer seed failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

interface Loan {
  id: number;
  kwitansi: string | null;
  kwitansi_url: string | null;
  nomor_pinjaman: string;
  urutan_pinjaman: number;
}
async function createLoan(body: Record<string, unknown>) {
  const res = await server.api<Loan>('POST', '/pinjaman', {
    tanggal_pinjam: '2024-03-15',
    persentase: 2,
    tipe: 'pokok',
    durasi_angsuran: 10,
    nomor_pinjaman: '',
    ...body,
  });
  if (res.status !== 201) throw new Error(`loan seed failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

// A real PNG (so the browser can decode and downscale it): 2400×1600, gradient with some noise.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(width: number, height: number) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = seed % 48;
      const i = row + 1 + x * 3;
      raw[i] = (x * 255) / width + noise;
      raw[i + 1] = (y * 255) / height + noise;
      raw[i + 2] = 180 - noise;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const rupiahToNumber = (text: string) => Number(text.replace(/\D/g, ''));
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Chooses a customer in the add form's picker by typing part of the name or NIK. */
async function pickCustomer(page: Page, query: string, nama: string) {
  const form = dialog(page, 'Tambah Pinjaman Baru');
  await form.getByPlaceholder('Cari nama atau NIK...').fill(query);
  await form.getByRole('option', { name: new RegExp(nama) }).click();
  await form.getByTestId('nasabah-terpilih').getByText(nama).waitFor();
}

describe('adding a Murabahah loan with a receipt photo (issue 5 "Done when")', () => {
  it('records Rp 12.000.000 at 2 % for 12 months and shows the calculations, the schedule and the receipt', async () => {
    const budi = await createCustomer('Budi Santoso');
    await createLoan({ nasabah_id: budi.id, nomor_pinjaman: 'B017', urutan_pinjaman: 1, jumlah: 3_000_000 });

    const { context, page } = await open('desktop', '/pinjaman');
    await page.getByRole('heading', { name: 'Data Pinjaman' }).waitFor();
    await page.getByRole('button', { name: 'Tambah Pinjaman' }).first().click();
    const form = dialog(page, 'Tambah Pinjaman Baru');
    await form.waitFor();

    // Customer picker: searchable by NIK; choosing fills nomor and urutan from the loan info.
    await pickCustomer(page, budi.nik.slice(-6), 'Budi Santoso');
    await expect.poll(() => form.getByLabel('Nomor Pinjaman').inputValue()).toBe('B017');
    expect(await form.getByLabel('Urutan Pinjaman').inputValue()).toBe('2');
    await form.getByTestId('info-pinjaman').getByText('Pinjaman ke-2 untuk nasabah ini').waitFor();

    await form.getByLabel('Tanggal Pinjam').fill('2024-01-31');
    const amount = form.getByLabel('Jumlah Pinjaman');
    await amount.pressSequentially('12000000');
    expect(await amount.inputValue()).toBe('Rp 12.000.000');
    const persentase = form.getByLabel('Persentase (%)');
    expect(await persentase.getAttribute('step')).toBe('0.01');
    await persentase.fill('2');
    // Durasi only appears for pokok.
    expect(await form.getByLabel('Durasi Angsuran (bulan)').count()).toBe(0);
    await form.getByLabel('Tipe Pinjaman').selectOption('pokok');
    await form.getByLabel('Durasi Angsuran (bulan)').fill('12');
    await form.getByLabel('Jaminan').fill('BPKB Honda Beat 2019');
    await form.getByLabel('Keterangan').fill('Modal tambahan warung sembako');

    // Live Murabahah preview.
    const preview = form.getByTestId('murabahah-preview');
    await preview.getByText('Rp 1.240.000').waitFor();
    expect(await preview.getByTestId('preview-total-margin').textContent()).toBe('Rp 2.880.000');
    expect(await preview.getByTestId('preview-angsuran').textContent()).toBe('Rp 1.240.000');

    // Receipt photo: downscaled in the browser, with the size before and after.
    const png = makePng(2400, 1600);
    await form.getByLabel('Foto Kwitansi').setInputFiles({ name: 'kwitansi-budi.png', mimeType: 'image/png', buffer: png });
    const resized = page.getByText(/^Gambar dikompres dari .* MB menjadi .* MB$/);
    await resized.waitFor();
    const [before, after] = ((await resized.textContent()) ?? '').match(/\d+,\d+/g)!.map((n) => Number(n.replace(',', '.')));
    expect(before).toBeCloseTo(png.length / 1024 / 1024, 1);
    expect(after!).toBeLessThan(before!);
    const chosen = form.getByTestId('kwitansi-preview');
    await chosen.getByText('kwitansi-budi.jpg').waitFor();
    await chosen.getByText(/^\d+,\d\d MB$/).waitFor();
    expect(
      await chosen.getByRole('img', { name: 'Pratinjau kwitansi' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(1620);
    await snap(page, 'pinjaman-tambah-1280');

    await form.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Pinjaman berhasil ditambahkan');
    await form.waitFor({ state: 'hidden' });

    const row = page.getByTestId('pinjaman-row').filter({ hasText: 'Budi Santoso' }).filter({ hasText: 'Rp 12.000.000' });
    await row.waitFor();
    expect(await row.textContent()).toContain('B017');
    expect(await row.textContent()).toContain('Urutan ke-2');
    await snap(page, 'pinjaman-list-1280');

    await row.getByRole('link', { name: /Lihat detail/ }).click();
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
    await snap(page, 'pinjaman-detail-1280');

    // The spec's worked numbers.
    expect(await page.getByTestId('calc-margin-bulan').textContent()).toBe('Rp 240.000');
    expect(await page.getByTestId('calc-total-margin').textContent()).toBe('Rp 2.880.000');
    expect(await page.getByTestId('calc-angsuran').textContent()).toBe('Rp 1.240.000');
    expect(await page.getByTestId('calc-total-kewajiban').textContent()).toBe('Rp 14.880.000');

    // A 12-line schedule that sums to Rp 14.880.000, month-end aware, all overdue (no payments, dates long past).
    const lines = page.getByTestId('jadwal-row');
    expect(await lines.count()).toBe(12);
    const amounts = (await page.getByTestId('jadwal-jumlah').allTextContents()).map(rupiahToNumber);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(14_880_000);
    expect(amounts.every((a) => a === 1_240_000)).toBe(true);
    expect(await page.getByTestId('jadwal-total').textContent()).toBe('Rp 14.880.000');
    expect(await lines.nth(0).textContent()).toContain('29/02/2024');
    expect(await lines.nth(11).textContent()).toContain('31/01/2025');
    expect(await lines.filter({ hasText: 'Terlambat' }).count()).toBe(12);
    // The arrears in one line, as the server's ledger computes them today (issue 23).
    const jadwal = (await server.api<Jadwal>('GET', `/pinjaman/${page.url().split('/').pop()}/jadwal`)).body.data;
    expect(jadwal.ringkasan.angsuran_tertunggak).toBe(12);
    expect(await page.getByTestId('jadwal-ringkasan').textContent()).toBe(
      `12 angsuran tertunggak · ${jadwal.ringkasan.hari_tunggakan.toLocaleString('id-ID')} hari · Kolektibilitas 5 MacetTunggakan Rp 14.880.000`,
    );
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).locator('..').getByText('Kol. 5 · Macet').waitFor();

    // Loan info and completeness.
    await page.getByText('BPKB Honda Beat 2019').waitFor();
    await page.getByText('Modal tambahan warung sembako').waitFor();
    await page.getByTestId('kelengkapan-data').getByText('Data pinjaman sudah lengkap.').waitFor();
    await page.getByText('Belum ada data pembayaran').waitFor();

    // Receipt preview dialog shows the downscaled photo; the download link serves the file as an attachment.
    await page.getByRole('button', { name: 'Lihat foto kwitansi' }).click();
    const receipt = dialog(page, 'Foto Kwitansi');
    const image = receipt.getByRole('img', { name: 'Foto kwitansi' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1620);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1080);
    await snap(page, 'pinjaman-kwitansi-1280');
    const href = await receipt.getByRole('link', { name: 'Unduh' }).getAttribute('href');
    expect(href).toMatch(/^\/uploads\/kwitansi\/[a-f0-9]{32}\.jpg\?exp=\d+&sig=.+&download=1$/);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/jpeg');
    expect(file.headers()['content-disposition']).toBe('attachment; filename="kwitansi-B017.jpg"');
    // Without the signature (and without a token) the file is refused.
    expect((await page.request.get(href!.split('?')[0]!)).status()).toBe(401);
    await page.keyboard.press('Escape');

    // Quick Actions: Tambah Pembayaran opens the payment dialog here, with this loan chosen.
    const loanPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Tambah Pembayaran' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Tambah Pembayaran Baru' });
    await payDialog.getByTestId('pinjaman-terpilih').waitFor();
    expect(new URL(page.url()).pathname).toBe(loanPath);
    await payDialog.getByRole('button', { name: 'Batal' }).click();
    await payDialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the detail at phone width with the schedule as a list', async () => {
    const siti = await createCustomer('Siti Rahmawati');
    const loan = await createLoan({
      nasabah_id: siti.id,
      jumlah: 12_000_000,
      durasi_angsuran: 12,
      tanggal_pinjam: '2099-01-15',
      nomor_pinjaman: 'S001',
    });
    // Two instalments paid (payments API): they are marked in the schedule and listed as selesai.
    for (const ke of [1, 2]) {
      const paid = await server.api('POST', '/pembayaran', {
        pinjaman_id: loan.id,
        tanggal: '2099-02-15',
        jumlah: 1_240_000,
        jenis: 'angsuran',
        angsuran_ke: ke,
      });
      expect(paid.status).toBe(201);
    }
    const { context, page } = await open('phone', `/pinjaman/${loan.id}`);
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
    expect(await page.getByTestId('calc-angsuran').textContent()).toBe('Rp 1.240.000');
    const lines = page.getByTestId('jadwal-row');
    // The schedule arrives with the loan's position (GET …/jadwal), after the akad's figures.
    await expect.poll(() => lines.count()).toBe(12);
    await expect.poll(() => lines.filter({ hasText: 'Lunas' }).count()).toBe(2);
    expect(await lines.nth(0).textContent()).toContain('Lunas');
    expect(await lines.nth(1).textContent()).toContain('Lunas');
    // Future due dates are not yet paid and not overdue.
    expect(await lines.filter({ hasText: 'Belum Bayar' }).count()).toBe(10);
    // Two instalments' principal, 2.000.000 of 12.000.000 (issue 47).
    expect(await page.getByTestId('progress-percent').textContent()).toBe('16,67%');
    const history = page.getByRole('listitem').filter({ hasText: 'Angsuran ke-' }).filter({ hasText: 'selesai' });
    expect(await history.count()).toBe(2);
    expect(await page.getByTestId('jadwal-total').textContent()).toBe('Rp 14.880.000');
    expect(await page.getByTestId('jadwal-ringkasan').textContent()).toBe('Tidak ada tunggakan · Kolektibilitas 1 Lancar');
    const completeness = page.getByTestId('kelengkapan-data');
    await completeness.getByText('Foto kwitansi').waitFor();
    await page.getByText('Belum ada foto kwitansi.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'pinjaman-detail-390');
    await context.close();
  });

  it('says so when the loan’s position cannot be read, shows no figure of zero, and shows it after Refresh', async () => {
    const rina = await createCustomer('Rina Marlina');
    const loan = await createLoan({ nasabah_id: rina.id, jumlah: 12_000_000, durasi_angsuran: 12, nomor_pinjaman: 'R001' });
    const { context, page } = await open('phone', '/pinjaman');
    await page.getByRole('heading', { name: 'Data Pinjaman' }).waitFor();
    const failing = '**/api/pinjaman/*/jadwal';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Terjadi kesalahan pada server. Silakan coba lagi.' }),
      }),
    );
    await page.goto(`${server.baseURL}/pinjaman/${loan.id}`);
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
    await expect.poll(() => page.getByText('Gagal memuat posisi pinjaman. Tekan Refresh untuk mencoba lagi.').count()).toBe(2);
    expect(await page.getByTestId('progress-percent').count()).toBe(0);
    expect(await page.getByTestId('calc-sisa-pokok').count()).toBe(0);
    await snap(page, 'pinjaman-posisi-gagal-390');
    await page.unroute(failing);
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await page.getByTestId('calc-sisa-pokok').filter({ hasText: 'Rp 12.000.000' }).waitFor();
    expect(await page.getByTestId('progress-percent').textContent()).toBe('0,00%');
    await context.close();
  });
});

describe('the loan’s money events (issue 47)', () => {
  it('lists every event newest first, a corrected payment with its reversal, and adds up to the principal the page shows', async () => {
    const dewi = await createCustomer('Dewi Lestari');
    const loan = await createLoan({ nasabah_id: dewi.id, jumlah: 12_000_000, durasi_angsuran: 12, nomor_pinjaman: 'D001' });
    const pay = async (angsuranKe: number, jumlah: number) => {
      const res = await server.api<{ id: number }>('POST', '/pembayaran', {
        pinjaman_id: loan.id,
        tanggal: '2024-04-15',
        jumlah,
        jenis: 'angsuran',
        angsuran_ke: angsuranKe,
      });
      expect(res.status).toBe(201);
      return res.body.data.id;
    };
    const first = await pay(1, 1_240_000);
    const corrected = await server.api('PUT', `/pembayaran/${first}`, {
      pinjaman_id: loan.id,
      tanggal: '2024-04-15',
      jumlah: 620_000,
      jenis: 'angsuran',
      keterangan: null,
      angsuran_ke: 1,
    });
    expect(corrected.status).toBe(200);
    await pay(2, 1_240_000);

    for (const viewport of ['desktop', 'tablet', 'phone'] as const) {
      const { context, page } = await open(viewport, `/pinjaman/${loan.id}`);
      await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
      const events = page.getByRole('list', { name: 'Riwayat mutasi pinjaman' }).getByRole('listitem');
      await events.first().waitFor();
      await expect.poll(() => events.count()).toBe(5);
      const lines = (await events.allTextContents()).map((t) => t.replace(/\s+/g, ' '));
      expect(lines[0]).toContain('Pembayaran Angsuran ke-2');
      expect(lines[0]).toContain('+Rp 1.240.000');
      expect(lines[0]).toContain('Pokok Rp 1.000.000 · Margin Rp 240.000');
      expect(lines[1]).toContain('+Rp 620.000');
      expect(lines[1]).toContain('Pokok Rp 500.000 · Margin Rp 120.000');
      expect(lines[2]).toContain('Pembalikan Angsuran ke-1');
      expect(lines[2]).toContain('−Rp 1.240.000');
      expect(lines[2]).toContain('Pembayaran dikoreksi');
      expect(lines[3]).toContain('Dibalik');
      expect(lines[4]).toContain('Akad (pencairan)');
      expect(lines[4]).toContain('−Rp 12.000.000');
      expect(lines[4]).toContain('Pokok akad Rp 12.000.000 · Margin akad Rp 2.880.000');
      // What the events add up to is what the page says is left.
      const sisaPokok = (await page.getByTestId('calc-sisa-pokok').textContent())!;
      expect(sisaPokok).toBe('Rp 10.500.000');
      await page.getByText(`sisa pokok ${sisaPokok}`, { exact: false }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page
        .getByTestId('riwayat-mutasi')
        .screenshot({ path: `test-results/screens/pinjaman-mutasi-${{ desktop: 1280, tablet: 820, phone: 390 }[viewport]}.png` });
      await context.close();
    }
  });
});

describe('adding a Mudharabah loan on a phone', () => {
  it('hides the duration for non-pokok, validates, saves, and shows a card and the Mudharabah panel', async () => {
    await createCustomer('Rahmat Hidayat');
    const { context, page } = await open('phone', '/pinjaman');
    await page.getByRole('heading', { name: 'Data Pinjaman' }).waitFor();
    await page.getByRole('button', { name: 'Tambah Pinjaman' }).first().click();
    const form = dialog(page, 'Tambah Pinjaman Baru');
    await form.waitFor();

    // Nothing chosen: every required message, and no request.
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Nasabah harus dipilih').waitFor();
    await form.getByText('Jumlah pinjaman harus lebih dari 0').waitFor();
    await form.getByText('Tipe pinjaman harus dipilih').waitFor();
    await form.getByText('Persentase harus diisi').waitFor();
    await form.getByLabel('Tipe Pinjaman').selectOption('pokok');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Durasi angsuran harus lebih dari 0 untuk tipe pokok').waitFor();
    await snap(page, 'pinjaman-tambah-errors-390');

    await pickCustomer(page, 'rahmat', 'Rahmat Hidayat');
    await form.getByTestId('info-pinjaman').getByText('Nasabah baru: ini pinjaman pertamanya.').waitFor();
    expect(await form.getByLabel('Urutan Pinjaman').inputValue()).toBe('1');
    await form.getByLabel('Tipe Pinjaman').selectOption('non-pokok');
    expect(await form.getByLabel('Durasi Angsuran (bulan)').count()).toBe(0);
    expect(await form.getByTestId('murabahah-preview').count()).toBe(0);
    await form.getByLabel('Jumlah Pinjaman').pressSequentially('10000000');
    await form.getByLabel('Persentase (%)').fill('1.5');
    // A file of another type is refused in the browser with the spec's message.
    await form
      .getByLabel('Foto Kwitansi')
      .setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('bukan kwitansi') });
    await form.getByText('Hanya file JPEG, PNG, dan PDF yang diperbolehkan').first().waitFor();
    // A PDF is kept as it is.
    await form
      .getByLabel('Foto Kwitansi')
      .setInputFiles({ name: 'akad.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await form.getByTestId('kwitansi-preview').getByText('akad.pdf').waitFor();
    await snap(page, 'pinjaman-tambah-390');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Pinjaman berhasil ditambahkan');

    const card = page.getByTestId('pinjaman-row').filter({ hasText: 'Rahmat Hidayat' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Non-Pokok');
    expect(await card.textContent()).toContain('1,50%');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'pinjaman-list-390');

    await card.getByRole('link', { name: 'Detail' }).click();
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
    await page.getByText('Rincian Perhitungan Mudharabah').waitFor();
    expect(await page.getByTestId('calc-bagi-hasil').textContent()).toBe('Rp 150.000');
    // Its schedule is the monthly bagi hasil (issue 23): granted today, the first is due in a month.
    await page.getByRole('heading', { name: 'Jadwal Bagi Hasil' }).waitFor();
    const months = page.getByTestId('jadwal-row');
    await expect.poll(() => months.count()).toBe(1);
    expect(await months.first().textContent()).toContain('Bulan ke-1');
    expect(await months.first().textContent()).toContain('Rp 150.000');
    expect(await months.first().textContent()).toContain('Belum Bayar');
    expect(await page.getByTestId('jadwal-ringkasan').textContent()).toBe('Tidak ada tunggakan · Kolektibilitas 1 Lancar');
    // A PDF receipt: no preview, but a download.
    await page.getByRole('button', { name: 'Lihat foto kwitansi' }).click();
    await dialog(page, 'Foto Kwitansi').getByText('File PDF tidak dapat ditampilkan dalam preview').waitFor();
    await snap(page, 'pinjaman-kwitansi-pdf-390');
    await context.close();
  });
});

describe('editing and deleting', () => {
  it('edits with per-field errors and the error list, deletes the receipt, then deletes the loan', async () => {
    const dewi = await createCustomer('Dewi Lestari');
    const other = await createCustomer('Eko Prasetyo');
    const created = await server.api<Loan>('POST', '/pinjaman', {
      nasabah_id: dewi.id,
      nomor_pinjaman: 'D100',
      urutan_pinjaman: 1,
      tanggal_pinjam: '2024-06-01',
      jumlah: 5_000_000,
      persentase: 1.5,
      tipe: 'pokok',
      durasi_angsuran: 10,
    });
    const loanId = created.body.data.id;
    // Attach a receipt through the API (multipart PUT).
    const form = new FormData();
    for (const [k, v] of Object.entries({
      nasabah_id: dewi.id,
      nomor_pinjaman: 'D100',
      urutan_pinjaman: 1,
      tanggal_pinjam: '2024-06-01',
      jumlah: 5_000_000,
      persentase: 1.5,
      tipe: 'pokok',
      durasi_angsuran: 10,
      status: 'aktif',
    })) {
      form.append(k, String(v));
    }
    form.append('kwitansi', new Blob([makePng(40, 30)], { type: 'image/png' }), 'k.png');
    const put = await fetch(`${server.baseURL}/api/pinjaman/${loanId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    });
    expect(put.status).toBe(200);

    const { context, page } = await open('desktop', `/pinjaman/${loanId}`);
    await page.getByRole('heading', { name: 'Detail Pinjaman' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, 'Edit Data Pinjaman');
    await edit.waitFor();
    expect(await edit.getByLabel('Jumlah Pinjaman').inputValue()).toBe('Rp 5.000.000');
    expect(await edit.getByLabel('Status').inputValue()).toBe('aktif');

    await edit.getByLabel('Jumlah Pinjaman').fill('');
    await edit.getByLabel('Durasi Angsuran (bulan)').fill('0');
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    const list = edit.getByRole('alert').filter({ hasText: 'Terdapat kesalahan validasi:' });
    await list.waitFor();
    expect(await list.textContent()).toContain('Jumlah pinjaman harus lebih dari 0');
    expect(await list.textContent()).toContain('Durasi angsuran harus lebih dari 0 untuk tipe pokok');
    expect(await edit.getByText('Jumlah pinjaman harus lebih dari 0').count()).toBe(2);
    await snap(page, 'pinjaman-edit-errors-1280');

    await edit.getByLabel('Jumlah Pinjaman').pressSequentially('6000000');
    await edit.getByLabel('Durasi Angsuran (bulan)').fill('12');
    await edit.getByLabel('Status').selectOption('macet');
    // Another customer: the picker offers a change.
    await edit.getByRole('button', { name: 'Ganti' }).click();
    await edit.getByPlaceholder('Cari nama atau NIK...').fill('Eko');
    await edit.getByRole('option', { name: /Eko Prasetyo/ }).click();
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await toast(page, 'Data pinjaman berhasil diperbarui');
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Rp 6.000.000').first().waitFor();
    await page.getByRole('link', { name: 'Eko Prasetyo' }).waitFor();
    expect(await page.getByText('Macet').count()).toBeGreaterThan(0);
    const loan = (
      await server.api<{ jumlah: number; status: string; nasabah_id: number; angsuran_per_bulan: number }>(
        'GET',
        `/pinjaman/${loanId}`,
      )
    ).body.data;
    expect(loan).toMatchObject({ jumlah: 6_000_000, status: 'macet', nasabah_id: other.id, angsuran_per_bulan: 590_000 });

    // Delete the receipt: the spec's confirmation, then the loan is re-fetched without it.
    await page.getByRole('button', { name: 'Hapus foto kwitansi' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Apakah Anda yakin ingin menghapus foto kwitansi ini? Tindakan ini tidak dapat dibatalkan.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await toast(page, 'Foto kwitansi berhasil dihapus');
    await page.getByText('Belum ada foto kwitansi.').waitFor();
    await page.getByTestId('kelengkapan-data').getByText('Foto kwitansi').waitFor();

    // Delete the loan: confirmation, toast, back to the list, gone from it.
    await page.getByRole('button', { name: 'Hapus', exact: true }).click();
    await page.getByRole('alertdialog').getByText('Apakah Anda yakin ingin menghapus pinjaman ini?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await toast(page, 'Pinjaman berhasil dihapus');
    await page.waitForURL('**/pinjaman');
    await page.getByRole('heading', { name: 'Data Pinjaman' }).waitFor();
    expect((await server.api('GET', `/pinjaman/${loanId}`)).status).toBe(404);
    await page.goto(`/pinjaman/${loanId}`);
    await page.getByRole('heading', { name: 'Data Tidak Ditemukan' }).waitFor();
    await page.getByText('Pinjaman tidak ditemukan').waitFor();
    await page.getByRole('link', { name: 'Kembali ke Data Pinjaman' }).last().click();
    await page.waitForURL('**/pinjaman');
    await context.close();
  });
});

describe('loan list', () => {
  it('filters, sorts, resets, shows the empty state and the end-of-list sentence', async () => {
    const fajar = await createCustomer('Fajar Nugroho');
    await createLoan({
      nasabah_id: fajar.id,
      jumlah: 7_500_000,
      tipe: 'non-pokok',
      durasi_angsuran: null,
      nomor_pinjaman: 'F001',
    });
    await createLoan({ nasabah_id: fajar.id, jumlah: 2_500_000, nomor_pinjaman: 'F002', urutan_pinjaman: 2 });

    const { context, page } = await open('desktop', '/pinjaman');
    const rows = page.getByTestId('pinjaman-row');
    await rows.first().waitFor();
    const total = (await server.api<unknown[]>('GET', '/pinjaman?limit=1000')).body.data.length;
    await page.getByText(`Semua data sudah dimuat (${total} pinjaman)`).waitFor();
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);

    // Filter: tipe non-pokok and the customer Fajar.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filter = dialog(page, 'Filter Pinjaman');
    await filter.getByRole('radio', { name: 'Non-Pokok' }).click();
    await filter.getByPlaceholder('Cari nama atau NIK...').fill('Fajar');
    await filter.getByRole('option', { name: /Fajar Nugroho/ }).click();
    await filter.getByRole('button', { name: 'Terapkan' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('F001');
    await page.getByText('Semua data sudah dimuat (1 pinjaman)').waitFor();

    // Status macet for this customer: nothing.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await filter.getByRole('radio', { name: 'Macet' }).click();
    await filter.getByRole('button', { name: 'Terapkan' }).click();
    await page.getByText('Tidak ada data pinjaman').waitFor();
    await snap(page, 'pinjaman-empty-1280');
    // One chip's own button removes that filter only: Fajar's single loan is back.
    await page.getByRole('button', { name: 'Hapus filter Status: Macet' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: 'Hapus filter Status: Macet' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Reset Filter' }).first().click();
    await toast(page, 'Filter berhasil direset');
    await expect.poll(() => rows.count()).toBe(total);

    // Sort by jumlah: first descending, then ascending.
    await page.getByRole('button', { name: 'Sort' }).click();
    await dialog(page, 'Urutkan Pinjaman').getByRole('button', { name: 'Jumlah' }).click();
    const amounts = async () => {
      const texts = await page.locator('[data-testid="pinjaman-row"] td:nth-child(4)').allTextContents();
      return texts.map(rupiahToNumber);
    };
    const sorted = async (order: 'asc' | 'desc') => {
      const a = await amounts();
      return a.length === total && a.every((v, i) => i === 0 || (order === 'asc' ? a[i - 1]! <= v : a[i - 1]! >= v));
    };
    await expect.poll(() => sorted('desc')).toBe(true);
    await page.getByRole('button', { name: /Sort/ }).click();
    await dialog(page, 'Urutkan Pinjaman').getByRole('button', { name: 'Jumlah' }).click();
    await expect.poll(() => sorted('asc')).toBe(true);
    await snap(page, 'pinjaman-sorted-1280');

    // Row delete from the list.
    const row = rows.filter({ hasText: 'F002' });
    await row.getByRole('button', { name: /Hapus pinjaman Fajar Nugroho/ }).click();
    await page.getByRole('alertdialog').getByText('Apakah Anda yakin ingin menghapus pinjaman ini?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await toast(page, 'Pinjaman berhasil dihapus');
    await expect.poll(() => rows.filter({ hasText: 'F002' }).count()).toBe(0);
    await context.close();
  });

  it('keeps its filters and sort across a detail page and Back, and across a reload (issue 30)', async () => {
    const gilang = await createCustomer('Gilang Ramadhan');
    await createLoan({
      nasabah_id: gilang.id,
      jumlah: 4_000_000,
      tipe: 'non-pokok',
      durasi_angsuran: null,
      nomor_pinjaman: 'G001',
    });
    await createLoan({ nasabah_id: gilang.id, jumlah: 3_000_000, nomor_pinjaman: 'G002', urutan_pinjaman: 2 });

    for (const size of ['desktop', 'phone'] as const) {
      const { context, page } = await open(size, '/pinjaman');
      const rows = page.getByTestId('pinjaman-row');
      await rows.first().waitFor();
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      const filter = dialog(page, 'Filter Pinjaman');
      await filter.getByRole('radio', { name: 'Pokok', exact: true }).click();
      await filter.getByPlaceholder('Cari nama atau NIK...').fill('Gilang');
      await filter.getByRole('option', { name: /Gilang Ramadhan/ }).click();
      await filter.getByRole('button', { name: 'Terapkan' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      const filtered = page.url();
      expect(new URL(filtered).searchParams.get('tipe')).toBe('pokok');
      expect(new URL(filtered).searchParams.get('nasabahId')).toBe(String(gilang.id));

      // To the loan's detail page and Back: the same single row, the chips still there.
      await rows
        .first()
        .getByRole('button', { name: /Lihat detail pinjaman Gilang Ramadhan/ })
        .or(rows.first().getByRole('link', { name: /Lihat detail pinjaman Gilang Ramadhan/ }))
        .first()
        .click();
      await page.waitForURL(/\/pinjaman\/\d+$/);
      await page.goBack();
      await page.waitForURL(filtered);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('G002');
      await page.getByText('Tipe: Pokok').waitFor();
      await page.getByText('Nasabah: Gilang Ramadhan').waitFor();

      // A reload keeps them too.
      await page.reload();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('G002');
      await page.getByText('Nasabah: Gilang Ramadhan').waitFor();

      // A malformed address falls back to the defaults instead of breaking the page.
      await page.goto(`${server.baseURL}/pinjaman?tipe=semua&nasabahId=abc&sortBy=drop`);
      await rows.first().waitFor();
      expect(await page.getByText('Nasabah:').count()).toBe(0);
      await context.close();
    }
  });

  it('at tablet width shows cards', async () => {
    const { context, page } = await open('tablet', '/pinjaman');
    await page.getByTestId('pinjaman-row').first().waitFor();
    expect(await page.locator('table').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'pinjaman-list-820');
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'says when the list cannot be loaded and loads it on Coba lagi (%s)',
    async (viewport) => {
      const owner = await createCustomer(`Nasabah Coba Lagi ${viewport}`);
      await createLoan({ nasabah_id: owner.id, jumlah: 2_000_000 });
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await context.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
      }, session);
      // The server is unreachable for the loan list until the user retries.
      let failing = true;
      await page.route('**/api/pinjaman?*', (route) => (failing ? route.abort('connectionrefused') : route.continue()));
      await page.goto('/pinjaman');
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'Gagal memuat data pinjaman' })
        .filter({ has: page.getByRole('button', { name: 'Coba lagi memuat data pinjaman', exact: true }) });
      await alert.waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('pinjaman-row').count()).toBe(0);
      failing = false;
      await alert.getByRole('button', { name: 'Coba lagi memuat data pinjaman', exact: true }).click();
      await page.getByTestId('pinjaman-row').first().waitFor();
      expect(await alert.count()).toBe(0);
      await context.close();
    },
  );

  it('offers Load More while the last page of 1000 was full, and appends the next page', async () => {
    const massal = await createCustomer('Nasabah Massal');
    const existing = (await server.api<unknown[]>('GET', '/pinjaman?limit=1000')).body.data.length;
    const needed = 1001 - existing;
    for (let start = 0; start < needed; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, needed - start) }, (_, i) =>
          createLoan({ nasabah_id: massal.id, jumlah: 1_000_000 + start + i, tipe: 'non-pokok', durasi_angsuran: null }),
        ),
      );
    }
    const { context, page } = await open('desktop', '/pinjaman');
    const rows = page.getByTestId('pinjaman-row');
    const list = page.getByTestId('pinjaman-list');
    await expect.poll(() => list.getAttribute('data-count'), { timeout: 30_000 }).toBe('1000');
    // A long list keeps only the rows near the screen in the DOM; scrolling reaches the others.
    expect(await rows.count()).toBeLessThan(100);
    await page.getByText('Menampilkan 1.000 dari 1.001').waitFor();
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByText('Semua data sudah dimuat (1001 pinjaman)').waitFor();
    await expect.poll(() => list.getAttribute('data-count')).toBe('1001');
    const lastRow = page.locator('[data-testid="pinjaman-row"][aria-rowindex="1002"]');
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 200_000);
        return lastRow.count();
      })
      .toBe(1);
    await context.close();

    // On a tablet the cards stay in two columns while scrolling: the last full line holds 999 and 1000.
    const tablet = await open('tablet', '/pinjaman');
    const cards = tablet.page.getByTestId('pinjaman-list');
    await expect.poll(() => cards.getAttribute('data-count'), { timeout: 30_000 }).toBe('1000');
    const card = (n: number) => tablet.page.locator(`[data-testid="pinjaman-row"][aria-posinset="${n}"]`);
    await expect
      .poll(async () => {
        await tablet.page.mouse.wheel(0, 200_000);
        return card(1000).count();
      })
      .toBe(1);
    const [left, right] = await Promise.all([card(999).boundingBox(), card(1000).boundingBox()]);
    expect(left!.y).toBe(right!.y);
    expect(left!.x).toBeLessThan(right!.x);
    await tablet.context.close();
  }, 180_000);
});

describe('a loan whose answer was lost (issue 51)', () => {
  it.each<ViewportName>(['desktop', 'phone'])(
    'is recorded once when Simpan is pressed again: both sends carry one Idempotency-Key (%s)',
    async (viewport) => {
      const nama = `Nasabah Sinyal Lemah ${viewport}`;
      const owner = await createCustomer(nama);
      const { context, page } = await open(viewport, '/pinjaman');
      await page.getByRole('heading', { name: 'Data Pinjaman' }).waitFor();
      // The first send reaches the server, which records the loan; its answer never arrives.
      const keys = await loseFirstAnswer(page, '**/api/pinjaman');
      await page.getByRole('button', { name: 'Tambah Pinjaman' }).first().click();
      const form = dialog(page, 'Tambah Pinjaman Baru');
      await pickCustomer(page, owner.nik.slice(-6), nama);
      await form.getByLabel('Tipe Pinjaman').selectOption('non-pokok');
      await form.getByLabel('Jumlah Pinjaman').pressSequentially('5000000');
      await form.getByLabel('Persentase (%)').fill('2');
      const save = form.getByRole('button', { name: 'Simpan' });
      await save.click();
      await expect.poll(() => keys.length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => save.isEnabled(), { timeout: 10_000 }).toBe(true);
      await save.click();
      await form.waitFor({ state: 'detached' });
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      const loans = await server.api<Loan[]>('GET', `/pinjaman?nasabah_id=${owner.id}&limit=100`);
      expect(loans.body.data).toHaveLength(1);
      await context.close();
    },
  );
});
