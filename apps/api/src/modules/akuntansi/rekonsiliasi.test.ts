/**
 * The daily reconciliation of the books (issue 48 item 5), on PGlite and PostgreSQL. After the
 * money moved every way it can through the API (loans, instalments, a settlement, a payment
 * cancelled, a ta'zir collected and given out, a write-off and a recovery, a Mudharabah), every
 * check holds to the rupiah and ties to the loans' own figures; a balanced but wrong journal
 * (money moved from the receivable to cash) makes exactly the receivable check report it, in the
 * API and in /metrics. The job's rules: once a day, one run for two calls, a stopped run runs
 * again, the day is yesterday in Jakarta (at its midnight, at a month's end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZERO_PARTS, type Rekonsiliasi } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createKasir, createManajer, decideRequest, postLoan, postNasabah, postPayment } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { deleteRun } from '../../db/job-runs';
import { REKONSILIASI_JOB, runDailyReconciliation } from './rekonsiliasi.service';

const TOKEN = 'metrics-token-rekonsiliasi-123';
// 10:00 WIB, 1 March 2025: yesterday, the day the daily job reconciles, is 28 February.
const clock = manualClock(new Date('2025-03-01T03:00:00Z'));
const YESTERDAY = '2025-02-28';
let t: TestApp;
let kasir: { id: number; token: string };
let manajer: { id: number; token: string };
let nasabahId: number;

const latest = async (token?: string) => {
  const res = await t.request({ method: 'GET', url: '/api/akuntansi/rekonsiliasi', ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Rekonsiliasi | null;
};
const runNow = async (payload: Record<string, unknown> = {}) => {
  const res = await t.request({ method: 'POST', url: '/api/akuntansi/rekonsiliasi', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Rekonsiliasi;
};
const daily = (tanggal = YESTERDAY, batch = 2) => runDailyReconciliation(t.app.db, tanggal, { kind: t.app.dbKind, batch });
const check = (run: Rekonsiliasi, cek: string) => run.cek.find((c) => c.cek === cek)!;
const dailyRuns = async (tanggal: string) =>
  (
    await t.app.db
      .selectFrom('rekonsiliasi_buku')
      .select('id')
      .where('tanggal', '=', tanggal)
      .where('dijalankan_oleh', 'is', null)
      .execute()
  ).length;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN }, { clock });
  // The start-up run of the daily job (an empty book) is done before the tests move money.
  await t.app.ledgerJob.idle();
  kasir = await createKasir(t);
  manajer = await createManajer(t);
  nasabahId = await postNasabah(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the reconciliation after the money moved every way', () => {
  it('finds every check held, the receivable, tangguhan, financing and fund tied to the loans’ own figures', async () => {
    // Instalments, one cancelled (a reversal).
    const a = await postLoan(t, nasabahId, { nomor_pinjaman: 'R-1', tanggal_pinjam: '2024-06-15' });
    await postPayment(t, a.id, { tanggal: '2024-07-15', angsuran_ke: 1 });
    const cancelled = await postPayment(t, a.id, { tanggal: '2024-08-15', angsuran_ke: 2 });
    expect((await t.request({ method: 'DELETE', url: `/api/pembayaran/${cancelled.id}` })).statusCode).toBe(200);
    // A settlement (the months not begun not charged).
    const b = await postLoan(t, nasabahId, { nomor_pinjaman: 'R-2', tanggal_pinjam: '2024-10-15' });
    await postPayment(t, b.id, { tanggal: '2024-11-15', angsuran_ke: 1 });
    const settled = await t.request({
      method: 'POST',
      url: `/api/pinjaman/${b.id}/pelunasan`,
      payload: { tanggal: '2025-02-20' },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    // A ta'zir agreed, a late instalment, the ta'zir collected, part of the fund given out.
    const tazirOn = { aktif: true, jumlah: 50_000, tenggang_hari: 7 };
    expect((await t.request({ method: 'PUT', url: '/api/settings/tazir', payload: tazirOn })).statusCode).toBe(200);
    const c = await postLoan(t, nasabahId, { nomor_pinjaman: 'R-3', tanggal_pinjam: '2024-12-15' });
    await postPayment(t, c.id, { tanggal: '2025-01-30', angsuran_ke: 1 });
    const proposals = (await t.request({ method: 'GET', url: `/api/tazir?pinjaman_id=${c.id}` })).json().data as { id: number }[];
    expect(proposals).toHaveLength(1);
    const collected = await t.request({
      method: 'POST',
      url: `/api/tazir/${proposals[0]!.id}/tetapkan`,
      token: kasir.token,
      payload: { catatan: 'Terlambat tanpa uzur', diterima: true, tanggal_terima: '2025-02-03' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const given = await t.request({
      method: 'POST',
      url: '/api/dana-kebajikan',
      payload: { tanggal: '2025-02-10', jumlah: 20_000, tujuan: 'Santunan anak yatim', penerima: 'Panti Asuhan Al-Ikhlas' },
    });
    expect(given.statusCode, given.body).toBe(201);
    // Written off at kolektibilitas 5 (two instalments paid, nothing since April 2024), then a recovery.
    const d = await postLoan(t, nasabahId, { nomor_pinjaman: 'R-4', tanggal_pinjam: '2024-01-15' });
    for (const k of [1, 2]) await postPayment(t, d.id, { tanggal: `2024-0${k + 1}-15`, angsuran_ke: k });
    const proposed = await t.request({
      method: 'POST',
      url: `/api/pinjaman/${d.id}/hapus-buku`,
      payload: { alasan: 'Usaha tutup' },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await decideRequest(t, proposed.json().data.id, 'setujui', { token: manajer.token })).statusCode).toBe(200);
    await postPayment(t, d.id, { tanggal: '2025-03-01', angsuran_ke: 3, jumlah: 500_000 });
    // A Mudharabah: profit share and part of the capital returned.
    const e = await postLoan(t, nasabahId, {
      nomor_pinjaman: 'R-5',
      tipe: 'non-pokok',
      durasi_angsuran: null,
      tanggal_pinjam: '2024-09-01',
    });
    await postPayment(t, e.id, { jenis: 'bagi_hasil', angsuran_ke: null, tanggal: '2024-10-01', jumlah: 240_000 });
    await postPayment(t, e.id, { jenis: 'pokok', angsuran_ke: null, tanggal: '2024-12-01', jumlah: 2_000_000 });

    const run = await runNow();
    expect(run).toMatchObject({ tanggal: '2025-03-01', cocok: true, dijalankan_oleh: 'Administrator' });
    expect(run.cek.map((c) => [c.cek, c.cocok, c.selisih])).toEqual([
      ['piutang_murabahah', true, 0],
      ['margin_tangguhan', true, 0],
      ['pembiayaan_mudharabah', true, 0],
      ['dana_kebajikan', true, 0],
      ['neraca_seimbang', true, 0],
      ['saldo_harian', true, 0],
      ['saldo_bulanan', true, 0],
      ['mutasi_tanpa_jurnal', true, 0],
    ]);
    // What the money says is what the loans owe, read from the loans themselves (a loan written
    // off is owed by its customer but held off the books).
    const loans = await t.app.db
      .selectFrom('pinjaman')
      .select(['tipe', 'status', 'sisa_pokok', 'sisa_margin'])
      .where('deleted_at', 'is', null)
      .execute();
    const onBooks = loans.filter((l) => l.status !== 'hapus_buku');
    const murabahah = onBooks.filter((l) => l.tipe === 'pokok');
    expect(check(run, 'piutang_murabahah')).toMatchObject({
      akun_kode: '1201',
      akun_nama: 'Piutang Murabahah',
      seharusnya: murabahah.reduce((s, l) => s + l.sisa_pokok + l.sisa_margin, 0),
    });
    expect(check(run, 'piutang_murabahah').seharusnya).toBeGreaterThan(0);
    expect(check(run, 'margin_tangguhan').seharusnya).toBe(murabahah.reduce((s, l) => s + l.sisa_margin, 0));
    expect(check(run, 'pembiayaan_mudharabah').seharusnya).toBe(10_000_000);
    expect(check(run, 'dana_kebajikan')).toMatchObject({ akun_kode: '2201', seharusnya: 30_000, tercatat: 30_000 });
    expect(loans.find((l) => l.status === 'hapus_buku')?.sisa_pokok).toBeGreaterThan(0);
    expect(await latest()).toEqual(run);
  });

  it('holds after a checked role is remapped: the role’s figure is the balance of every account it went to', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/akuntansi/akun',
      payload: { kode: '1203', nama: 'Piutang Murabahah Usaha Mikro', kelompok: 'aset' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const chart = added.json().data as { id: number; kode: string }[];
    const idOf = (kode: string) => chart.find((a) => a.kode === kode)!.id;
    const remap = (kode: string) =>
      t.request({ method: 'PUT', url: '/api/akuntansi/peran', payload: { peran: 'piutang_murabahah', akun_id: idOf(kode) } });
    expect((await remap('1203')).statusCode).toBe(200);
    try {
      // A new loan and an instalment after the remap: the receivable is now on 1201 and 1203 both.
      const c = await postLoan(t, nasabahId, { nomor_pinjaman: 'R-MAP', tanggal_pinjam: '2024-12-15' });
      await postPayment(t, c.id, { tanggal: '2025-01-15', angsuran_ke: 1 });
      const run = await runNow();
      expect(run.cek.filter((x) => !x.cocok)).toEqual([]);
      expect(check(run, 'piutang_murabahah')).toMatchObject({ akun_kode: '1203', cocok: true });
    } finally {
      expect((await remap('1201')).statusCode).toBe(200);
    }
  });

  it('is the daily job’s as of yesterday, once: a second call does nothing', async () => {
    // The day was reconciled at start, on an empty book; forgotten, it runs again.
    await deleteRun(t.app.db, REKONSILIASI_JOB, YESTERDAY);
    const before = await dailyRuns(YESTERDAY);
    const first = await daily();
    expect(first.outcome).toBe('done');
    expect(await daily()).toEqual({ outcome: 'already', id: null });
    expect(await dailyRuns(YESTERDAY)).toBe(before + 1);
    const run = (await latest())!;
    expect(run).toMatchObject({ id: first.id, tanggal: YESTERDAY, cocok: true, dijalankan_oleh: null });
    // The recovery of 1 March is after the day: the fund and the receivable as they stood.
    expect(check(run, 'dana_kebajikan').seharusnya).toBe(30_000);
  });

  it('runs once for two calls at the same time', async () => {
    await deleteRun(t.app.db, REKONSILIASI_JOB, YESTERDAY);
    const before = await dailyRuns(YESTERDAY);
    const outcomes = (await Promise.all([daily(), daily()])).map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already' || o === 'busy')).toHaveLength(1);
    expect(await dailyRuns(YESTERDAY)).toBe(before + 1);
  });

  it('stores nothing of a run stopped before its end, and runs the day again', async () => {
    await deleteRun(t.app.db, REKONSILIASI_JOB, YESTERDAY);
    const before = await dailyRuns(YESTERDAY);
    const stopped = new AbortController();
    stopped.abort();
    const cut = await runDailyReconciliation(t.app.db, YESTERDAY, { kind: t.app.dbKind, batch: 2, signal: stopped.signal });
    expect(cut).toEqual({ outcome: 'busy', id: null });
    expect(await dailyRuns(YESTERDAY)).toBe(before);
    expect((await daily()).outcome).toBe('done');
    expect(await dailyRuns(YESTERDAY)).toBe(before + 1);
  });

  it('is read by administrators and managers, run by administrators only, never for a day after today', async () => {
    expect((await latest(manajer.token))?.cocok).toBe(true);
    const byKasir = await t.request({ method: 'GET', url: '/api/akuntansi/rekonsiliasi', token: kasir.token });
    expect(byKasir.statusCode).toBe(403);
    expect(byKasir.json().message).toBe('Hanya admin dan manajer yang dapat melihat pembukuan');
    const byManajer = await t.request({ method: 'POST', url: '/api/akuntansi/rekonsiliasi', token: manajer.token, payload: {} });
    expect(byManajer.statusCode).toBe(403);
    expect(byManajer.json().message).toBe('Hanya admin yang dapat menjalankan rekonsiliasi pembukuan');
    const future = await t.request({ method: 'POST', url: '/api/akuntansi/rekonsiliasi', payload: { tanggal: '2025-03-02' } });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ path: 'tanggal', msg: 'Tanggal rekonsiliasi tidak boleh setelah hari ini' }]);
    expect((await runNow({ tanggal: '2024-12-31' })).tanggal).toBe('2024-12-31');
  });
});

describe('a book that does not reconcile', () => {
  it('reports exactly the receivable’s difference, in the API and in /metrics', async () => {
    const before = (await runNow()).cek;
    // A balanced journal, as the database allows one: 1.000.000 moved from the receivable to cash.
    const akun = async (kode: string) =>
      (await t.app.db.selectFrom('akun').select('id').where('kode', '=', kode).executeTakeFirstOrThrow()).id;
    const [kas, piutang] = [await akun('1101'), await akun('1201')];
    await t.app.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('jurnal')
        .values({ tanggal: '2025-02-27', sumber: 'umum', keterangan: 'Koreksi keliru' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('jurnal_baris')
        .values([
          { jurnal_id: id, akun_id: kas, tanggal: '2025-02-27', debit: 1_000_000 },
          { jurnal_id: id, akun_id: piutang, tanggal: '2025-02-27', kredit: 1_000_000 },
        ])
        .execute();
    });

    const run = await runNow();
    expect(run.cocok).toBe(false);
    expect(run.cek.filter((c) => !c.cocok)).toEqual([
      {
        cek: 'piutang_murabahah',
        label: 'Piutang Murabahah = sisa kewajiban nasabah Murabahah',
        satuan: 'rupiah',
        akun_kode: '1201',
        akun_nama: 'Piutang Murabahah',
        seharusnya: check({ cek: before } as Rekonsiliasi, 'piutang_murabahah').seharusnya,
        tercatat: check({ cek: before } as Rekonsiliasi, 'piutang_murabahah').tercatat - 1_000_000,
        selisih: -1_000_000,
        cocok: false,
      },
    ]);
    // The daily job of yesterday finds it too (the journal is dated before it).
    await deleteRun(t.app.db, REKONSILIASI_JOB, YESTERDAY);
    expect((await daily()).outcome).toBe('done');
    const job = (await latest())!;
    expect(job.cek.filter((c) => !c.cocok).map((c) => [c.cek, c.selisih])).toEqual([['piutang_murabahah', -1_000_000]]);

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines).toContain('mizan_rekonsiliasi_selisih_rupiah{cek="piutang_murabahah"} 1000000');
    expect(lines).toContain('mizan_rekonsiliasi_selisih_rupiah{cek="margin_tangguhan"} 0');
    expect(lines).toContain('mizan_rekonsiliasi_cocok 0');
    expect(lines).toContain('mizan_rekonsiliasi_mutasi_tanpa_jurnal 0');
    const ran = lines.find((l) => l.startsWith('mizan_rekonsiliasi_last_run_timestamp_seconds '));
    expect(Number(ran?.split(' ')[1]) * 1000).toBeCloseTo(Date.parse(job.dijalankan_pada), -3);
  });

  it('counts a money event without its journal, never one whose journal would have no line', async () => {
    const { id: pinjamanId } = await t.app.db.selectFrom('pinjaman').select('id').orderBy('id').executeTakeFirstOrThrow();
    // As a writer that forgot the books: a ta'widh received (Dr Kas / Cr Pendapatan Ta'widh), and an
    // adjustment that moved nothing the books hold (no journal, rightly).
    await t.app.db
      .insertInto('mutasi_pinjaman')
      .values([
        { ...ZERO_PARTS, pinjaman_id: pinjamanId, jenis: 'tawidh', tanggal: '2025-02-26', kas: 150_000, lain: 150_000 },
        { ...ZERO_PARTS, pinjaman_id: pinjamanId, jenis: 'penyesuaian', tanggal: '2025-02-26' },
      ])
      .execute();
    await deleteRun(t.app.db, REKONSILIASI_JOB, YESTERDAY);
    expect((await daily()).outcome).toBe('done');
    const job = (await latest())!;
    expect(check(job, 'mutasi_tanpa_jurnal')).toMatchObject({ satuan: 'mutasi', seharusnya: 0, tercatat: 1, selisih: 1 });
    // The receivable's difference of the wrong journal stays; nothing else moved.
    expect(job.cek.filter((c) => !c.cocok).map((c) => c.cek)).toEqual(['piutang_murabahah', 'mutasi_tanpa_jurnal']);
    expect((await runNow()).cek.find((c) => c.cek === 'mutasi_tanpa_jurnal')?.tercatat).toBe(1);
  });
});

describe('the day the daily job reconciles', () => {
  it.each([
    ['at Jakarta’s midnight, the day that just ended', '2024-06-30T17:00:00Z', '2024-06-30'],
    ['a second before it, the day before that', '2024-06-30T16:59:59Z', '2024-06-29'],
    ['on the first of a month, the month’s end', '2024-03-01T02:00:00Z', '2024-02-29'],
  ])('%s', async (_label, now, tanggal) => {
    clock.set(new Date(now));
    try {
      t.app.ledgerJob.rerunToday();
      await t.app.ledgerJob.idle();
      expect((await latest())?.tanggal).toBe(tanggal);
      expect(await dailyRuns(tanggal)).toBe(1);
    } finally {
      clock.set(new Date('2025-03-01T03:00:00Z'));
    }
  });
});
