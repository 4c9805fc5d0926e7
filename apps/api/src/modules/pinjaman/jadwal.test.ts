import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Jadwal, Pinjaman } from '@mizan/core';
import { createTestApp, type TestApp, clearBook } from '../../test/test-app';
import { expectFieldError } from '../../test/refusals';
import { addNasabah, postLoan } from '../../test/populate';
import { manualClock } from '../../lib/clock';

// The ledger on the server (issue 23): GET /api/pinjaman/{id}/jadwal and the loan's stored
// summary, kept by every payment write in its own transaction, on the day a test clock sets.

/** 2024-06-15, noon in Jakarta. */
const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  clock.set(new Date('2024-06-15T05:00:00Z'));
  await clearBook(t.app.db, { activities: false });
});

async function loan(overrides: Record<string, unknown> = {}) {
  const nasabah = await addNasabah(t, 'Siti Aminah', { alamat: null, kecamatan: null, kota: null });
  return postLoan<Pinjaman>(t, nasabah.id, overrides);
}
const pay = async (payload: Record<string, unknown>) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/pembayaran',
    payload: { keterangan: null, angsuran_ke: null, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};
const jadwal = async (id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Jadwal;
};
const detail = async (id: number) => (await t.request({ method: 'GET', url: `/api/pinjaman/${id}` })).json().data as Pinjaman;

describe('GET /api/pinjaman/{id}/jadwal', () => {
  it('lists the Murabahah instalments with their pokok and margin, and the arrears on the clock’s day', async () => {
    const p = await loan();
    const j = await jadwal(p.id);
    expect(j.tanggal).toBe('2024-06-15');
    expect(j.angsuran).toHaveLength(12);
    expect(j.angsuran[0]).toMatchObject({ jatuh_tempo: '2024-02-29', jumlah: 1_240_000, pokok: 1_000_000, margin: 240_000 });
    // Nothing paid: four instalments late, the oldest since 2024-02-29 (107 days).
    expect(j.ringkasan).toMatchObject({ angsuran_tertunggak: 4, hari_tunggakan: 107, tunggakan_total: 4_960_000 });
    expect(j.kolektibilitas).toBe(3);
  });

  it('lets a payment of jenis pokok without angsuran_ke clear the oldest instalments, in the loan row too', async () => {
    const p = await loan();
    await pay({ pinjaman_id: p.id, tanggal: '2024-06-15', jumlah: 2_480_000, jenis: 'pokok' });
    const j = await jadwal(p.id);
    expect(j.angsuran.slice(0, 3).map((a) => a.status)).toEqual(['lunas', 'lunas', 'terlambat']);
    expect(j.ringkasan).toMatchObject({ angsuran_tertunggak: 2, hari_tunggakan: 46, jatuh_tempo_tertua: '2024-04-30' });
    expect(await detail(p.id)).toMatchObject({
      hari_tunggakan: 46,
      kolektibilitas: 2,
      tunggakan_total: 2_480_000,
      ledger_tanggal: '2024-06-15',
    });
  });

  it('brings the arrears back in the same request that deletes a payment', async () => {
    const p = await loan();
    const paid = await pay({ pinjaman_id: p.id, tanggal: '2024-06-15', jumlah: 4_960_000, jenis: 'pokok' });
    expect(await detail(p.id)).toMatchObject({ hari_tunggakan: 0, kolektibilitas: 1, tunggakan_total: 0 });
    const res = await t.request({ method: 'DELETE', url: `/api/pembayaran/${paid.id}` });
    expect(res.statusCode).toBe(200);
    expect(await detail(p.id)).toMatchObject({ hari_tunggakan: 107, kolektibilitas: 3, tunggakan_total: 4_960_000 });
  });

  it('turns a loan late at midnight in Jakarta, not at the server’s midnight', async () => {
    const p = await loan();
    await pay({ pinjaman_id: p.id, tanggal: '2024-06-15', jumlah: 5 * 1_240_000, jenis: 'pokok' });
    // The sixth instalment is due 2024-07-31. 23:59:59 in Jakarta is 16:59:59 UTC.
    clock.set(new Date('2024-07-31T16:59:59Z'));
    expect((await jadwal(p.id)).ringkasan.hari_tunggakan).toBe(0);
    clock.set(new Date('2024-07-31T17:00:00Z'));
    const next = await jadwal(p.id);
    expect(next.tanggal).toBe('2024-08-01');
    expect(next.ringkasan).toMatchObject({ hari_tunggakan: 1, angsuran_tertunggak: 1 });
  });

  it('shows a Mudharabah’s monthly bagi hasil', async () => {
    const p = await loan({
      tipe: 'non-pokok',
      durasi_angsuran: null,
      persentase: 3,
      jumlah: 10_000_000,
      tanggal_pinjam: '2024-03-10',
    });
    await pay({ pinjaman_id: p.id, tanggal: '2024-04-10', jumlah: 300_000, jenis: 'bagi_hasil' });
    const j = await jadwal(p.id);
    expect(j.angsuran.map((a) => [a.jatuh_tempo, a.bagi_hasil, a.status])).toEqual([
      ['2024-04-10', 300_000, 'lunas'],
      ['2024-05-10', 300_000, 'terlambat'],
      ['2024-06-10', 300_000, 'terlambat'],
      ['2024-07-10', 300_000, 'belum'],
    ]);
    expect(j.ringkasan).toMatchObject({ tunggakan_bagi_hasil: 600_000, hari_tunggakan: 36 });
  });

  it('filters the loan list by kolektibilitas and sorts it by days past due; refuses a class outside 1–5', async () => {
    const late = await loan(); // 107 days: class 3
    const recent = await loan({ tanggal_pinjam: '2024-05-01' }); // first due 2024-06-01: 14 days, class 2
    const current = await loan({ tanggal_pinjam: '2024-06-01' }); // first due 2024-07-01: class 1
    const ids = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/pinjaman${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Pinjaman[]).map((p) => p.id);
    };
    expect(await ids('?kolektibilitas=3')).toEqual([late.id]);
    expect(await ids('?kolektibilitas=2')).toEqual([recent.id]);
    expect(await ids('?kolektibilitas=1')).toEqual([current.id]);
    expect(await ids('?kolektibilitas=')).toHaveLength(3);
    expect(await ids('?sortBy=hari_tunggakan&sortOrder=desc')).toEqual([late.id, recent.id, current.id]);
    for (const bad of ['9', '0', 'macet']) {
      const res = await t.request({ method: 'GET', url: `/api/pinjaman?kolektibilitas=${bad}` });
      expectFieldError(res, 'kolektibilitas', 'Filter kolektibilitas harus 1 sampai 5');
    }
  });

  it('answers 404 for an unknown or deleted loan and 400 for a bad id, in Indonesian', async () => {
    const p = await loan();
    await t.request({ method: 'DELETE', url: `/api/pinjaman/${p.id}` });
    for (const id of [p.id, 999_999]) {
      const res = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Pinjaman tidak ditemukan' });
    }
    const bad = await t.request({ method: 'GET', url: '/api/pinjaman/abc/jadwal' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await t.request({ method: 'GET', url: `/api/pinjaman/${p.id}/jadwal`, token: null })).statusCode).toBe(401);
  });
});
