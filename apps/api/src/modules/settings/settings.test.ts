import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kolektibilitasPresets, type KolektibilitasSettingsResponse, type Pinjaman } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addNasabah, postLoan } from '../../test/populate';
import { activityDescriptions } from '../../test/rows';
import { manualClock } from '../../lib/clock';

// GET/PUT /api/settings/kolektibilitas (issue 23): the bands, "one customer, one grade" and the
// provisions; a change classifies every loan again (today's run of the daily job).

const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
let operatorToken: string;
const ids = { late: 0, current: 0, other: 0, dpk: 0 };
const preset = (id: string) => structuredClone(kolektibilitasPresets.find((p) => p.id === id)!.setting);

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  operatorToken = (await t.createUser({ username: 'operator1', password: 'rahasia-operator-1', role: 'operator' })).token;
  const budi = (await addNasabah(t, 'Budi')).id;
  const siti = (await addNasabah(t, 'Siti')).id;
  // Budi: one loan 107 days late (first due 2024-02-29, nothing paid: Kurang Lancar) and one lent
  // this month (current). Siti: one loan 45 days late (due 2024-05-01: DPK under OJK's bands).
  ids.late = (await postLoan(t, budi, { nomor_pinjaman: 'LATE' })).id;
  ids.current = (await postLoan(t, budi, { nomor_pinjaman: 'CUR', urutan_pinjaman: 2, tanggal_pinjam: '2024-06-01' })).id;
  ids.dpk = (await postLoan(t, siti, { nomor_pinjaman: 'DPK', tanggal_pinjam: '2024-04-01' })).id;
  await t.app.ledgerJob.idle();
});
afterAll(async () => {
  await t.close();
});

const get = async (token?: string) => {
  const res = await t.request({ method: 'GET', url: '/api/settings/kolektibilitas', ...(token !== undefined ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as KolektibilitasSettingsResponse;
};
const put = (payload: unknown, token?: string) =>
  t.request({
    method: 'PUT',
    url: '/api/settings/kolektibilitas',
    payload: payload as object,
    ...(token !== undefined ? { token } : {}),
  });
const classOf = async (id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/pinjaman/${id}` });
  return (res.json().data as Pinjaman).kolektibilitas;
};
const jadwalClass = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` })).json().data.kolektibilitas;

describe('GET /api/settings/kolektibilitas', () => {
  it('gives OJK’s bank classes by default, with the presets and what is not confirmed of them', async () => {
    const body = await get(operatorToken);
    expect(body.preset).toBe('ojk-bank');
    expect(body.setting.bands.map((b) => b.sampai_hari)).toEqual([0, 90, 120, 180, null]);
    expect(body.presets.map((p) => p.id)).toEqual(['ojk-bank', 'bprs', 'kspps']);
    expect(body.presets[0]!.catatan).toBeNull();
    expect(body.presets[1]!.catatan).toMatch(/belum diperiksa/);
    expect(body.diubah_oleh).toBeNull();
    expect([await classOf(ids.late), await classOf(ids.current), await classOf(ids.dpk)]).toEqual([3, 1, 2]);
  });
});

describe('PUT /api/settings/kolektibilitas', () => {
  it('is for administrators only', async () => {
    expect((await put(preset('kspps'), operatorToken)).statusCode).toBe(403);
    expect((await put(preset('kspps'), '')).statusCode).toBe(401);
    expect((await get()).preset).toBe('ojk-bank');
  });

  it.each([
    [
      'bounds that do not rise',
      {
        ...preset('ojk-bank'),
        bands: [
          { kelas: 1, sampai_hari: 30 },
          { kelas: 2, sampai_hari: 30 },
          { kelas: 5, sampai_hari: null },
        ],
      },
      'Batas hari harus naik berurutan',
    ],
    [
      'a bounded Macet',
      {
        ...preset('ojk-bank'),
        bands: [
          { kelas: 1, sampai_hari: 0 },
          { kelas: 5, sampai_hari: 10 },
        ],
      },
      'Golongan Macet tidak punya batas atas',
    ],
    [
      'a class out of range',
      {
        ...preset('ojk-bank'),
        bands: [
          { kelas: 1, sampai_hari: 0 },
          { kelas: 6, sampai_hari: null },
        ],
      },
      'Golongan harus 1 sampai 5',
    ],
    [
      'a provision over 100 %',
      { ...preset('ojk-bank'), ppap_persen: { 1: 0.5, 2: 3, 3: 10, 4: 50, 5: 120 } },
      'Persentase PPAP harus angka 0 sampai 100',
    ],
    ['a missing provision', { ...preset('ojk-bank'), ppap_persen: { 1: 0.5, 2: 3 } }, 'Persentase PPAP harus angka 0 sampai 100'],
    [
      'no grade rule',
      { bands: preset('ojk-bank').bands, ppap_persen: preset('ojk-bank').ppap_persen },
      'Pilihan satu nasabah satu kualitas harus ya atau tidak',
    ],
  ])('refuses %s with a field error, and keeps the setting', async (_name, payload, message) => {
    const res = await put(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { msg: string }) => e.msg)).toContain(message);
    expect((await get()).preset).toBe('ojk-bank');
  });

  it('stores a preset, logs who changed it, and classifies every loan again', async () => {
    const res = await put(preset('kspps'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Pengaturan kolektibilitas disimpan. Kolektibilitas semua pinjaman sedang dihitung ulang.');
    await t.app.ledgerJob.idle();
    const body = await get();
    expect(body).toMatchObject({ preset: 'kspps', diubah_oleh: 'Administrator' });
    expect(body.diubah_pada).not.toBeNull();
    // KSPPS: up to 90 days Lancar, 91–180 Kurang Lancar.
    expect([await classOf(ids.late), await classOf(ids.current), await classOf(ids.dpk)]).toEqual([3, 1, 1]);
    expect(await activityDescriptions(t.app.db, 'pengaturan.kolektibilitas')).toEqual([
      'Pengaturan kolektibilitas diubah (Koperasi syariah (KSPPS, tanpa DPK))',
    ]);
  });

  it('gives every loan of a customer the worst class with "one customer, one grade", at once on every write', async () => {
    expect((await put(preset('bprs'))).statusCode).toBe(200);
    await t.app.ledgerJob.idle();
    // Budi's current loan takes the grade of his loan 107 days late; Siti's alone keeps its own.
    expect([await classOf(ids.late), await classOf(ids.current), await classOf(ids.dpk)]).toEqual([3, 3, 2]);
    expect(await jadwalClass(ids.current)).toBe(3);
    expect(await jadwalClass(ids.dpk)).toBe(2);

    // Budi pays off the late loan: in the same request, his other loan is graded by itself again.
    const paid = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: { pinjaman_id: ids.late, tanggal: '2024-06-15', jumlah: 13_440_000, jenis: 'pelunasan' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await classOf(ids.current)).toBe(1);

    // A third loan of Budi's, 14 days late, makes both running loans DPK; deleting it undoes that.
    ids.other = (
      await postLoan(
        t,
        (await t.app.db.selectFrom('pinjaman').select('nasabah_id').where('id', '=', ids.current).executeTakeFirstOrThrow())
          .nasabah_id,
        {
          nomor_pinjaman: 'OTHER',
          urutan_pinjaman: 3,
          tanggal_pinjam: '2024-05-01',
        },
      )
    ).id;
    expect([await classOf(ids.current), await classOf(ids.other)]).toEqual([2, 2]);
    expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${ids.other}` })).statusCode).toBe(200);
    expect(await classOf(ids.current)).toBe(1);

    // Back to OJK's classes: every loan by its own days again.
    expect((await put(preset('ojk-bank'))).statusCode).toBe(200);
    await t.app.ledgerJob.idle();
    expect([await classOf(ids.current), await classOf(ids.dpk)]).toEqual([1, 2]);
  });
});
