import { describe, expect, it } from 'vitest';
import { currentMonthYearJakarta, lastMonthsJakarta, monthDateRange } from '@mizan/core';
import { appPerFile, createTestApp, reactionsDone, type TestApp } from '../../test/test-app';
import { recordActivity } from '../activities/activity.service';

let t: TestApp;
appPerFile((app) => {
  t = app;
});

describe('GET /api/dashboard/activities', () => {
  it('is empty on a fresh database', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dashboard/activities' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('returns the newest first, 10 by default, and honours limit', async () => {
    for (let i = 1; i <= 12; i++) {
      await recordActivity(t.app.db, {
        type: 'pembayaran.create',
        description: `Pembayaran ke-${i}`,
        category: i % 2 ? 'pembayaran' : 'pinjaman',
        amount: i * 1000,
        userId: null,
      });
    }
    // Written into the feed by their reactions, after the commit (issue 47).
    await reactionsDone(t.app);
    const res = await t.request({ method: 'GET', url: '/api/dashboard/activities' });
    const data = res.json().data;
    expect(data).toHaveLength(10);
    expect(data[0]).toMatchObject({
      description: 'Pembayaran ke-12',
      category: 'pinjaman',
      amount: 12000,
      status: 'selesai',
      type: 'pembayaran.create',
    });
    expect(new Date(data[0].date).toString()).not.toBe('Invalid Date');
    const three = await t.request({ method: 'GET', url: '/api/dashboard/activities?limit=3' });
    expect(three.json().data.map((a: { description: string }) => a.description)).toEqual([
      'Pembayaran ke-12',
      'Pembayaran ke-11',
      'Pembayaran ke-10',
    ]);
  });

  it('refuses a bad limit with 400 in Indonesian', async () => {
    for (const limit of ['0', '101', 'abc', '-5']) {
      const res = await t.request({ method: 'GET', url: `/api/dashboard/activities?limit=${limit}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('limit');
    }
  });

  it('needs a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard/activities', token: null })).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/payments-monthly', () => {
  it('sums living payments per Jakarta month over the last 12 months, zeros included', async () => {
    const nasabah = await t.app.db
      .insertInto('nasabah')
      .values({ nama: 'Siti', nik: '3201000000000001', status: 'aktif' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const loan = await t.app.db
      .insertInto('pinjaman')
      .values({
        nasabah_id: nasabah.id,
        nomor_pinjaman: '',
        urutan_pinjaman: 1,
        status: 'aktif',
        tanggal_pinjam: '2024-01-01',
        jumlah: 10_000_000,
        persentase: 2,
        tipe: 'non-pokok',
        sisa_pokok: 10_000_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = currentMonthYearJakarta();
    const months = lastMonthsJakarta(12);
    const oldest = months[0]!;
    const thisMonth = monthDateRange(now.year, now.month);
    const firstMonth = monthDateRange(oldest.year, oldest.month);
    const beforeRange = monthDateRange(oldest.year - 1, oldest.month);
    const payments = [
      { tanggal: thisMonth.first, jumlah: 150_000 },
      { tanggal: thisMonth.last, jumlah: 250_000 },
      { tanggal: firstMonth.first, jumlah: 99_999 },
      { tanggal: beforeRange.first, jumlah: 777 }, // outside the window
    ];
    for (const p of payments) {
      await t.app.db
        .insertInto('pembayaran')
        .values({ pinjaman_id: loan.id, jenis: 'bagi_hasil', ...p })
        .execute();
    }
    await t.app.db
      .insertInto('pembayaran')
      .values({ pinjaman_id: loan.id, jenis: 'bagi_hasil', tanggal: thisMonth.first, jumlah: 5_000, deleted_at: new Date() })
      .execute();

    const res = await t.request({ method: 'GET', url: '/api/dashboard/payments-monthly' });
    expect(res.statusCode).toBe(200);
    const data: { month: number; year: number; count: number; total: number }[] = res.json().data;
    expect(data).toHaveLength(12);
    expect(data.map(({ month, year }) => ({ month, year }))).toEqual(months);
    expect(data.at(-1)).toEqual({ ...now, count: 2, total: 400_000 });
    expect(data[0]).toEqual({ ...oldest, count: 1, total: 99_999 });
    const raw = payments.slice(0, 3).reduce((sum, p) => sum + p.jumlah, 0);
    expect(data.reduce((sum, m) => sum + m.total, 0)).toBe(raw);
    expect(data.slice(1, -1).every((m) => m.count === 0 && m.total === 0)).toBe(true);
  });
});

describe('activities written by the business modules', () => {
  it('records each kind of write, newest first, with category and amount', async () => {
    const fresh = await createTestApp();
    try {
      const nasabah = await fresh.request({
        method: 'POST',
        url: '/api/nasabah',
        payload: {
          nama: 'Aisyah Putri',
          nik: '3201234567890001',
          telepon: '081234567890',
          alamat: 'Jl. Melati 1',
          kecamatan: 'Beji',
          kota: 'Kota Depok',
        },
      });
      expect(nasabah.statusCode).toBe(201);
      const nasabahId = nasabah.json().data.id;
      const loan = await fresh.request({
        method: 'POST',
        url: '/api/pinjaman',
        payload: {
          nasabah_id: nasabahId,
          tanggal_pinjam: '2026-01-10',
          jumlah: 12_000_000,
          persentase: 2,
          tipe: 'pokok',
          durasi_angsuran: 12,
        },
      });
      expect(loan.statusCode).toBe(201);
      const loanId = loan.json().data.id;
      const payment = await fresh.request({
        method: 'POST',
        url: '/api/pembayaran',
        payload: { pinjaman_id: loanId, tanggal: '2026-02-10', jumlah: 1_240_000, jenis: 'angsuran', angsuran_ke: 1 },
      });
      expect(payment.statusCode).toBe(201);
      const removed = await fresh.request({ method: 'DELETE', url: `/api/pembayaran/${payment.json().data.id}` });
      expect(removed.statusCode).toBe(200);

      const res = await fresh.request({ method: 'GET', url: '/api/dashboard/activities?limit=10' });
      const activities: { type: string; category: string; amount: number | null; description: string }[] = res.json().data;
      expect(activities.map((a) => a.category)).toEqual(['pembayaran', 'pembayaran', 'pinjaman', 'other']);
      expect(activities.map((a) => a.amount)).toEqual([1_240_000, 1_240_000, 12_000_000, null]);
      expect(activities[0]!.type).toMatch(/delete/);
      expect(activities[3]!.description).toContain('Aisyah Putri');
    } finally {
      await fresh.close();
    }
  });
});
