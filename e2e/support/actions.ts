import type { Browser, Page } from 'playwright-core';
import { addMonths } from '@mizan/core';
import { newPage, type ViewportName } from './browser';
import { E2E_ADMIN, type RunningServer } from './server';
import { murabahahPayload, nasabahPayload } from './data';

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL('**/dashboard');
}

/** Saves a screenshot under test-results/ (for people to look at; never compared). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** A signed-in session of the API (what the login screen keeps in localStorage). */
export interface ApiSession {
  token: string;
  user: unknown;
}

/** Signs in through the API (no browser), as the e2e administrator unless told otherwise. */
export async function apiSession(
  baseURL: string,
  username = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<ApiSession> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: ApiSession }).data;
}

/** A new page already signed in with `session` (token and user in localStorage), opened at `path`. */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  session: ApiSession,
  viewport: ViewportName,
  path: string,
  /** Set up before the page opens (e.g. `page.route` to make a request fail). */
  before?: (page: Page) => Promise<unknown>,
) {
  const { context, page } = await newPage(browser, baseURL, viewport);
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  await before?.(page);
  await page.goto(path);
  return { context, page };
}

/** Registers staff accounts (username, role, full name; password `password-<username>-1`) and signs each in. */
export async function staffSessions<const A extends readonly (readonly [username: string, role: string, namaLengkap: string])[]>(
  server: RunningServer,
  accounts: A,
): Promise<{ [K in keyof A]: ApiSession }> {
  for (const [username, role, nama_lengkap] of accounts)
    await server.api('POST', '/auth/register', { username, nama_lengkap, password: `password-${username}-1`, role });
  const sessions = await Promise.all(
    accounts.map(([username]) => apiSession(server.baseURL, username, `password-${username}-1`)),
  );
  return sessions as { [K in keyof A]: ApiSession };
}

/**
 * A customer `nama` (the n-th: its own NIK) with a Murabahah `nomor` of Rp 12.000.000 at 2 % × 12
 * granted on `tanggal`, its first `paid` instalments of Rp 1.240.000 paid on their monthly dates.
 * Answers the loan's id.
 */
export async function murabahahWithInstalments(
  server: RunningServer,
  customer: { nama: string; n: number },
  nomor: string,
  tanggal: string,
  paid: number,
): Promise<number> {
  const nasabah = await server.api<{ id: number }>('POST', '/nasabah', nasabahPayload(customer.nama, customer.n));
  const loan = await server.api<{ id: number }>('POST', '/pinjaman', murabahahPayload(nasabah.body.data.id, nomor, tanggal));
  for (let k = 1; k <= paid; k += 1)
    await server.api('POST', '/pembayaran', {
      pinjaman_id: loan.body.data.id,
      tanggal: addMonths(tanggal, k),
      jumlah: 1_240_000,
      jenis: 'angsuran',
      keterangan: null,
      angsuran_ke: k,
    });
  return loan.body.data.id;
}

/**
 * Loses the answer of the first POST to `url` (issue 51): the request reaches the server, which
 * writes it, and the browser sees the connection reset; later POSTs pass. Answers the
 * `Idempotency-Key` header of every POST to `url`, in order, as the test goes on.
 */
export async function loseFirstAnswer(page: Page, url: string) {
  const keys: (string | undefined)[] = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  return keys;
}
