// Issue 24, part B: reminders to customers through the real server and the simulator. An
// administrator switches reminders on at Lainnya → Pengingat Angsuran (with a window that is open
// whenever the test runs: every day, 00:00–23:59, no holiday; a pause of 5 s); a customer whose instalment falls due
// in three days gets the H-3 reminder once, also after the server restarts and the day is planned
// again; the customer's BERHENTI turns reminders off and is confirmed once; staff send a reminder
// by hand from Tunggakan on a phone.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addDays, addMonths, todayJakarta, type PengingatSettingsResponse, type WaMessageList } from '@mizan/core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, openSignedIn, snap } from './support/actions';

let server: RunningServer;
let browser: Browser;
let dataDir = '';
const today = todayJakarta();
const due = addDays(today, 3);
/** A loan date whose k-th instalment falls on `due` (a month end may need k > 1: 31 Jan → 31 Mar). */
const loanDateFor = (date: string) => {
  for (let k = 1; k <= 12; k++) {
    const tanggal = addMonths(date, -k);
    if (addMonths(tanggal, k) === date) return tanggal;
  }
  throw new Error(`no loan date for ${date}`);
};
let sitiId = 0;
let h3LoanId = 0;

async function connect() {
  expect((await server.api('POST', '/wa-sessions/create')).status).toBe(200);
  expect((await server.api('POST', '/wa-sessions/simulator/scan')).status).toBe(200);
}
const remindersOf = async (loanCode: string) =>
  (await server.api<WaMessageList>('GET', `/wa-messages?jenis=pengingat&search=${encodeURIComponent(loanCode)}&limit=100`)).body
    .data.messages;
async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { keepData: true }), launchBrowser()]);
  dataDir = server.dataDir;
  const siti = await server.api<{ id: number }>('POST', '/nasabah', {
    nama: 'Siti Pengingat',
    nik: '3201000000002451',
    telepon: '0812-3456-2451',
    alamat: 'Jl. Pasar Baru No. 5',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  expect(siti.status, JSON.stringify(siti.body)).toBe(201);
  sitiId = siti.body.data.id;
  const loan = await server.api<{ id: number }>('POST', '/pinjaman', {
    nasabah_id: sitiId,
    nomor_pinjaman: 'H3-2451',
    tanggal_pinjam: loanDateFor(due),
    jumlah: 12_000_000,
    persentase: 1,
    tipe: 'pokok',
    durasi_angsuran: 12,
  });
  expect(loan.status, JSON.stringify(loan.body)).toBe(201);
  h3LoanId = loan.body.data.id;
  // A customer two months behind, for the reminder by hand from Tunggakan.
  const budi = await server.api<{ id: number }>('POST', '/nasabah', {
    nama: 'Budi Menunggak',
    nik: '3201000000002452',
    telepon: '0813-2222-2452',
    alamat: 'Jl. Raya No. 9',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  const late = await server.api('POST', '/pinjaman', {
    nasabah_id: budi.body.data.id,
    nomor_pinjaman: 'TGK-2452',
    tanggal_pinjam: addMonths(today, -3),
    jumlah: 6_000_000,
    persentase: 1,
    tipe: 'pokok',
    durasi_angsuran: 6,
  });
  expect(late.status, JSON.stringify(late.body)).toBe(201);
  await connect();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('reminders to customers', () => {
  it('an admin switches them on at Pengingat Angsuran, and the H-3 reminder goes once (desktop)', async () => {
    const session = await apiSession(server.baseURL);
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'desktop', '/wa-pengingat');
    await page.getByText('Pengingat belum aktif', { exact: true }).waitFor();
    await page.getByLabel('Kirim pengingat angsuran ke nasabah').check();
    await page.getByRole('checkbox', { name: 'Minggu' }).check();
    await page.getByLabel('Jam mulai (WIB)').fill('00:00');
    // A bad value is refused on the spot, with the field named.
    await page.getByLabel('Jam selesai (WIB)').fill('00:00');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Jam selesai harus setelah jam mulai').waitFor();
    await page.getByLabel('Jam selesai (WIB)').fill('23:59');
    // The shortest pause allowed: Budi's H reminder (due today) goes first, Siti's H-3 after the pause.
    await page.getByLabel('Jeda minimal (detik)').fill('5');
    await page.getByLabel('Jeda maksimal (detik)').fill('5');
    // Today must not be a holiday for the test: the holiday of today (if any) is removed.
    const todayHoliday = page.getByRole('button', {
      name: new RegExp(
        `^Hapus hari libur ${new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}$`,
      ),
    });
    if (await todayHoliday.count()) await todayHoliday.click();
    // The H-3 preview is a real loan's next instalment.
    await expect(page.getByRole('region', { name: 'Pratinjau' }).first().textContent()).resolves.toContain('Assalamu’alaikum');
    await snap(page, 'pengingat-desktop');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Pengaturan pengingat disimpan.').waitFor();
    await context.close();

    const sent = await waitFor(
      'the H-3 reminder is sent',
      () => remindersOf('Siti Pengingat'),
      (rows) => rows.some((r) => r.status === 'SENT'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!).toMatchObject({ acara: 'H-3', phone_number: '6281234562451', nama: 'Siti Pengingat' });
    expect(sent[0]!.text).toContain('angsuran ke-');
    expect(sent[0]!.text).toContain('pembiayaan H3-2451');
    const settings = (await server.api<PengingatSettingsResponse>('GET', '/settings/pengingat')).body.data;
    expect(settings.setting).toMatchObject({ aktif: true, mulai: '00:00', selesai: '23:59', jeda_detik: { min: 5, max: 5 } });
  });

  it('is not planned again after the server restarts and the day is planned again', async () => {
    await server.stop();
    server = await startServer({}, { dataDir, keepData: true });
    await connect();
    // Saving the setting plans today again; the unique key keeps the reminder once.
    const settings = (await server.api<PengingatSettingsResponse>('GET', '/settings/pengingat')).body.data;
    expect((await server.api('PUT', '/settings/pengingat', settings.setting)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await remindersOf('Siti Pengingat');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('SENT');
  });

  it('a reply of BERHENTI turns them off, is confirmed once, and shows on the customer (phone)', async () => {
    for (const text of ['BERHENTI', 'stop']) {
      const res = await server.api('POST', '/wa-sessions/simulator/pesan-masuk', { phone: '0812-3456-2451', text });
      expect(res.status).toBe(200);
    }
    const replies = (await server.api<WaMessageList>('GET', '/wa-messages?jenis=balasan')).body.data.messages;
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toContain('tidak akan lagi mengirim pengingat angsuran');
    const session = await apiSession(server.baseURL);
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'phone', `/nasabah/${sitiId}`);
    await page.getByText('Tidak dikirim (nasabah menolak)').waitFor();
    await snap(page, 'pengingat-berhenti-nasabah-phone');
    await page.goto('/wa-riwayat-pesan');
    await page.getByText('Permintaan Anda kami terima.', { exact: false }).first().waitFor();
    // A reminder's stage is said with its kind.
    await page.getByText('Pengingat · H-3', { exact: true }).first().waitFor();
    await context.close();
    // The loan's own reminder by hand is refused with the reason.
    const manual = await server.api('GET', `/pinjaman/${h3LoanId}/pengingat`);
    expect((manual.body.data as { alasan: string }).alasan).toBe('Nasabah menolak pengingat WhatsApp');
  });

  it('staff send a reminder by hand from Tunggakan, edited before it goes (phone)', async () => {
    const session = await apiSession(server.baseURL);
    const { context, page } = await openSignedIn(browser, server.baseURL, session, 'phone', '/tunggakan');
    await page.getByRole('button', { name: 'Kirim pengingat WhatsApp ke Budi Menunggak' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kirim Pengingat ke Budi Menunggak' });
    const text = dialog.getByLabel('Teks pengingat');
    await expect(text.inputValue()).resolves.toContain('Pembiayaan TGK-2452 memiliki tunggakan');
    await text.fill('Pak Budi, mohon segera membayar angsuran TGK-2452. Terima kasih.');
    await snap(page, 'pengingat-manual-phone');
    await dialog.getByRole('button', { name: 'Kirim pengingat ke Budi Menunggak' }).click();
    await page.getByText('Pengingat terkirim ke Budi Menunggak.').waitFor();
    await context.close();
    const manual = (await server.api<WaMessageList>('GET', '/wa-messages?jenis=manual&search=Budi')).body.data.messages;
    expect(manual).toEqual([
      expect.objectContaining({ status: 'SENT', text: 'Pak Budi, mohon segera membayar angsuran TGK-2452. Terima kasih.' }),
    ]);
  });
});
