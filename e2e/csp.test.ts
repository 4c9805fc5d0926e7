// Issue 11: every page the server serves carries the Content-Security-Policy, and no page of the
// product breaks it (a violation would mean a blocked script, style, image or frame for a user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { tinyPng } from './support/data';
import { startServer, E2E_ADMIN, type RunningServer } from './support/server';
import { signIn } from './support/actions';

let server: RunningServer;
let browser: Browser;
let ids: { nasabah: number; pinjaman: number; pembayaran: number };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const nasabah = await server.api<{ id: number }>('POST', '/nasabah', {
    nama: 'Siti Aminah',
    nik: '3201000000000777',
    telepon: '081234567890',
    alamat: 'Jl. Mawar 7',
    kecamatan: 'Cibinong',
    kota: 'Bogor',
  });
  // A loan with a receipt, so the detail page shows the image behind its signed link.
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const form = new FormData();
  const fields = {
    nasabah_id: nasabah.body.data.id,
    tanggal_pinjam: '2026-01-15',
    jumlah: 6_000_000,
    persentase: 2,
    tipe: 'pokok',
    durasi_angsuran: 6,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('kwitansi', tinyPng(), 'kwitansi.png');
  const loanRes = await fetch(`${server.baseURL}/api/pinjaman`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(loanRes.status).toBe(201);
  const loan = ((await loanRes.json()) as { data: { id: number } }).data;
  const payment = await server.api<{ id: number }>('POST', '/pembayaran', {
    pinjaman_id: loan.id,
    tanggal: '2026-02-15',
    jumlah: 1_120_000,
    jenis: 'angsuran',
    angsuran_ke: 1,
  });
  expect(payment.status).toBe(201);
  ids = { nasabah: nasabah.body.data.id, pinjaman: loan.id, pembayaran: payment.body.data.id };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Records every CSP violation the page reports, and the policy header of every document. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const documents: { url: string; csp: string | undefined }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'document')
      documents.push({ url: res.url(), csp: res.headers()['content-security-policy'] });
  });
  return {
    documents,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

async function visit(page: Page, path: string, violations: () => Promise<string[]>) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await violations(), `CSP violations on ${path}`).toEqual([]);
}

describe('content security policy', () => {
  it('is sent with every page, and no page of the product breaks it', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    const { documents, violations } = await watch(page);

    for (const path of ['/', '/login', '/api/docs']) await visit(page, path, violations);
    // Swagger UI ran its scripts under the policy: the document's description is on the page.
    await page.getByText('API back-office mizan').waitFor();
    await signIn(page);
    const signedIn = [
      '/dashboard',
      '/nasabah',
      `/nasabah/${ids.nasabah}`,
      '/pinjaman',
      `/pinjaman/${ids.pinjaman}`,
      '/pembayaran',
      `/pembayaran/${ids.pembayaran}`,
      '/lainnya',
      '/wa-settings',
      '/wa-notification-recipients',
      '/profil',
      '/pengguna',
      '/laporan',
      '/laporan/rekap-harian',
      '/laporan/pencairan',
      '/laporan/pendapatan',
      '/impor',
      '/laporan/kolektibilitas',
      '/laporan/penagihan',
      '/laporan/neraca-saldo',
      '/laporan/jurnal',
      '/laporan/buku-besar',
      '/laporan/bagan-akun',
    ];
    for (const path of signedIn) await visit(page, path, violations);

    // The receipt on the loan page, and in its preview dialog, loads and shows under the policy.
    const image = page.waitForResponse((res) => res.url().includes('/uploads/kwitansi/'));
    await page.goto(`/pinjaman/${ids.pinjaman}`);
    expect((await image).status()).toBe(200);
    await page.getByRole('button', { name: 'Lihat foto kwitansi' }).click();
    const preview = page.getByRole('dialog').getByAltText('Foto kwitansi');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(await violations()).toEqual([]);

    const visited = new Set(documents.map((d) => new URL(d.url).pathname));
    for (const path of ['/', '/login', '/api/docs', ...signedIn]) expect(visited, path).toContain(path);
    for (const doc of documents) {
      expect(doc.csp, doc.url).toContain("default-src 'self'");
      expect(doc.csp, doc.url).toContain("script-src 'self'");
      expect(doc.csp, doc.url).toContain("object-src 'none'");
      expect(doc.csp, doc.url).toContain("frame-ancestors 'none'");
    }

    // The watcher itself sees a violation when one happens: a script from elsewhere is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://example.invalid/x.js';
      document.head.append(script);
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src/)]);
    await context.close();
  });
});
