// Issue 22: every screen of the product, with data on it, at a phone's width and a desktop's:
// nothing may scroll sideways (the check names the widest element), and every button has an
// accessible name that is unique on its page, so that a screen reader user (and any test) can tell
// "Hapus" of a receipt from "Hapus" of its loan. The routes are read from the router itself, so a
// new screen cannot be left out.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, VIEWPORTS } from './support/browser';
import { tinyPng } from './support/data';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/actions';

let server: RunningServer;
let browser: Browser;
let ids: { nasabah: number; pinjaman: number; pembayaran: number };

/** A real 1 × 1 PNG receipt. */

/** Today in Jakarta as YYYY-MM-DD, so that the dashboard's 12-month chart has this month's payments. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // Long names and addresses, as real customers have them: the layouts must wrap them.
  const people = [
    [
      'Hj. Siti Nurhaliza binti Abdul Rahman Al-Habsyi',
      '3201000000000101',
      'Jl. Raya Cibinong Gang Mawar Merah No. 127 RT 003 RW 011',
    ],
    ['Budi Santoso', '3201000000000102', 'Jl. Melati 2'],
    ['Dewi Kartika Sari', '3201000000000103', 'Perumahan Griya Asri Blok C-17'],
  ] as const;
  const nasabah: number[] = [];
  for (const [nama, nik, alamat] of people) {
    const res = await server.api<{ id: number }>('POST', '/nasabah', {
      nama,
      nik,
      telepon: '081234567890',
      alamat,
      kecamatan: 'Cibinong',
      kota: 'Kabupaten Bogor',
    });
    expect(res.status).toBe(201);
    nasabah.push(res.body.data.id);
  }
  const loans: number[] = [];
  for (const [index, nasabahId] of nasabah.entries()) {
    const form = new FormData();
    const fields = {
      nasabah_id: nasabahId,
      tanggal_pinjam: '2026-01-15',
      jumlah: 125_000_000 + index,
      persentase: 2.5,
      tipe: index === 1 ? 'non-pokok' : 'pokok',
      durasi_angsuran: 12,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    if (index === 0) form.append('kwitansi', tinyPng(), 'kwitansi.png');
    const res = await server.api<{ id: number }>('POST', '/pinjaman', form);
    expect(res.status).toBe(201);
    loans.push(res.body.data.id);
  }
  const payments: number[] = [];
  for (const [index, pinjamanId] of loans.entries()) {
    const res = await server.api<{ id: number }>('POST', '/pembayaran', {
      pinjaman_id: pinjamanId,
      tanggal: today(),
      jumlah: 13_541_667 + index,
      jenis: 'angsuran',
      angsuran_ke: 1,
      keterangan: 'Angsuran pertama dibayar tunai di kantor cabang Cibinong oleh anak nasabah',
    });
    expect(res.status).toBe(201);
    payments.push(res.body.data.id);
  }
  for (const [name, phone_number] of [
    ['Ustadz Ahmad Fauzan (Manajer Pembiayaan)', '081211112222'],
    ['Bagian Keuangan', '081233334444'],
  ]) {
    expect((await server.api('POST', '/wa-notification-recipients', { name, phone_number, status: 'active' })).status).toBe(201);
  }
  expect(
    (
      await server.api('POST', '/auth/register', {
        username: 'operator.cibinong',
        password: 'rahasia-operator-1',
        nama_lengkap: 'Operator Kantor Cabang Cibinong',
        role: 'operator',
      })
    ).status,
  ).toBe(201);
  ids = { nasabah: nasabah[0]!, pinjaman: loans[0]!, pembayaran: payments[0]! };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every path of the router, as written in app/router.tsx. */
function routerPaths(): string[] {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx'), 'utf8');
  return [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
}

interface Visit {
  /** The route as the router names it (`/nasabah/:id`). */
  route: string;
  path: () => string;
  /** Opens a form or dialog on the page after it loaded. */
  open?: (page: Page) => Promise<void>;
  /** What says the page (with its data) is there. */
  ready: (page: Page) => Promise<void>;
  signedOut?: boolean;
}

const text = (value: string) => (page: Page) => page.getByText(value, { exact: false }).locator('visible=true').first().waitFor();
const clickButton = (name: string | RegExp) => async (page: Page) => {
  await page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).first().waitFor();
};
const SITI = 'Hj. Siti Nurhaliza';

const visits: Visit[] = [
  { route: '/', path: () => '/', ready: (page) => page.getByRole('link', { name: /Masuk/ }).first().waitFor(), signedOut: true },
  {
    route: '/login',
    path: () => '/login',
    ready: (page) => page.getByRole('button', { name: 'Masuk' }).waitFor(),
    signedOut: true,
  },
  { route: '/dashboard', path: () => '/dashboard', ready: text('Total 12 bulan') },
  { route: '/nasabah', path: () => '/nasabah', ready: text(SITI) },
  { route: '/nasabah', path: () => '/nasabah', ready: text(SITI), open: clickButton('Tambah Nasabah') },
  { route: '/nasabah', path: () => '/nasabah', ready: text(SITI), open: clickButton('Filter') },
  { route: '/nasabah/:id', path: () => `/nasabah/${ids.nasabah}`, ready: text('Rp 125.000.000') },
  { route: '/nasabah/:id', path: () => `/nasabah/${ids.nasabah}`, ready: text('Rp 125.000.000'), open: clickButton(/^Edit/) },
  { route: '/pinjaman', path: () => '/pinjaman', ready: text(SITI) },
  { route: '/pinjaman', path: () => '/pinjaman', ready: text(SITI), open: clickButton('Tambah Pinjaman') },
  { route: '/pinjaman/:id', path: () => `/pinjaman/${ids.pinjaman}`, ready: text('Foto Kwitansi') },
  {
    route: '/pinjaman/:id',
    path: () => `/pinjaman/${ids.pinjaman}`,
    ready: text('Foto Kwitansi'),
    open: clickButton('Tambah Pembayaran'),
  },
  {
    route: '/pinjaman/:id',
    path: () => `/pinjaman/${ids.pinjaman}`,
    ready: text('Foto Kwitansi'),
    open: clickButton('Hapus foto kwitansi'),
  },
  { route: '/pembayaran', path: () => '/pembayaran', ready: text(SITI) },
  { route: '/pembayaran', path: () => '/pembayaran', ready: text(SITI), open: clickButton('Tambah Pembayaran') },
  { route: '/pembayaran/:id', path: () => `/pembayaran/${ids.pembayaran}`, ready: text('Angsuran pertama') },
  { route: '/tunggakan', path: () => '/tunggakan', ready: text(SITI) },
  { route: '/tunggakan', path: () => '/tunggakan', ready: text(SITI), open: clickButton('Filter') },
  { route: '/laporan', path: () => '/laporan', ready: text('Rekap Harian') },
  { route: '/laporan/rekap-harian', path: () => '/laporan/rekap-harian', ready: text('Per Petugas') },
  { route: '/laporan/neraca-saldo', path: () => '/laporan/neraca-saldo', ready: text('Jumlah Debit') },
  { route: '/laporan/jurnal', path: () => '/laporan/jurnal', ready: text('Pembayaran ·') },
  {
    route: '/laporan/jurnal',
    path: () => `/laporan/jurnal?pinjaman_id=${ids.pinjaman}`,
    ready: text('Akad (pencairan)'),
  },
  { route: '/laporan/buku-besar', path: () => '/laporan/buku-besar', ready: text('Pembayaran ·') },
  { route: '/laporan/bagan-akun', path: () => '/laporan/bagan-akun', ready: text('Dana Syirkah Temporer') },
  {
    route: '/laporan/rekap-harian',
    path: () => '/laporan/rekap-harian',
    ready: text('Per Petugas'),
    open: clickButton('Ekspor rekap harian'),
  },
  { route: '/laporan/pencairan', path: () => '/laporan/pencairan', ready: text('Nilai Pencairan per Bulan') },
  { route: '/laporan/pendapatan', path: () => '/laporan/pendapatan', ready: text('Pendapatan Diakui per Bulan') },
  { route: '/laporan/penagihan', path: () => '/laporan/penagihan', ready: text('Per Kota dan Kecamatan') },
  { route: '/laporan/kolektibilitas', path: () => '/laporan/kolektibilitas', ready: text('Outstanding per Golongan') },
  { route: '/nasabah', path: () => '/nasabah', ready: text(SITI), open: clickButton('Ekspor data nasabah') },
  { route: '/lainnya', path: () => '/lainnya', ready: text('Pengaturan WA-Gateway') },
  { route: '/wa-settings', path: () => '/wa-settings', ready: text('Status Koneksi') },
  { route: '/wa-notification-recipients', path: () => '/wa-notification-recipients', ready: text('Bagian Keuangan') },
  {
    route: '/wa-notification-recipients',
    path: () => '/wa-notification-recipients',
    ready: text('Bagian Keuangan'),
    open: clickButton('Tambah Penerima'),
  },
  { route: '/wa-riwayat-pesan', path: () => '/wa-riwayat-pesan', ready: text('Pesan Hari Ini') },
  { route: '/wa-notifikasi', path: () => '/wa-notifikasi', ready: text('Jam rekap harian (WIB)') },
  { route: '/wa-pengingat', path: () => '/wa-pengingat', ready: text('Batas minggu pertama') },
  { route: '/profil', path: () => '/profil', ready: text('Ganti Password') },
  { route: '/kolektibilitas', path: () => '/kolektibilitas', ready: text('Golongan Menurut Hari Tunggakan') },
  { route: '/profil-lembaga', path: () => '/profil-lembaga', ready: text('Identitas Lembaga') },
  { route: '/impor', path: () => '/impor', ready: text('Periksa lalu impor') },
  { route: '/cadangan', path: () => '/cadangan', ready: text('Cadangan terjadwal tidak aktif (BACKUP_SCHEDULE=off).') },
  { route: '/pengaturan-akun', path: () => '/pengaturan-akun', ready: text('Pemetaan Posting Otomatis') },
  { route: '/persetujuan', path: () => '/persetujuan', ready: text('Pengaturan Persetujuan') },
  { route: '/kebajikan', path: () => '/kebajikan', ready: text('Buku Dana Kebajikan') },
  { route: '/persetujuan', path: () => '/persetujuan?tab=riwayat', ready: text('Belum ada pengajuan yang diputuskan.') },
  { route: '/cetak/:jenis/:id', path: () => `/cetak/kwitansi/${ids.pembayaran}`, ready: text('KWITANSI PEMBAYARAN') },
  { route: '/cetak/:jenis/:id', path: () => `/cetak/kwitansi/${ids.pembayaran}?ukuran=80mm`, ready: text('KWITANSI PEMBAYARAN') },
  { route: '/cetak/:jenis/:id', path: () => `/cetak/jadwal/${ids.pinjaman}`, ready: text('JADWAL ANGSURAN') },
  { route: '/cetak/:jenis/:id', path: () => `/cetak/akad/${ids.pinjaman}`, ready: text('RINGKASAN AKAD PEMBIAYAAN') },
  { route: '/cetak/:jenis/:id', path: () => `/cetak/riwayat/${ids.nasabah}`, ready: text('RIWAYAT NASABAH') },
  { route: '/pengguna', path: () => '/pengguna', ready: text('Operator Kantor Cabang Cibinong') },
  {
    route: '/pengguna',
    path: () => '/pengguna',
    ready: text('Operator Kantor Cabang Cibinong'),
    open: clickButton('Tambah Pengguna'),
  },
];

/** The widest element that sticks out to the right of the screen, described for a person. */
function widestElement(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    let worst: { right: number; what: string } | null = null;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const right = el.getBoundingClientRect().right;
      if (right > limit + 0.5 && (!worst || right > worst.right)) {
        const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.getAttribute('class') ?? '')
          .split(/\s+/)
          .slice(0, 4)
          .join('.')}`;
        worst = { right: Math.round(right), what: `${label} "${(el.textContent ?? '').trim().slice(0, 60)}"` };
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, worst };
  });
}

/** Every badge on the page (components/ui/badge.tsx): its words and its colour classes. */
function badges(page: Page): Promise<[string, string][]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('span.rounded-full.ring-1')).map((el) => [
      (el.textContent ?? '').trim(),
      Array.from(el.classList)
        .filter((c) => /^(bg|text|ring)-(?!xs|sm|inset)/.test(c))
        .sort()
        .join(' '),
    ]),
  ) as Promise<[string, string][]>;
}

/** Every button on the page as the accessibility tree names it (the page behind an open dialog is hidden from it). */
async function buttonNames(page: Page): Promise<string[]> {
  const tree = await page.locator('body').ariaSnapshot();
  return [...tree.matchAll(/^\s*- button(?: "((?:[^"\\]|\\.)*)")?/gm)].map((m) => (m[1] ?? '').replace(/\\"/g, '"'));
}

describe.each(['phone', 'desktop'] as const)('every screen with data (%s)', (viewport) => {
  it('fits the screen and names every button for what it acts on', async () => {
    const width = VIEWPORTS[viewport].width;
    const { context, page } = await newPage(browser, server.baseURL, viewport);
    // The print views open the print dialog: here it only has to be asked for.
    await context.addInitScript(() => {
      window.print = () => {};
    });
    const problems: string[] = [];
    let signedIn = false;
    let buttonsSeen = 0;
    // A badge's words mean one thing: the same words wear the same colour on every screen.
    const badgeColours = new Map<string, Map<string, string>>();
    for (const visit of visits) {
      if (!visit.signedOut && !signedIn) {
        await signIn(page);
        signedIn = true;
      }
      const where = `${visit.path()}${visit.open ? ' (form open)' : ''}`;
      await page.goto(visit.path());
      await visit.ready(page);
      if (visit.open) await visit.open(page);
      await page.waitForLoadState('networkidle');

      const { scrollWidth, worst } = await widestElement(page);
      if (scrollWidth > width)
        problems.push(
          `${where}: ${scrollWidth} px wide at ${width}; widest: ${worst ? `${worst.what} ends at ${worst.right} px` : '?'}`,
        );

      for (const [words, colour] of await badges(page)) {
        const seenAt = badgeColours.get(words) ?? new Map<string, string>();
        if (!seenAt.has(colour)) seenAt.set(colour, where);
        badgeColours.set(words, seenAt);
      }

      const names = await buttonNames(page);
      buttonsSeen += names.length;
      if (names.some((n) => n.trim() === '')) problems.push(`${where}: a button without a name`);
      const seen = new Map<string, number>();
      for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
      for (const [name, count] of seen)
        if (count > 1 && name.trim() !== '') problems.push(`${where}: ${count} buttons named "${name}"`);
    }
    await context.close();
    for (const [words, colours] of badgeColours)
      if (colours.size > 1)
        problems.push(
          `badge "${words}" in ${colours.size} colours: ${[...colours].map(([c, at]) => `${c} at ${at}`).join('; ')}`,
        );
    expect(problems).toEqual([]);
    expect(badgeColours.get('Pokok'), 'the loan type badge was seen').toBeDefined();
    expect(buttonsSeen, 'the accessibility tree was read').toBeGreaterThan(visits.length);
    // Every route of the router was opened, and the landing page the server serves beside it.
    expect(new Set(visits.map((v) => v.route))).toEqual(new Set(['/', ...routerPaths()]));
  }, 240_000);
});
