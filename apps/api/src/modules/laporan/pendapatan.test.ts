import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { annuityMargins, type Pendapatan } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKasir, postLoan, postNasabah, postPayment } from '../../test/populate';
import { MONTHS_TO_JUNE_2024 } from '../../test/report-months';
import { manualClock } from '../../lib/clock';

// Laporan Pendapatan (issue 26 A) and its method setting, against figures worked out by hand from
// the payments the test records. Rules: docs/domain.md ("Income").

const clock = manualClock(new Date('2024-06-15T05:00:00Z')); // 12:00 WIB, 15 June 2024
let t: TestApp;
let operator: { id: number; token: string };

// M1: Rp 12.000.000 Murabahah at 2 % for 12 months, granted 10 Jan 2024: instalments of
// 1.240.000 = 1.000.000 principal + 240.000 margin (proportional), margin 2.880.000.
// M2: Rp 6.000.000 at 1,5 % for 6 months, granted 20 Dec 2023: instalments of 1.090.000 =
// 1.000.000 + 90.000, margin 540.000; one instalment, then settled early.
// D1: Rp 7.500.000 Mudharabah at 3 %, granted 1 Feb 2024: profit share 225.000 a month.
const M1 = { margin: 2_880_000, instalment: 1_240_000, instalmentMargin: 240_000 };
const M2 = { margin: 540_000, instalment: 1_090_000, instalmentMargin: 90_000 };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operator = await createKasir(t);
  const nasabah = await postNasabah(t);
  const m1 = (await postLoan(t, nasabah, { nomor_pinjaman: 'M1', tanggal_pinjam: '2024-01-10', jumlah: 12_000_000 })).id;
  const m2 = (
    await postLoan(t, nasabah, {
      nomor_pinjaman: 'M2',
      tanggal_pinjam: '2023-12-20',
      jumlah: 6_000_000,
      persentase: 1.5,
      durasi_angsuran: 6,
    })
  ).id;
  const d1 = (
    await postLoan(t, nasabah, {
      nomor_pinjaman: 'D1',
      tanggal_pinjam: '2024-02-01',
      jumlah: 7_500_000,
      tipe: 'non-pokok',
      durasi_angsuran: null,
      persentase: 3,
    })
  ).id;
  const pay = async (pinjaman_id: number, tanggal: string, jenis: string, jumlah: number, angsuran_ke: number | null) => {
    await postPayment(t, pinjaman_id, { tanggal, jumlah, jenis, angsuran_ke });
  };
  await pay(m2, '2024-01-20', 'angsuran', M2.instalment, 1);
  await pay(m1, '2024-02-10', 'angsuran', M1.instalment, 1);
  await pay(m1, '2024-03-10', 'angsuran', M1.instalment, 2);
  // The settlement of M2: its 5.000.000 principal left and 100.000 of the 450.000 margin left.
  await pay(m2, '2024-03-05', 'pelunasan', 5_100_000, null);
  await pay(d1, '2024-03-01', 'bagi_hasil', 225_000, null);
  await pay(m1, '2024-04-10', 'angsuran', M1.instalment / 2, 3);
  await pay(d1, '2024-04-01', 'bagi_hasil', 225_000, null);
  await pay(d1, '2024-06-03', 'bagi_hasil', 225_000, null);
  await pay(m1, '2024-06-14', 'angsuran', M1.instalment, 4);
  // After today: in no month of the report.
  await pay(d1, '2024-06-20', 'bagi_hasil', 225_000, null);
});
afterAll(async () => {
  await t.close();
});

const report = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/laporan/pendapatan${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Pendapatan;
};
const month = (laporan: Pendapatan, bulan: string) => laporan.bulan.find((b) => b.bulan === bulan)!;

describe('GET /api/laporan/pendapatan', () => {
  it('sums the margin received and recognised (proportional), the profit share, and the deferred margin per month', async () => {
    const laporan = await report();
    expect(laporan.sampai).toBe('2024-06');
    expect(laporan.metode).toBe('proporsional');
    expect(laporan.bulan.map((b) => b.bulan)).toEqual(MONTHS_TO_JUNE_2024);
    // January: M2's first instalment. February: M1's first.
    expect(month(laporan, '2024-01')).toMatchObject({ margin_diterima: M2.instalmentMargin, margin_diakui: M2.instalmentMargin });
    expect(month(laporan, '2024-02')).toMatchObject({ margin_diterima: M1.instalmentMargin, margin_diakui: M1.instalmentMargin });
    // March: M1's second instalment; M2 settled paying 100.000 of its margin, 450.000 − 100.000 not collected; D1's profit share.
    expect(month(laporan, '2024-03')).toEqual({
      bulan: '2024-03',
      margin_diterima: M1.instalmentMargin + 100_000,
      margin_diakui: M1.instalmentMargin + 100_000,
      margin_dibebaskan: M2.margin - M2.instalmentMargin - 100_000,
      bagi_hasil: 225_000,
      // No loan written off: nothing recovered.
      pemulihan: 0,
      pendapatan_diakui: M1.instalmentMargin + 100_000 + 225_000,
      // M2 closed on 5 March; M1 has two instalments' margin recognised.
      margin_ditangguhkan: M1.margin - 2 * M1.instalmentMargin,
    });
    // April: half of M1's third instalment: its whole margin received first, half of it recognised.
    expect(month(laporan, '2024-04')).toMatchObject({
      margin_diterima: M1.instalmentMargin,
      margin_diakui: M1.instalmentMargin / 2,
      bagi_hasil: 225_000,
      margin_ditangguhkan: M1.margin - 2.5 * M1.instalmentMargin,
    });
    expect(month(laporan, '2024-05')).toMatchObject({ margin_diterima: 0, margin_diakui: 0, bagi_hasil: 0 });
    // June up to today (the 20 June profit share is later): M1's fourth instalment, D1's share.
    expect(month(laporan, '2024-06')).toMatchObject({
      margin_diterima: M1.instalmentMargin,
      margin_diakui: M1.instalmentMargin,
      bagi_hasil: 225_000,
      margin_ditangguhkan: M1.margin - 3.5 * M1.instalmentMargin,
    });
    // Deferred before M1: M2 granted 20 December; nothing before it.
    expect(month(laporan, '2023-11').margin_ditangguhkan).toBe(0);
    expect(month(laporan, '2023-12').margin_ditangguhkan).toBe(M2.margin);
    expect(month(laporan, '2024-01').margin_ditangguhkan).toBe(M2.margin - M2.instalmentMargin + M1.margin);
    expect(laporan.total).toEqual({
      margin_diterima: M2.instalmentMargin + 4 * M1.instalmentMargin + 100_000,
      margin_diakui: M2.instalmentMargin + 3.5 * M1.instalmentMargin + 100_000,
      margin_dibebaskan: 350_000,
      bagi_hasil: 3 * 225_000,
      pemulihan: 0,
      pendapatan_diakui: M2.instalmentMargin + 3.5 * M1.instalmentMargin + 100_000 + 3 * 225_000,
    });
  });

  it('ends at a chosen month, and refuses a month ahead or not a month', async () => {
    const march = await report('?sampai=2024-03');
    expect(march.bulan.at(-1)!.bulan).toBe('2024-03');
    expect(march.bulan[0]!.bulan).toBe('2023-04');
    expect(march.total.bagi_hasil).toBe(225_000);
    for (const [query, message] of [
      ['?sampai=2024-07', 'Bulan tidak boleh melewati bulan ini'],
      ['?sampai=2024-13', 'Bulan harus berupa tahun dan bulan (YYYY-MM)'],
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/laporan/pendapatan${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'sampai', msg: message });
    }
  });

  it('exports the months and their total as CSV', async () => {
    const res = await t.request({ method: 'GET', url: '/api/laporan/pendapatan/ekspor?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('pendapatan-2023-07-sd-2024-06');
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true });
    expect(rows[2]).toEqual(['Filter: Periode: Juli 2023 – Juni 2024; Metode pengakuan margin: Proporsional']);
    const header = rows.findIndex((row) => row[0] === 'Bulan');
    const laporan = await report();
    const body = rows.slice(header + 1);
    expect(body).toHaveLength(13);
    expect(body.at(-1)!.slice(0, 7)).toEqual([
      'Total',
      ...[
        laporan.total.margin_diterima,
        laporan.total.margin_diakui,
        laporan.total.bagi_hasil,
        laporan.total.pemulihan,
        laporan.total.pendapatan_diakui,
        laporan.total.margin_dibebaskan,
      ].map(String),
    ]);
    expect(body[8]![7]).toBe(String(month(laporan, '2024-03').margin_ditangguhkan));
  });
});

describe('Pendapatan at Jakarta midnight', () => {
  it('turns to the new month at 00:00 WIB, not at 00:00 UTC', async () => {
    const now = clock.now();
    try {
      // 30 June 2024, 23:59 WIB: June is this month, July is ahead.
      clock.set(new Date('2024-06-30T16:59:00Z'));
      expect((await report()).sampai).toBe('2024-06');
      const ahead = await t.request({ method: 'GET', url: '/api/laporan/pendapatan?sampai=2024-07' });
      expect(ahead.statusCode).toBe(400);
      // 1 July 2024, 00:00 WIB (still 30 June in UTC): July is this month, June a closed month
      // whose deferred margin is the one at its end.
      clock.set(new Date('2024-06-30T17:00:00Z'));
      const july = await report();
      expect(july.sampai).toBe('2024-07');
      expect(july.bulan.at(-2)!.bulan).toBe('2024-06');
      expect(july.bulan.at(-2)!.margin_ditangguhkan).toBe(month(await report('?sampai=2024-06'), '2024-06').margin_ditangguhkan);
      expect(july.bulan.at(-1)).toMatchObject({ bulan: '2024-07', margin_diakui: 0, bagi_hasil: 0 });
    } finally {
      clock.set(now);
    }
  });
});

describe('/api/settings/pendapatan', () => {
  it('is proportional until an administrator chooses the annuity method, which the report then follows', async () => {
    const before = await t.request({ method: 'GET', url: '/api/settings/pendapatan', token: operator.token });
    expect(before.json().data).toEqual({
      setting: { metode_pengakuan_margin: 'proporsional' },
      diubah_oleh: null,
      diubah_pada: null,
    });

    const put = await t.request({
      method: 'PUT',
      url: '/api/settings/pendapatan',
      payload: { metode_pengakuan_margin: 'anuitas' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.setting.metode_pengakuan_margin).toBe('anuitas');
    expect(put.json().data.diubah_oleh).not.toBeNull();

    const laporan = await report();
    expect(laporan.metode).toBe('anuitas');
    // The annuity's first instalment carries more margin; what was received does not change.
    const m1 = annuityMargins(Array(12).fill(M1.instalment), 12_000_000);
    const m2 = annuityMargins(Array(6).fill(M2.instalment), 6_000_000);
    expect(m1[0]).toBeGreaterThan(M1.instalmentMargin);
    expect(month(laporan, '2024-01')).toMatchObject({ margin_diterima: M2.instalmentMargin, margin_diakui: m2[0] });
    expect(month(laporan, '2024-02')).toMatchObject({ margin_diterima: M1.instalmentMargin, margin_diakui: m1[0] });
    // March: the settlement collects the margin above the principal left under the annuity split.
    const m2PrincipalLeft = 6_000_000 - (M2.instalment - m2[0]!);
    expect(month(laporan, '2024-03').margin_diakui).toBe(m1[1]! + (5_100_000 - m2PrincipalLeft));
    expect(month(laporan, '2024-03').margin_dibebaskan).toBe(M2.margin - m2[0]! - (5_100_000 - m2PrincipalLeft));

    const activity = await t.request({ method: 'GET', url: '/api/dashboard/activities?limit=5' });
    expect(activity.body).toContain('Metode pengakuan margin murabahah diubah menjadi anuitas');
  });

  it('is changed by an administrator only, to one of the two methods', async () => {
    const byOperator = await t.request({
      method: 'PUT',
      url: '/api/settings/pendapatan',
      payload: { metode_pengakuan_margin: 'proporsional' },
      token: operator.token,
    });
    expect(byOperator.statusCode).toBe(403);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/settings/pendapatan',
      payload: { metode_pengakuan_margin: 'efektif' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'metode_pengakuan_margin',
      msg: 'Metode pengakuan margin harus proporsional atau anuitas',
    });
    const after = await t.request({ method: 'GET', url: '/api/settings/pendapatan' });
    expect(after.json().data.setting.metode_pengakuan_margin).toBe('anuitas');
    const anon = await t.request({ method: 'GET', url: '/api/laporan/pendapatan', token: null });
    expect(anon.statusCode).toBe(401);
  });
});
