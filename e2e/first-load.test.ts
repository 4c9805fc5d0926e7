import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiSession, snap, type ApiSession } from './support/actions';
import { nasabahPayload } from './support/data';

// A signed-in cold load on a slow phone line (issue 28 C): the page's own code is announced in
// app.html (modulepreload, from the build's route-preloads.json) so that it loads beside the
// entry; a small early script, first in app.html, asks for the first screen's data once, and the
// page renders first with that answer (no spinner, no skeleton before the rows); a list page loads
// no zod; the stored user is shown while the profile is checked, and a refused token still signs out.

let server: RunningServer;
let browser: Browser;
let session: ApiSession;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  expect((await server.api('POST', '/nasabah', nasabahPayload('Ibu Pertama', 1))).status).toBe(201);
  session = await apiSession(server.baseURL);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const html = async (path: string) => (await fetch(`${server.baseURL}${path}`)).text();
const preloaded = (page: string) =>
  [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
const earlyScript = (page: string) =>
  /<head><script type="module" async fetchpriority="high" crossorigin src="(\/assets\/early-[\w-]+\.js)"><\/script>/.exec(
    page,
  )?.[1];

describe('the first load of a page', () => {
  it('announces the page’s own script files in app.html, per address', async () => {
    const list = preloaded(await html('/nasabah'));
    expect(list.some((file) => /^\/assets\/nasabah-list-[\w-]+\.js$/.test(file))).toBe(true);
    const detail = preloaded(await html('/nasabah/12'));
    expect(detail.some((file) => /^\/assets\/nasabah-detail-[\w-]+\.js$/.test(file))).toBe(true);
    expect(detail.some((file) => file.includes('nasabah-list-'))).toBe(false);
    // Every announced file exists; an unknown address gets the plain app page (the entry's own
    // files, which the build announces anyway), and the landing page nothing of the app's pages.
    for (const file of list) expect((await fetch(`${server.baseURL}${file}`)).status, file).toBe(200);
    const plain = preloaded(await html('/tidak-ada-halaman-ini'));
    expect(plain.length).toBeGreaterThan(0);
    expect(list.slice(0, plain.length)).toEqual(plain);
    expect(list.length).toBeGreaterThan(plain.length);
    expect(plain.some((file) => file.includes('nasabah-'))).toBe(false);
    expect(preloaded(await html('/')).some((file) => file.includes('nasabah-'))).toBe(false);
    // The early script comes first in every app page, and not on the landing page.
    const early = earlyScript(await html('/nasabah'));
    expect(early).toBeDefined();
    expect((await fetch(`${server.baseURL}${early}`)).status).toBe(200);
    expect(earlyScript(await html('/pinjaman/3'))).toBe(early);
    expect(earlyScript(await html('/'))).toBeUndefined();
  });

  it('sends the scripts compressed ahead of time, brotli or gzip as the browser accepts', async () => {
    const file = preloaded(await html('/nasabah')).find((name) => /\/kit-[\w-]+\.js$/.test(name))!;
    const plain = await fetch(`${server.baseURL}${file}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      // fetch decodes the body; the headers tell what travelled: the file written at build time.
      const answer = await fetch(`${server.baseURL}${file}`, { headers: { 'accept-encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      // A length known in advance: a file, not compressed while sending (which has none).
      const length = Number(answer.headers.get('content-length'));
      expect(length).toBeGreaterThan(1000);
      expect(length).toBeLessThan(text.length / 3);
      expect(await answer.text()).toBe(text);
    }
  });

  it('asks for the customer list once, as the app starts, and the page shows that answer', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/nasabah') listRequests.push(request.url());
    });
    // What shows before the rows: a spinner (role=status) or the list's skeleton (aria-busy).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __before: string[] }).__before = seen;
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-testid="nasabah-row"]')) {
          // The scripts that had arrived when the rows first showed: what the first render needed.
          (window as unknown as { __scripts: string[] }).__scripts = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => name.endsWith('.js'));
          return observer.disconnect();
        }
        if (document.querySelector('#root [role="status"]')) seen.push('spinner');
        if (document.querySelector('#root [aria-busy="true"][aria-label="Memuat data nasabah"]')) seen.push('skeleton');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/nasabah');
    await page.getByText('Ibu Pertama').first().waitFor();
    expect(listRequests).toEqual([`${server.baseURL}/api/nasabah?page=1&limit=1000&sortBy=created_at&sortOrder=desc`]);
    expect(await page.evaluate(() => (window as unknown as { __before: string[] }).__before)).toEqual([]);
    // No script of the list's first load holds zod (its classes are named "$ZodType" and the like).
    const scripts = await page.evaluate(() => (window as unknown as { __scripts: string[] }).__scripts);
    const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((_url, i) => bodies[i]!.includes('$ZodType'))).toEqual([]);
    // With a filter in the address the page asks for exactly what it shows.
    listRequests.length = 0;
    await page.goto('/nasabah?status=nonaktif');
    await page.getByText('Tidak ada data nasabah').waitFor();
    expect(listRequests).toEqual([
      `${server.baseURL}/api/nasabah?page=1&limit=1000&status=nonaktif&sortBy=created_at&sortOrder=desc`,
    ]);
    await context.close();
  });

  it('shows the stored user at once, and still signs out when the stored token is refused', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await context.addInitScript((s) => {
      localStorage.setItem('token', `${s.token}x`);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    await page.goto('/nasabah');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it.each(['failed', 'timedout'] as const)(
    'keeps the stored user signed in when the profile check gets no answer (%s), as on a weak line',
    async (failure) => {
      const { context, page } = await newPage(browser, server.baseURL, 'phone');
      await context.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
      }, session);
      let asked = 0;
      await page.route('**/api/auth/profile', (route) => {
        asked += 1;
        return route.abort(failure);
      });
      await page.goto('/nasabah');
      await page.getByRole('heading', { name: 'Data Nasabah' }).waitFor();
      await expect.poll(() => asked).toBe(1);
      // Past the failure: still on the page, still signed in.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(new URL(page.url()).pathname).toBe('/nasabah');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session.token);
      await context.close();
    },
  );

  it('keeps the stored user signed in when the profile check meets a server error', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    let asked = 0;
    await page.route('**/api/auth/profile', (route) => {
      asked += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Server sedang sibuk' }),
      });
    });
    await page.goto('/nasabah');
    await page.getByRole('heading', { name: 'Data Nasabah' }).waitFor();
    await expect.poll(() => asked).toBe(1);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(new URL(page.url()).pathname).toBe('/nasabah');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session.token);
    await context.close();
  });

  it('says so when a page’s code cannot be loaded, and the next page opens (desktop)', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /Assalamu'alaikum/ }).waitFor();
    // As after an upgrade of the server while the app is open: the page's file is gone.
    await page.route('**/assets/pinjaman-list-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('link', { name: 'Pinjaman', exact: true }).first().click();
    const failure = page.getByRole('alert').filter({ hasText: 'Halaman gagal ditampilkan' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Muat ulang halaman untuk mencoba lagi.');
    expect(await page.getByRole('button', { name: 'Muat ulang halaman' }).isVisible()).toBe(true);
    await snap(page, 'halaman-gagal-desktop');
    await page.getByRole('link', { name: 'Nasabah', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Data Nasabah' }).waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });
});
