import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tunggakan } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addNasabah, postLoan, postPayment } from '../../test/populate';
import { expectFieldError, pagingRefusals } from '../../test/refusals';
import { manualClock } from '../../lib/clock';
import { runDailyLedger } from '../ledger/ledger.service';

// GET /api/tunggakan (issue 23): the loans in arrears on the clock's Jakarta date, with their
// customer, filtered and sorted as the Tunggakan screen asks.

const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const customer = async (nama: string, kota: string, kecamatan: string) => (await addNasabah(t, nama, { kota, kecamatan })).id;
  const loan = async (key: string, nasabahId: number, overrides: Record<string, unknown>) => {
    ids[key] = (await postLoan(t, nasabahId, { nomor_pinjaman: key, ...overrides })).id;
  };
  const budi = await customer('Budi Santoso', 'Bogor', 'Cibinong');
  const siti = await customer('Siti Aminah', 'Bogor', 'Citeureup');
  const dewi = await customer('Dewi Lestari', 'Depok', 'Beji');
  await loan('A-107', budi, {}); // first due 2024-02-29: 107 days, class 3
  await loan('B-14', siti, { tanggal_pinjam: '2024-05-01' }); // due 2024-06-01: 14 days, class 2
  await loan('C-0', dewi, { tanggal_pinjam: '2024-06-01' }); // first due 2024-07-01: not late
  await loan('D-MDH', dewi, { tipe: 'non-pokok', durasi_angsuran: null, persentase: 3, tanggal_pinjam: '2024-04-10' }); // bagi hasil due 2024-05-10 and 06-10: 36 days
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/tunggakan${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Tunggakan[]; meta: { pagination: { total: number; sortBy: string } } };
};
const keys = async (query = '') => (await list(query)).data.map((row) => row.nomor_pinjaman);

describe('GET /api/tunggakan', () => {
  it('lists the loans in arrears, longest first, with the customer’s phone and place', async () => {
    const body = await list();
    expect(body.data.map((r) => r.nomor_pinjaman)).toEqual(['A-107', 'D-MDH', 'B-14']);
    expect(body.meta.pagination).toMatchObject({ total: 3, sortBy: 'hari_tunggakan' });
    expect(body.data[0]).toMatchObject({
      pinjaman_id: ids['A-107'],
      nasabah: { nama: 'Budi Santoso', telepon: '081234567890', kota: 'Bogor', kecamatan: 'Cibinong' },
      kolektibilitas: 3,
      hari_tunggakan: 107,
      angsuran_tertunggak: 4,
      tunggakan_total: 4_960_000,
      jatuh_tempo_tertua: '2024-02-29',
      ledger_tanggal: '2024-06-15',
    });
    expect(body.data[1]).toMatchObject({ tipe: 'non-pokok', hari_tunggakan: 36, tunggakan_bagi_hasil: 720_000 }); // 2 months of 3 % × 12 000 000
  });

  it('filters by class, type, kota, kecamatan, minimum days and search; sorts by every key', async () => {
    expect(await keys('?kolektibilitas=2')).toEqual(['D-MDH', 'B-14']);
    expect(await keys('?tipe=non-pokok')).toEqual(['D-MDH']);
    expect(await keys('?kota=bogor')).toEqual(['A-107', 'B-14']);
    expect(await keys('?kecamatan=Citeureup')).toEqual(['B-14']);
    expect(await keys('?min_hari=30')).toEqual(['A-107', 'D-MDH']);
    // At least that many days: D-MDH is 36 days late.
    expect(await keys('?min_hari=36')).toEqual(['A-107', 'D-MDH']);
    expect(await keys('?min_hari=37')).toEqual(['A-107']);
    // The totals, counted with the customer (place, search) or from the loans alone, say the rows.
    for (const query of [
      '',
      '?kolektibilitas=2',
      '?tipe=pokok',
      '?min_hari=37',
      '?kota=bogor',
      '?search=siti',
      '?kolektibilitas=2&kota=depok',
    ]) {
      const body = await list(query ? `${query}&limit=1` : '?limit=1');
      expect(body.meta.pagination.total, query).toBe((await keys(query)).length);
    }
    expect(await keys('?search=siti')).toEqual(['B-14']);
    expect(await keys('?search=3201000000000001')).toEqual(['A-107']);
    expect(await keys('?search=D-MDH')).toEqual(['D-MDH']);
    expect(await keys('?sortBy=tunggakan_total&sortOrder=asc')).toEqual(['D-MDH', 'B-14', 'A-107']);
    expect(await keys('?sortBy=nama&sortOrder=asc')).toEqual(['A-107', 'D-MDH', 'B-14']);
    expect(await keys('?sortBy=jatuh_tempo&sortOrder=asc')).toEqual(['A-107', 'D-MDH', 'B-14']);
    expect((await list('?limit=1&page=2')).data.map((r) => r.nomor_pinjaman)).toEqual(['D-MDH']);
  });

  it('follows a payment at once and the date when the clock moves', async () => {
    const pay = await postPayment(t, ids['B-14']!, { tanggal: '2024-06-15', jenis: 'pokok', angsuran_ke: null });
    expect(await keys()).toEqual(['A-107', 'D-MDH']);
    const res = await t.request({ method: 'DELETE', url: `/api/pembayaran/${pay.id}` });
    expect(res.statusCode).toBe(200);
    expect(await keys()).toEqual(['A-107', 'D-MDH', 'B-14']);

    // Jakarta's midnight: the daily job moves every loan one day on, and the list answers the
    // new day (its remembered answers are keyed by the date).
    const before = await list('?limit=100');
    clock.set(new Date('2024-06-15T17:00:00Z'));
    await runDailyLedger(t.app.db, '2024-06-16');
    const after = await list('?limit=100');
    expect(after.data.map((r) => [r.nomor_pinjaman, r.hari_tunggakan, r.ledger_tanggal])).toEqual(
      before.data.map((r) => [r.nomor_pinjaman, r.hari_tunggakan + 1, '2024-06-16']),
    );
    clock.set(new Date('2024-06-15T05:00:00Z'));
    await runDailyLedger(t.app.db, '2024-06-15');
  });

  it('sums the loans in arrears per class with the list’s filters', async () => {
    const summary = async (query = '') => {
      const res = await t.request({ method: 'GET', url: `/api/tunggakan/ringkasan${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        kelas: { kolektibilitas: number; jumlah_pinjaman: number; tunggakan_total: number }[];
        jumlah_pinjaman: number;
        tunggakan_total: number;
      };
    };
    const rows = (await list()).data;
    const all = await summary();
    expect(all.kelas.map((k) => k.kolektibilitas)).toEqual([1, 2, 3, 4, 5]);
    for (const k of all.kelas) {
      const inClass = rows.filter((r) => r.kolektibilitas === k.kolektibilitas);
      expect(k.jumlah_pinjaman, `kelas ${k.kolektibilitas}`).toBe(inClass.length);
      expect(k.tunggakan_total).toBe(inClass.reduce((sum, r) => sum + r.tunggakan_total, 0));
    }
    expect(all.kelas.map((k) => k.jumlah_pinjaman)).toEqual([0, 2, 1, 0, 0]);
    expect(all.tunggakan_total).toBe(rows.reduce((sum, r) => sum + r.tunggakan_total, 0));
    expect((await summary('?kota=Depok')).kelas.map((k) => k.jumlah_pinjaman)).toEqual([0, 1, 0, 0, 0]);
    expect((await summary('?search=budi')).jumlah_pinjaman).toBe(1);
    const bad = await t.request({ method: 'GET', url: '/api/tunggakan/ringkasan?min_hari=x' });
    expectFieldError(bad, 'min_hari', 'Minimal hari tunggakan harus bilangan bulat 1 sampai 36500');
  });

  it('answers 400 with the field and an Indonesian message for bad parameters, 401 without a token', async () => {
    for (const [query, path, msg] of [
      ...pagingRefusals,
      ['kolektibilitas=6', 'kolektibilitas', 'Filter kolektibilitas harus 1 sampai 5'],
      ['min_hari=-1', 'min_hari', 'Minimal hari tunggakan harus bilangan bulat 1 sampai 36500'],
      ['min_hari=0', 'min_hari', 'Minimal hari tunggakan harus bilangan bulat 1 sampai 36500'],
      ['min_hari=2.5', 'min_hari', 'Minimal hari tunggakan harus bilangan bulat 1 sampai 36500'],
      ['sortBy=password', 'sortBy', 'Kolom pengurutan tidak valid'],
      ['tipe=emas', 'tipe', 'Filter tipe tidak valid'],
      [`kota=${'x'.repeat(101)}`, 'kota', 'Filter kota atau kecamatan maksimal 100 karakter'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/tunggakan?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual([{ path, msg }]);
    }
    expect((await t.request({ method: 'GET', url: '/api/tunggakan', token: null })).statusCode).toBe(401);
  });
});
