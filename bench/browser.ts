// Browser figures of `npm run bench`, from the built web app in headless Chromium (Debian's, the
// same flags as the browser tests): gzipped JS of the landing page and of the signed-in first
// screen, the landing page's largest contentful paint, and the time to render 1000 customers.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, VIEWPORTS } from '../e2e/support/browser';
import { root } from './processes';
import { TARGETS } from './targets';

export interface BrowserFigures {
  landingJsGzip: number;
  landingJsFiles: number;
  /** No JS file of the signed-in app (other than Vite's module-preload polyfill) is loaded by the landing page. */
  landingFreeOfAppCode: boolean;
  landingSharedFiles: string[];
  /** Median of three cold loads. */
  landingLcpMs: number | null;
  dashboardJsGzip: number;
  dashboardJsFiles: number;
  dashboardFiles: string[];
  /** From the moment the 1000-row response was in to the list of 1000 on the page with its rows (median of 3). */
  listRenderMs: number | null;
  /**
   * The page's main thread's own running time (thread CPU time, from a trace) between the 1000-row
   * response reaching it and the list of 1000 on the page with its rows (median of 3 more loads).
   * On a busy machine the wall-clock figure also counts the time the thread waited for a core.
   */
  listRenderMainThreadMs: number | null;
  /** From navigation start to the list of 1000 on the page with its rows (median of 3). */
  listFromNavigationMs: number | null;
  /** Request start to response end of GET /api/nasabah?limit=1000 as the browser saw it. */
  listResponseMs: number | null;
  /** From jumping to the end of the page to the 1000th row in the DOM (median of 3). */
  listScrollToEndMs: number | null;
  notMet: number;
}

/** Builds the web app into a private folder (bench/dist), so that nobody else's build is touched. */
export async function buildWebApp(): Promise<string> {
  const outDir = path.resolve(process.env.BENCH_DIST_DIR ?? path.join(root, 'bench/dist'));
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(outDir, 'app.html'))) return outDir;
  console.log(`Membangun aplikasi web ke ${path.relative(root, outDir)}…`);
  execSync(`npx vite build --outDir ${JSON.stringify(outDir)} --emptyOutDir --logLevel error`, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return outDir;
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Records every JS response of a page: its path and gzipped size (gzip -6, what a server would send). */
function collectScripts(page: Page) {
  const files = new Map<string, number>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || files.has(url.pathname)) return;
    try {
      files.set(url.pathname, zlib.gzipSync(await response.body(), { level: 6 }).length);
    } catch {
      // a response without a body (redirect): nothing to count
    }
  });
  return files;
}

const sum = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);

interface TraceEvent {
  name: string;
  cat: string;
  pid: number;
  tid: number;
  tts?: number;
  args?: { data?: { requestId?: string; url?: string } };
}

/**
 * From a Chromium trace of one load of /nasabah: the thread time (µs → ms) of the page's main
 * thread from handling the end of the 1000-row response (`ResourceFinish`) to the `rows1000` mark.
 */
function renderThreadTime(trace: Buffer): number | null {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mark = events.find((e) => e.name === 'rows1000' && e.cat.includes('blink.user_timing'));
  const request = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url?.includes('limit=1000'));
  const finish = events.find(
    (e) =>
      e.name === 'ResourceFinish' &&
      e.args?.data?.requestId === request?.args?.data?.requestId &&
      e.pid === mark?.pid &&
      e.tid === mark?.tid,
  );
  if (mark?.tts === undefined || finish?.tts === undefined) return null;
  return (mark.tts - finish.tts) / 1000;
}

async function fresh(context: BrowserContext) {
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

export async function measureBrowser(baseURL: string, username: string, password: string): Promise<BrowserFigures> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token, user } = ((await login.json()) as { data: { token: string; user: unknown } }).data;
  const browser = await launchBrowser();
  const contextOptions = { baseURL, viewport: VIEWPORTS.desktop, locale: 'id-ID', timezoneId: 'Asia/Jakarta' };
  try {
    // Landing page: three cold loads (new context each), JS counted on the first.
    let landing = new Map<string, number>();
    const lcps: number[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext(contextOptions);
      await context.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await fresh(context);
      const files = collectScripts(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      if (lcp > 0) lcps.push(lcp);
      if (i === 0) landing = files;
      await context.close();
    }

    // Signed-in first screen: a cold load of /dashboard with the token already stored.
    const signedIn = await browser.newContext(contextOptions);
    await signedIn.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token, user },
    );
    const dashboardPage = await fresh(signedIn);
    const dashboard = collectScripts(dashboardPage);
    await dashboardPage.goto('/dashboard', { waitUntil: 'networkidle' });
    await dashboardPage.close();

    // 1000-row customer list: the page asks for 1000 customers (spec §9); time until the list
    // holding all 1000 is on the page with its rows (a long list renders the rows near the
    // screen; see use-window-rows.ts), measured in the page by a MutationObserver.
    await signedIn.addInitScript(() => {
      const w = window as unknown as { __rows1000: number };
      w.__rows1000 = 0;
      const observer = new MutationObserver(() => {
        if (
          !w.__rows1000 &&
          document.querySelector('[data-testid="nasabah-list"][data-count="1000"] [data-testid="nasabah-row"]')
        ) {
          w.__rows1000 = performance.now();
          performance.mark('rows1000');
          observer.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
    });
    const renders: number[] = [];
    const fromNavigation: number[] = [];
    const responses: number[] = [];
    const toLastRow: number[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await fresh(signedIn);
      await page.goto('/nasabah');
      try {
        await page.waitForFunction(() => (window as unknown as { __rows1000: number }).__rows1000 > 0, undefined, {
          timeout: 60_000,
        });
      } catch {
        await page.close();
        break; // the list never showed 1000 rows: reported as not measured
      }
      const timing = await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('/api/nasabah?') && e.name.includes('limit=1000')) as
          PerformanceResourceTiming | undefined;
        return {
          rows: (window as unknown as { __rows1000: number }).__rows1000,
          responseEnd: entry?.responseEnd ?? null,
          requestStart: entry?.requestStart ?? null,
        };
      });
      fromNavigation.push(timing.rows);
      if (timing.responseEnd !== null) {
        renders.push(timing.rows - timing.responseEnd);
        responses.push(timing.responseEnd - (timing.requestStart ?? 0));
      }
      // Jumping to the end of the page: time until the 1000th row is in the DOM. (Functions sent
      // to the page stay anonymous: tsx names named ones with a helper the page does not have.)
      const jumped = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return performance.now();
      });
      const lastRowAt = await page.waitForFunction(
        () => {
          if (document.querySelector('[data-testid="nasabah-row"][aria-rowindex="1001"]')) return performance.now();
          window.scrollTo(0, document.documentElement.scrollHeight);
          return 0;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      toLastRow.push(((await lastRowAt.jsonValue()) as number) - jumped);
      await page.close();
    }
    // The same render traced: the main thread's running time, which the machine's other work does
    // not stretch (the wall-clock figures above do: on two busy cores a task of the page took two
    // to four times its thread time, seen 2026-11-23).
    const mainThread: number[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await fresh(signedIn);
      await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing'] });
      await page.goto('/nasabah');
      await page.waitForFunction(() => (window as unknown as { __rows1000: number }).__rows1000 > 0, undefined, {
        timeout: 60_000,
      });
      const ms = renderThreadTime(await browser.stopTracing());
      if (ms !== null) mainThread.push(ms);
      await page.close();
    }
    await signedIn.close();

    // The bundler's own glue (the module-preload polyfill, and rolldown's runtime of a few hundred
    // bytes, which strictExecutionOrder makes both pages load) is not the app's code.
    const appFiles = new Set(
      [...dashboard.keys()].filter((f) => !f.includes('modulepreload-polyfill') && !f.includes('rolldown-runtime')),
    );
    const shared = [...landing.keys()].filter((f) => appFiles.has(f));
    const figures: BrowserFigures = {
      landingJsGzip: sum(landing),
      landingJsFiles: landing.size,
      landingFreeOfAppCode: shared.length === 0,
      landingSharedFiles: shared,
      landingLcpMs: median(lcps),
      dashboardJsGzip: sum(dashboard),
      dashboardJsFiles: dashboard.size,
      dashboardFiles: [...dashboard.keys()],
      listRenderMs: median(renders),
      listRenderMainThreadMs: median(mainThread),
      listFromNavigationMs: median(fromNavigation),
      listResponseMs: median(responses),
      listScrollToEndMs: median(toLastRow),
      notMet: 0,
    };
    figures.notMet =
      Number(!(figures.landingJsGzip <= TARGETS.landingJsBytes && figures.landingFreeOfAppCode)) +
      Number(figures.dashboardJsGzip > TARGETS.firstScreenJsBytes) +
      Number(figures.listRenderMs === null || figures.listRenderMs > TARGETS.listRenderMs);
    return figures;
  } finally {
    await browser.close();
  }
}
