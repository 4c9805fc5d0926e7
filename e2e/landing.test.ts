import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { snap } from './support/actions';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ INSTITUTION_NAME: 'BMT Amanah Sejahtera' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each<ViewportName>(['desktop', 'tablet', 'phone'])('landing page (%s)', (viewport) => {
  it('shows the institution, the sections, the claims and three 5-star testimonials', async () => {
    const { context, page } = await newPage(browser, server.baseURL, viewport);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    expect(await page.title()).toBe('BMT Amanah Sejahtera — Pembiayaan Syariah untuk UMKM');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('BMT Amanah Sejahtera');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain('BMT Amanah Sejahtera');
    for (const id of ['services', 'benefits', 'testimonials', 'contact']) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
    expect(await page.locator('footer#contact').count()).toBe(1);
    const text = await page.locator('body').innerText();
    for (const claim of ['500+', 'Rp 50M+', '98%', '9+']) expect(text).toContain(claim);
    for (const word of ['UMKM', 'angsuran', 'bagi hasil', 'syariah']) expect(text.toLowerCase()).toContain(word.toLowerCase());
    const testimonials = page.locator('#testimonials figure');
    expect(await testimonials.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const figure = testimonials.nth(i);
      expect(await figure.getByRole('img', { name: 'Rating 5 dari 5 bintang' }).textContent()).toBe('★★★★★');
      expect((await figure.locator('figcaption p').allTextContents()).filter((s) => s.trim()).length).toBe(2);
    }
    // The public page carries none of the signed-in app's code.
    expect(scripts.some((s) => /\/assets\/app-/.test(s))).toBe(false);
    await snap(page, `landing-${viewport}`);
    await context.close();
  });

  it('has several Masuk buttons that lead to /login', async () => {
    const { context, page } = await newPage(browser, server.baseURL, viewport);
    await page.goto('/');
    const masuk = page.getByRole('link', { name: 'Masuk', exact: true });
    expect(await masuk.count()).toBeGreaterThanOrEqual(3);
    for (const href of await masuk.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toBe('/login');
    await masuk.first().click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'LOGIN AKUN' }).waitFor();
    await context.close();
  });
});

describe('landing navigation', () => {
  it('scrolls to a section from the desktop navigation', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Navigasi halaman', exact: true })
      .getByRole('link', { name: 'Testimoni' })
      .click();
    await page.waitForURL('**/#testimonials');
    await page.waitForFunction(() => Math.abs(document.querySelector('#testimonials')!.getBoundingClientRect().top) < 120);
    await context.close();
  });

  it('opens the phone menu, follows a link and closes the menu', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'phone');
    await page.goto('/');
    await page.getByLabel('Menu').click();
    const menuNav = page.getByRole('navigation', { name: 'Navigasi halaman (seluler)' });
    await menuNav.getByRole('link', { name: 'Kontak' }).click();
    await page.waitForURL('**/#contact');
    await menuNav.waitFor({ state: 'hidden' });
    await context.close();
  });
});
