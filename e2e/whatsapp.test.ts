import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn, snap } from './support/actions';

// WhatsApp screens in simulator mode (the server of e2e runs with WA_GATEWAY=simulator).
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Recipient {
  id: number;
  name: string;
  phone_number: string;
}

async function open(viewport: ViewportName = 'desktop', path = '/wa-settings') {
  const { context, page } = await newPage(browser, server.baseURL, viewport);
  await signIn(page);
  await page.goto(path);
  return { context, page };
}

/** The in-app alert of spec §8: waits for it, checks its title, presses OK. */
async function acknowledge(page: Page, title: string, screenshot?: string) {
  const dialog = page.getByRole('alertdialog', { name: title, exact: true });
  await dialog.waitFor();
  if (screenshot) await snap(page, screenshot);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return dialog;
}

// By CSS: while a modal is open the page behind it is hidden from the accessibility tree.
const steps = (page: Page) => page.locator('ol[aria-label="Langkah menghubungkan WhatsApp"] > li');
/** Each step as "state note" ("done Selesai", "current Menunggu scan", "todo Belum"). */
async function stepStates(page: Page) {
  return steps(page).evaluateAll((items) =>
    items.map(
      (li) => `${li.getAttribute('data-state')} ${li.querySelector('span.min-w-0 > span:last-child')?.textContent ?? ''}`,
    ),
  );
}
const NONE = ['current Belum dibuat', 'todo Belum', 'todo Belum'];
const WAITING = ['done Selesai', 'current Menunggu scan', 'todo Belum'];
const CONNECTED = ['done Selesai', 'done Selesai', 'current Belum dikirim'];
const TESTED = ['done Selesai', 'done Selesai', 'done Selesai'];
const DROPPED = ['current Terputus', 'todo Belum', 'todo Belum'];

async function resetSession() {
  await server.api('DELETE', '/wa-sessions/logout');
}

async function resetRecipients() {
  const { body } = await server.api<{ recipients: Recipient[] }>('GET', '/wa-notification-recipients?limit=1000');
  for (const r of body.data.recipients) await server.api('DELETE', `/wa-notification-recipients/${r.id}`);
}

describe('Lainnya menu', () => {
  it.each(['desktop', 'phone'] as const)('has the WA-Gateway section with both cards (%s)', async (viewport) => {
    const { context, page } = await open(viewport, '/lainnya');
    await page.getByRole('heading', { name: 'Pengaturan WA-Gateway' }).waitFor();
    await snap(page, `wa-lainnya-${viewport === 'desktop' ? 1280 : 390}`);
    await page.getByRole('link', { name: /Pengaturan Umum/ }).click();
    await page.waitForURL('**/wa-settings');
    await page.getByRole('heading', { name: 'Pengaturan WhatsApp Gateway' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /Penerima Notifikasi/ }).click();
    await page.waitForURL('**/wa-notification-recipients');
    await page.getByRole('heading', { name: 'Penerima Notifikasi WA' }).waitFor();
    await context.close();
  });
});

describe('WhatsApp settings (desktop)', () => {
  it('creates a session, shows the QR modal, keeps it closed once closed by hand, and closes it once on READY', async () => {
    await resetSession();
    const { context, page } = await open('desktop');
    await page.getByRole('heading', { name: 'Pengaturan WhatsApp Gateway' }).waitFor();
    const create = page.getByRole('button', { name: 'Buat Session' });
    await create.waitFor();
    expect(await stepStates(page)).toEqual(NONE);
    // No session: no Refresh Status / Putus Koneksi.
    expect(await page.getByRole('button', { name: 'Refresh Status' }).count()).toBe(0);
    await snap(page, 'wa-settings-empty-1280');

    await create.click();
    await acknowledge(page, '✅ Session berhasil dibuat. Silakan scan QR code.', 'wa-settings-created-alert-1280');
    const qrModal = page.getByRole('dialog', { name: 'Scan QR Code' });
    await qrModal.waitFor();
    const qrImage = qrModal.getByRole('img', { name: 'QR code WhatsApp' });
    await qrImage.waitFor();
    expect(await qrImage.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Waiting for the scan is not a finished scan.
    expect(await stepStates(page)).toEqual(WAITING);
    await snap(page, 'wa-settings-qr-1280');

    // Closed by hand: it stays closed, also after leaving the page and coming back.
    await qrModal.getByRole('button', { name: 'Tutup' }).first().click();
    await qrModal.waitFor({ state: 'hidden' });
    await page.getByRole('navigation', { name: 'Navigasi utama', exact: true }).getByRole('link', { name: 'Lainnya' }).click();
    await page.getByRole('link', { name: /Pengaturan Umum/ }).click();
    await page.getByRole('button', { name: 'Refresh QR Code' }).waitFor();
    await page.waitForTimeout(2500);
    expect(await qrModal.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Refresh Status' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Putus Koneksi' }).count()).toBe(1);

    // Asking for the QR code opens it again; the phone scans; the modal closes with the alert once.
    await page.getByRole('button', { name: 'Refresh QR Code' }).click();
    await acknowledge(page, '✅ QR Code berhasil dimuat');
    await qrModal.waitFor();
    const scanned = await server.api('POST', '/wa-sessions/simulator/scan');
    expect(scanned.status).toBe(200);
    await acknowledge(page, 'WhatsApp berhasil terhubung!', 'wa-settings-connected-alert-1280');
    await qrModal.waitFor({ state: 'hidden' });
    // Connected, but no test message yet: step 3 is the current one, not done.
    expect(await stepStates(page)).toEqual(CONNECTED);
    await page.getByText('Terhubung', { exact: true }).waitFor();
    // The badge alone: the gateway's code is only in its tooltip.
    expect(await page.getByText('READY', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Terhubung', { exact: true }).getAttribute('title')).toBe('Kode status: READY');
    await page.getByText('Simulator Mizan', { exact: true }).waitFor();
    await page.getByText('6281200000001', { exact: true }).waitFor();
    expect(await page.getByText('12', { exact: true }).count()).toBe(1); // chats
    await page.getByRole('button', { name: 'Test Pesan' }).waitFor();
    await snap(page, 'wa-settings-ready-1280');

    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await acknowledge(page, '✅ Status berhasil diperbarui');
    await page.waitForTimeout(2500);
    expect(await page.getByRole('alertdialog').count()).toBe(0); // 'terhubung' was announced once only
    await context.close();
  });

  it('shows a failing action as ❌ and in the red banner', async () => {
    const { context, page } = await open('desktop');
    await page.getByRole('button', { name: 'Test Pesan' }).waitFor();
    // The session is READY: asking the server for a QR code now fails with its message.
    await page.route('**/api/wa-sessions/status', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Layanan sedang sibuk' }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await acknowledge(page, '❌ Gagal mengambil status: Layanan sedang sibuk');
    const banner = page.getByRole('alert').filter({ hasText: 'Gagal mengambil status: Layanan sedang sibuk' });
    await banner.waitFor();
    await snap(page, 'wa-settings-banner-1280');
    await context.close();
  });
});

describe('notification recipients (desktop)', () => {
  it('adds with 08… numbers shown as 62…, refuses a duplicate, edits, filters, pages and deletes', async () => {
    await resetRecipients();
    const { context, page } = await open('desktop', '/wa-notification-recipients');
    await page.getByText('Tidak ada data penerima notifikasi').waitFor();
    expect(await page.getByPlaceholder('Cari nama atau nomor telepon...').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Hapus Filter' }).count()).toBe(0);
    await snap(page, 'wa-recipients-empty-1280');

    // Add: field errors, which clear when the field is edited.
    await page.getByRole('button', { name: 'Tambah Penerima' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Penerima Notifikasi' });
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Nama harus diisi').waitFor();
    await form.getByText('Nomor telepon harus diisi').waitFor();
    await form.getByLabel('Nama').fill('Pak Budi');
    await form.getByText('Nama harus diisi').waitFor({ state: 'hidden' });
    expect(await form.getByText('Nomor telepon harus diisi').count()).toBe(1);
    await form.getByLabel('Nomor Telepon').fill('12345');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Format nomor telepon tidak valid. Gunakan format 08xxx atau 62xxx').waitFor();
    await snap(page, 'wa-recipient-form-errors-1280');
    await form.getByLabel('Nomor Telepon').fill('0812-1111-2222');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await acknowledge(page, '✅ Penerima notifikasi berhasil ditambahkan');
    await form.waitFor({ state: 'hidden' });
    const table = page.locator('table');
    await table.getByRole('cell', { name: '6281211112222', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Tambah Penerima' }).click();
    // The add modal was reset when it closed.
    expect(await form.getByLabel('Nama').inputValue()).toBe('');
    await form.getByLabel('Nama').fill('Nomor Gagal');
    await form.getByLabel('Nomor Telepon').fill('081299990000');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await acknowledge(page, '✅ Penerima notifikasi berhasil ditambahkan');
    await table.getByRole('cell', { name: '6281299990000', exact: true }).waitFor();

    // A duplicate number, written differently: refused, on the field.
    await page.getByRole('button', { name: 'Tambah Penerima' }).click();
    await form.getByLabel('Nama').fill('Dobel');
    await form.getByLabel('Nomor Telepon').fill('6281211112222');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await acknowledge(page, '❌ Gagal menambahkan penerima notifikasi: Nomor telepon sudah terdaftar');
    await form.getByText('Nomor telepon sudah terdaftar').waitFor();
    await form.getByLabel('Nomor Telepon').fill('6281211112223');
    await form.getByText('Nomor telepon sudah terdaftar').waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Batal' }).click();
    await form.waitFor({ state: 'hidden' });
    expect(await table.getByRole('row').count()).toBe(3); // header + 2

    // Edit: switch to inactive.
    await page.getByRole('button', { name: 'Edit penerima Pak Budi' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Penerima Notifikasi' });
    expect(await edit.getByLabel('Nomor Telepon').inputValue()).toBe('6281211112222');
    await edit.getByLabel('Status').selectOption('inactive');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acknowledge(page, '✅ Penerima notifikasi berhasil diperbarui');
    const budiRow = table.getByRole('row').filter({ hasText: 'Pak Budi' });
    await budiRow.getByText('Tidak Aktif').waitFor();
    expect(await budiRow.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);

    // Filters and search.
    await page.getByRole('button', { name: 'Tidak Aktif', exact: true }).click();
    await page.getByRole('button', { name: 'Hapus Filter' }).waitFor();
    await table.getByRole('cell', { name: 'Nomor Gagal', exact: true }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Aktif', exact: true }).click();
    await table.getByRole('cell', { name: 'Nomor Gagal', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Hapus Filter' }).click();
    await page.getByRole('button', { name: 'Hapus Filter' }).waitFor({ state: 'detached' });
    await page.getByPlaceholder('Cari nama atau nomor telepon...').fill('0812999');
    await table.getByRole('cell', { name: 'Pak Budi', exact: true }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').count()).toBe(2);
    await page.getByPlaceholder('Cari nama atau nomor telepon...').fill('tidak ada yang cocok');
    await page.getByText('Tidak ada data penerima notifikasi').waitFor();
    await page.getByRole('button', { name: 'Hapus Filter' }).click();
    await table.getByRole('cell', { name: 'Pak Budi', exact: true }).waitFor();

    // Back to active for the test message; then ten more to get a second page.
    await page.getByRole('button', { name: 'Edit penerima Pak Budi' }).click();
    await edit.getByLabel('Status').selectOption('active');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await acknowledge(page, '✅ Penerima notifikasi berhasil diperbarui');
    expect(await page.getByText(/^Menampilkan/).count()).toBe(0);
    for (let i = 1; i <= 10; i++) {
      await server.api('POST', '/wa-notification-recipients', {
        name: `Staf ${String(i).padStart(2, '0')}`,
        phone_number: `08577700${String(i).padStart(4, '1')}`,
        status: 'inactive',
      });
    }
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.getByText('Menampilkan 1 sampai 10 dari 12 hasil').waitFor();
    expect(await page.getByRole('button', { name: 'Sebelumnya' }).isDisabled()).toBe(true);
    await snap(page, 'wa-recipients-list-1280');
    await page.getByRole('button', { name: 'Selanjutnya' }).click();
    await page.getByText('Menampilkan 11 sampai 12 dari 12 hasil').waitFor();
    expect(await page.getByRole('button', { name: 'Selanjutnya' }).isDisabled()).toBe(true);

    // Delete with confirmation (the newest, on page 1).
    await page.getByRole('button', { name: 'Sebelumnya' }).click();
    await page.getByText('Menampilkan 1 sampai 10 dari 12 hasil').waitFor();
    await page.getByRole('button', { name: 'Hapus penerima Staf 10' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi Hapus' });
    await confirm.getByText('Apakah Anda yakin ingin menghapus penerima notifikasi ini?').waitFor();
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await acknowledge(page, '✅ Penerima notifikasi berhasil dihapus');
    // The list is reloaded: 11 left.
    await page.getByText('Menampilkan 1 sampai 10 dari 11 hasil').waitFor();
    await table.getByRole('cell', { name: 'Staf 10', exact: true }).waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);
});

describe('test message (desktop)', () => {
  it('sends to every active recipient and shows who got it: the 0000 number fails', async () => {
    const { context, page } = await open('desktop');
    await page.getByRole('button', { name: 'Test Pesan' }).click();
    const modal = page.getByRole('dialog', { name: 'Test Pesan WhatsApp' });
    await modal.getByText('Pesan dikirim ke 2 penerima notifikasi aktif.').waitFor();
    const text = modal.getByLabel('Pesan');
    const initial = await text.inputValue();
    expect(initial).toContain('pesan test');
    await modal.getByText(`${initial.length}/1000`).waitFor();
    await snap(page, 'wa-test-message-1280');

    await text.fill('');
    await modal.getByText('0/1000').waitFor();
    await modal.getByRole('button', { name: 'Kirim Pesan' }).click();
    await modal.getByText('Pesan harus diisi').waitFor();
    await text.fill('x'.repeat(1001));
    await modal.getByText('Pesan harus diisi').waitFor({ state: 'hidden' });
    await modal.getByRole('button', { name: 'Kirim Pesan' }).click();
    await modal.getByText('Pesan maksimal 1000 karakter').waitFor();

    await text.fill('Assalamualaikum, ini pesan test dari e2e.');
    await modal.getByRole('button', { name: 'Kirim Pesan' }).click();
    const result = page.getByRole('alertdialog', { name: '✅ Pesan test terkirim ke 1 dari 2 penerima' });
    await result.waitFor();
    await result.getByText('Total penerima: 2').waitFor();
    const lines = await result.getByRole('list', { name: 'Hasil per penerima' }).getByRole('listitem').allTextContents();
    expect(lines).toEqual([
      expect.stringMatching(/^❌Nomor Gagal \(6281299990000\): gagal.*0000/),
      expect.stringMatching(/^✅Pak Budi \(6281211112222\): terkirim$/),
    ]);
    await snap(page, 'wa-test-result-1280');
    await result.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'hidden' });
    // A test reached a recipient on this session: step 3 is done, and stays so after a reload.
    await expect.poll(() => stepStates(page)).toEqual(TESTED);
    await page.reload();
    await page.getByRole('button', { name: 'Test Pesan' }).waitFor();
    await expect.poll(() => stepStates(page)).toEqual(TESTED);
    await context.close();
  });
});

describe('on a phone (390)', () => {
  it('connects with the simulated scan button, sends from the recipients page and disconnects', async () => {
    await resetSession();
    const { context, page } = await open('phone');
    await page.getByRole('button', { name: 'Buat Session' }).click();
    await acknowledge(page, '✅ Session berhasil dibuat. Silakan scan QR code.', 'wa-settings-created-alert-390');
    const qrModal = page.getByRole('dialog', { name: 'Scan QR Code' });
    await qrModal.getByRole('img', { name: 'QR code WhatsApp' }).waitFor();
    await snap(page, 'wa-settings-qr-390');
    await qrModal.getByRole('button', { name: 'Simulasikan Scan' }).click();
    await acknowledge(page, 'WhatsApp berhasil terhubung!');
    expect(await stepStates(page)).toEqual(CONNECTED);
    await snap(page, 'wa-settings-ready-390');

    await page.goto('/wa-notification-recipients');
    await page.getByRole('list', { name: 'Daftar penerima notifikasi' }).getByText('Staf 09').waitFor();
    await page.getByText('Menampilkan 1 sampai 10 dari 11 hasil').waitFor();
    await snap(page, 'wa-recipients-390');
    await page.getByRole('button', { name: 'Test Kirim Pesan' }).click();
    const modal = page.getByRole('dialog', { name: 'Test Pesan WhatsApp' });
    await modal.getByText('Pesan dikirim ke 2 penerima notifikasi aktif.').waitFor();
    await snap(page, 'wa-test-message-390');
    await modal.getByRole('button', { name: 'Kirim Pesan' }).click();
    await acknowledge(page, '✅ Pesan test terkirim ke 1 dari 2 penerima', 'wa-test-result-390');

    await page.goto('/wa-settings');
    await expect.poll(() => stepStates(page)).toEqual(TESTED);
    await page.getByRole('button', { name: 'Putus Koneksi' }).click();
    await page
      .getByRole('alertdialog', { name: 'Putus Koneksi WhatsApp' })
      .getByRole('button', { name: 'Putus Koneksi' })
      .click();
    await acknowledge(page, '✅ WhatsApp berhasil diputus');
    await page.getByRole('button', { name: 'Buat Session' }).waitFor();
    expect(await stepStates(page)).toEqual(NONE);
    expect(await page.getByRole('button', { name: 'Putus Koneksi' }).count()).toBe(0);
    await context.close();
  });

  it('recipient form and empty filter result fit the phone', async () => {
    const { context, page } = await open('phone', '/wa-notification-recipients');
    await page.getByRole('button', { name: 'Tambah Penerima' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Penerima Notifikasi' });
    await form.getByRole('button', { name: 'Simpan' }).click();
    await form.getByText('Nama harus diisi').waitFor();
    await snap(page, 'wa-recipient-form-390');
    await form.getByRole('button', { name: 'Batal' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

describe('tablet (820)', () => {
  it('lays out the settings and the recipients', async () => {
    await server.api('POST', '/wa-sessions/create');
    await server.api('POST', '/wa-sessions/simulator/scan');
    const { context, page } = await open('tablet');
    await page.getByRole('button', { name: 'Test Pesan' }).waitFor();
    await snap(page, 'wa-settings-ready-820');
    await page.goto('/wa-notification-recipients');
    await page.getByRole('cell', { name: 'Staf 09', exact: true }).waitFor();
    await snap(page, 'wa-recipients-820');
    await context.close();
  });
});

describe('logout', () => {
  it('clears the WhatsApp session data in the browser', async () => {
    const { context, page } = await open('desktop');
    await page.getByRole('button', { name: 'Test Pesan' }).waitFor(); // READY, cached
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await signIn(page);
    // The status call now fails (and a failure is ignored): nothing from before may show.
    let asked = 0;
    await page.route('**/api/wa-sessions/status', (route) => {
      asked++;
      return route.abort();
    });
    await page.getByRole('navigation', { name: 'Navigasi utama', exact: true }).getByRole('link', { name: 'Lainnya' }).click();
    await page.getByRole('link', { name: /Pengaturan Umum/ }).click();
    await page.getByRole('button', { name: 'Buat Session' }).waitFor();
    expect(asked).toBeGreaterThan(0);
    expect(await stepStates(page)).toEqual(NONE);
    expect(await page.getByText('Simulator Mizan').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});

describe('every state of the session, at every width (issue 22)', () => {
  const widths = [
    ['desktop', 1280],
    ['tablet', 820],
    ['phone', 390],
  ] as const;

  /** Opens /wa-settings at each width: the badge, the steps, no raw code, nothing wider than the screen. */
  async function look(pages: Page[], state: string, badge: string, expected: string[]) {
    for (const [index, [, width]] of widths.entries()) {
      const page = pages[index]!;
      await page.goto('/wa-settings');
      const fields = page.locator('dl').filter({ hasText: 'Nama Akun' });
      await fields.getByText(badge, { exact: true }).waitFor();
      // PENDING opens the QR modal by itself; close it to see the page behind.
      if (state === 'pending') {
        const qr = page.getByRole('dialog', { name: 'Scan QR Code' });
        await qr.waitFor();
        await qr.getByRole('button', { name: 'Tutup' }).first().click();
        await qr.waitFor({ state: 'hidden' });
      }
      await expect.poll(() => stepStates(page)).toEqual(expected);
      for (const code of ['PENDING', 'READY', 'DISCONNECTED'])
        expect(await page.getByText(code, { exact: true }).count(), code).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${state} at ${width}`).toBeLessThanOrEqual(width);
      // The four fields do not run into each other: each label and value stays inside its cell.
      const spill = await fields
        .locator(':scope > div')
        .evaluateAll((cells) =>
          cells.some((cell) =>
            Array.from(cell.querySelectorAll('dt, dd, dd *')).some(
              (el) => el.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5,
            ),
          ),
        );
      expect(spill, `${state} at ${width}`).toBe(false);
      await snap(page, `wa-state-${state}-${width}`);
    }
  }

  it('none, waiting for the scan, connected, tested, and dropped', async () => {
    await resetSession();
    const opened = await Promise.all(widths.map(([viewport]) => newPage(browser, server.baseURL, viewport)));
    const pages = opened.map((o) => o.page);
    for (const page of pages) await signIn(page);

    await look(pages, 'none', 'Belum Terhubung', NONE);
    expect((await server.api('POST', '/wa-sessions/create')).status).toBe(200);
    await look(pages, 'pending', 'Menunggu Scan', WAITING);
    expect((await server.api('POST', '/wa-sessions/simulator/scan')).status).toBe(200);
    await look(pages, 'ready', 'Terhubung', CONNECTED);
    // A recipient of its own (409 when an earlier run of this file added it already).
    await server.api('POST', '/wa-notification-recipients', {
      name: 'Staf Langkah',
      phone_number: '081277770001',
      status: 'active',
    });
    const sent = await server.api<{ wa_response: { success: boolean }[] }>('POST', '/wa-sessions/test-message', {
      message: 'Tes langkah',
    });
    expect(sent.body.data.wa_response.some((r) => r.success)).toBe(true);
    await look(pages, 'tested', 'Terhubung', TESTED);
    // A dropped connection (baileys reconnects by itself; the simulator never drops): the server's
    // real answer with the status the gateway reports then.
    for (const page of pages) {
      await page.route('**/api/wa-sessions/status', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: Record<string, unknown> };
        await route.fulfill({
          response: res,
          json: { ...body, data: { ...body.data, status: 'DISCONNECTED', test_message_sent_at: null } },
        });
      });
    }
    await look(pages, 'disconnected', 'Terputus', DROPPED);
    for (const o of opened) await o.context.close();
    await resetSession();
  }, 120_000);
});
