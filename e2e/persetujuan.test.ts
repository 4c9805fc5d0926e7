import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, VIEWPORTS, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { nasabahPayload, murabahahPayload } from './support/data';
import { apiSession, openSignedIn, signIn, snap, type ApiSession } from './support/actions';

// Persetujuan (issue 27 A): an administrator switches approval on, an officer proposes a loan, a
// manager sees the badge, approves one and rejects another from the queue and the loan's page; the
// proposer cannot decide their own. Issue 51: the proposer sees who can approve and withdraws the
// request with a reason; with nobody else able to approve (the manager deactivated), the new-loan
// form says so, points to Pengguna and sends nothing.

let server: RunningServer;
let browser: Browser;
let petugas: ApiSession;
let manajer: ApiSession;
let nasabahId: number;

async function asUser<T>(session: ApiSession, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.baseURL}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: T; message?: string } };
}

let counter = 0;
async function propose(nama: string) {
  counter += 1;
  const customer = await asUser<{ id: number }>(petugas, 'POST', '/nasabah', nasabahPayload(nama, counter));
  expect(customer.status).toBe(201);
  nasabahId = customer.body.data.id;
  const loan = await asUser<{ id: number; status: string }>(
    petugas,
    'POST',
    '/pinjaman',
    murabahahPayload(nasabahId, `PB-${counter}`, '2026-11-20', { jumlah: 15_000_000, persentase: 1.5, jaminan: 'BPKB motor' }),
  );
  expect(loan.status).toBe(201);
  expect(loan.body.data.status).toBe('pending');
  return loan.body.data.id;
}

const noSideScroll = async (page: Page, viewport: ViewportName) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  for (const [username, role, nama_lengkap] of [
    ['petugas', 'operator', 'Siti Petugas'],
    ['manajer', 'manajer', 'Pak Manajer'],
  ] as const)
    await server.api('POST', '/auth/register', { username, nama_lengkap, password: `password-${username}-1`, role });
  [petugas, manajer] = await Promise.all([
    apiSession(server.baseURL, 'petugas', 'password-petugas-1'),
    apiSession(server.baseURL, 'manajer', 'password-manajer-1'),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('persetujuan', () => {
  it('an administrator switches approval on from the queue page (desktop)', async () => {
    const { context, page } = await newPage(browser, server.baseURL, 'desktop');
    await signIn(page);
    await page.goto('/lainnya');
    await page.getByRole('link', { name: /Persetujuan/ }).click();
    await page.getByRole('heading', { name: 'Persetujuan', exact: true }).waitFor();
    await page.getByText('Tidak ada pengajuan yang menunggu persetujuan.').waitFor();
    await page.getByText('Belum pernah diubah: pinjaman baru langsung aktif.').waitFor();
    await page.getByLabel('Pinjaman baru harus disetujui sebelum dicairkan').check();
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await page.getByText('Pengaturan persetujuan disimpan.').waitFor();
    await page.getByText(/Terakhir diubah oleh/).waitFor();
    await snap(page, 'persetujuan-kosong-desktop');
    await context.close();
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'a manager approves from the queue and rejects on the loan page (%s)',
    async (viewport) => {
      const first = await propose(`Ibu Warung ${viewport}`);
      const second = await propose(`Pak Bengkel ${viewport}`);
      const { context, page } = await openSignedIn(browser, server.baseURL, manajer, viewport, '/dashboard');
      if (viewport === 'phone') await page.getByRole('button', { name: 'Buka menu' }).click();
      const pinjamanLink = page.getByRole('link', { name: /^Pinjaman.*2 pengajuan menunggu persetujuan$/ });
      await pinjamanLink.waitFor();
      await pinjamanLink.click();
      await page.getByRole('status').filter({ hasText: '2 pengajuan menunggu persetujuan' }).waitFor();
      await page.getByRole('link', { name: 'Buka antrean persetujuan' }).click();
      await page.getByRole('heading', { name: 'Persetujuan', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Menunggu (2)' }).waitFor();
      await page.getByText('Diajukan oleh').first().waitFor();
      await noSideScroll(page, viewport);
      await snap(page, `persetujuan-antrean-${viewport}`);

      await page.getByRole('button', { name: `Setujui pengajuan Ibu Warung ${viewport}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Catatan (opsional)').fill('Usaha warung sudah disurvei');
      await snap(page, `persetujuan-setujui-${viewport}`);
      await dialog.getByRole('button', { name: 'Setujui', exact: true }).click();
      await page.getByText('Pengajuan disetujui').first().waitFor();
      await page.getByRole('tab', { name: 'Menunggu (1)' }).waitFor();
      const approved = await asUser<{ status: string }>(manajer, 'GET', `/pinjaman/${first}`);
      expect(approved.body.data.status).toBe('aktif');

      // The second from its loan page: a rejection needs its reason.
      await page.goto(`/pinjaman/${second}`);
      await page.getByRole('heading', { name: 'Persetujuan', exact: true }).waitFor();
      await page.getByText('Pinjaman ini menunggu persetujuan; pembayaran dapat dicatat setelah disetujui.').waitFor();
      await page.getByRole('button', { name: `Tolak pengajuan Pak Bengkel ${viewport}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Tolak', exact: true }).click();
      await page.getByText('Alasan penolakan wajib diisi').waitFor();
      await page.getByRole('dialog').getByLabel('Alasan penolakan').fill('Agunan belum lengkap');
      await page.getByRole('dialog').getByRole('button', { name: 'Tolak', exact: true }).click();
      await page.getByText('Pengajuan ditolak').first().waitFor();
      await page.getByText('Pinjaman ini ditolak; pembayaran tidak dapat dicatat.').waitFor();
      await page.getByText('Agunan belum lengkap').waitFor();
      expect(await page.getByRole('button', { name: 'Tambah Pembayaran' }).count()).toBe(0);
      await noSideScroll(page, viewport);
      await snap(page, `persetujuan-ditolak-${viewport}`);
      const rejected = await asUser<{ status: string }>(manajer, 'GET', `/pinjaman/${second}`);
      expect(rejected.body.data.status).toBe('ditolak');
      await context.close();
    },
  );

  it('the proposer sees their loan waiting and cannot decide it (phone)', async () => {
    const id = await propose('Bu Jahit');
    const { context, page } = await openSignedIn(browser, server.baseURL, petugas, 'phone', `/pinjaman/${id}`);
    await page.getByText('Pengajuan Anda. Keputusan diambil oleh administrator atau manajer lain.').waitFor();
    expect(await page.getByRole('button', { name: /Setujui pengajuan/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Buka menu' }).click();
    // An officer who cannot decide has no badge.
    await page.getByRole('link', { name: 'Pinjaman', exact: true }).waitFor();
    await noSideScroll(page, 'phone');
    await snap(page, 'persetujuan-pengaju-phone');
    await context.close();
  });

  it.each(['desktop', 'phone'] as const)(
    'the proposer sees who can approve and withdraws the request with a reason (%s)',
    async (viewport) => {
      const id = await propose(`Bu Tarik ${viewport}`);
      const badge = async () => (await server.api<{ menunggu: number }>('GET', '/persetujuan/jumlah')).body.data.menunggu;
      const before = await badge();
      const { context, page } = await openSignedIn(browser, server.baseURL, petugas, viewport, `/pinjaman/${id}`);
      const who = page.getByTestId('pemutus');
      await who.waitFor();
      expect(await who.innerText()).toContain('Pak Manajer (Manajer)');
      expect(await who.innerText()).not.toContain('Siti Petugas');
      await page.getByRole('button', { name: `Tarik kembali pengajuan Bu Tarik ${viewport}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Tarik Kembali', exact: true }).click();
      await dialog.getByText('Alasan penarikan wajib diisi').waitFor();
      await dialog.getByLabel('Alasan penarikan').fill('Nasabah menunda rencana usaha');
      await snap(page, `persetujuan-tarik-${viewport}`);
      await dialog.getByRole('button', { name: 'Tarik Kembali', exact: true }).click();
      await page.getByText('Pengajuan ditarik kembali').first().waitFor();
      await page.getByText('Ditarik kembali oleh').waitFor();
      await page.getByText('Nasabah menunda rencana usaha').waitFor();
      expect(await page.getByRole('button', { name: /Tarik kembali pengajuan/ }).count()).toBe(0);
      await noSideScroll(page, viewport);
      await snap(page, `persetujuan-ditarik-${viewport}`);
      const requests = await asUser<{ status: string; catatan: string }[]>(petugas, 'GET', `/pinjaman/${id}/persetujuan`);
      expect(requests.body.data[0]).toMatchObject({ status: 'ditarik', catatan: 'Nasabah menunda rencana usaha' });
      expect(await badge()).toBe(before - 1);
      await context.close();
    },
  );

  it.each(['desktop', 'phone'] as const)(
    'with nobody else able to approve, the new-loan form says so and sends nothing (%s)',
    async (viewport) => {
      const users = (await server.api<{ id: number; username: string }[]>('GET', '/users')).body.data;
      const manajerId = users.find((u) => u.username === 'manajer')!.id;
      expect((await server.api('PUT', `/users/${manajerId}/status`, { is_active: false })).status).toBe(200);
      const loansBefore = (await server.api<unknown[]>('GET', '/pinjaman?limit=1000')).body.data.length;
      const { context, page } = await newPage(browser, server.baseURL, viewport);
      await signIn(page);
      await page.goto('/pinjaman');
      await page.getByRole('button', { name: 'Tambah Pinjaman' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Tambah Pinjaman Baru' });
      await dialog.getByText('Belum ada yang dapat menyetujui pengajuan ini').waitFor();
      await dialog.getByText('Tambahkan pengguna dengan peran Manajer di Pengguna').waitFor();
      expect(await dialog.getByRole('link', { name: 'Buka Pengguna' }).getAttribute('href')).toBe('/pengguna');
      expect(await dialog.getByRole('button', { name: 'Simpan', exact: true }).isDisabled()).toBe(true);
      await noSideScroll(page, viewport);
      await snap(page, `persetujuan-tanpa-pemutus-${viewport}`);
      expect((await server.api<unknown[]>('GET', '/pinjaman?limit=1000')).body.data.length).toBe(loansBefore);

      // A manager again: the form names them and may send.
      expect((await server.api('PUT', `/users/${manajerId}/status`, { is_active: true })).status).toBe(200);
      await page.reload();
      await page.getByRole('button', { name: 'Tambah Pinjaman' }).first().click();
      const again = page.getByRole('dialog', { name: 'Tambah Pinjaman Baru' });
      await again.getByTestId('pemutus').filter({ hasText: 'Pak Manajer (Manajer)' }).waitFor();
      expect(await again.getByRole('button', { name: 'Simpan', exact: true }).isDisabled()).toBe(false);
      await context.close();
    },
  );
});
