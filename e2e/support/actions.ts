import type { Browser, Page } from 'playwright-core';
import { newPage, type ViewportName } from './browser';
import { E2E_ADMIN } from './server';

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
export async function openSignedIn(browser: Browser, baseURL: string, session: ApiSession, viewport: ViewportName, path: string) {
  const { context, page } = await newPage(browser, baseURL, viewport);
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  await page.goto(path);
  return { context, page };
}
