import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PortfolioOverview, PortfolioPosition } from '@mizan/core';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addNasabah, postLoan } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { openPostgres } from '../../db/database';
import { runDailyLedger } from '../ledger/ledger.service';
import { BACKFILL_JOB, backfillMonthEnds } from './portfolio.service';

// GET /api/dashboard/portfolio and the snapshots behind it (issue 23): the portfolio now from the
// loans' stored ledgers, the close of each day recorded by the daily job, and the last 12
// month-ends back-filled from the payment history.

const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
const ids = { A: 0, B: 0, C: 0, D: 0 };

/** Murabahah loans of 12 000 000 at 2 % over 12 months: instalments of 1 240 000, due monthly. */
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  // Registered on the given day (Jakarta): a month-end counts the customers registered by then.
  const customer = async (nama: string, since: string) =>
    (await addNasabah(t, nama, { created_at: new Date(`${since}T08:00:00+07:00`) })).id;
  const budi = await customer('Budi', '2024-01-31');
  const siti = await customer('Siti', '2024-02-01');
  // A: lent 2024-01-31, nothing paid; first due 2024-02-29.
  ids.A = (await postLoan(t, budi, { nomor_pinjaman: 'A' })).id;
  // B: lent 2024-05-01, first due 2024-06-01, paid on time.
  ids.B = (await postLoan(t, siti, { nomor_pinjaman: 'B', tanggal_pinjam: '2024-05-01' })).id;
  await pay(ids.B, '2024-06-01', 1_240_000, 1);
  // C: lent 2024-02-15, paid off on 2024-04-10: in the portfolio at the ends of February and March only.
  ids.C = (await postLoan(t, siti, { nomor_pinjaman: 'C', tanggal_pinjam: '2024-02-15', jumlah: 5_000_000 })).id;
  await pay(ids.C, '2024-04-10', 5_000_000, null, 'pelunasan');
  // D: deleted, never in the portfolio.
  ids.D = (await postLoan(t, siti, { nomor_pinjaman: 'D', tanggal_pinjam: '2024-03-01' })).id;
  expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${ids.D}` })).statusCode).toBe(200);
  // Today's ledgers for every loan (the writes computed them already; the job confirms the day).
  await runDailyLedger(t.app.db, '2024-06-15');
});
afterAll(async () => {
  await t.close();
});

async function pay(pinjamanId: number, tanggal: string, jumlah: number, angsuranKe: number | null, jenis = 'angsuran') {
  const res = await t.request({
    method: 'POST',
    url: '/api/pembayaran',
    payload: { pinjaman_id: pinjamanId, tanggal, jumlah, jenis, angsuran_ke: angsuranKe },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const overview = async () => {
  const res = await t.request({ method: 'GET', url: '/api/dashboard/portfolio' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PortfolioOverview;
};
const perClass = (p: PortfolioPosition) => p.per_kelas.map((c) => [c.jumlah_pinjaman, c.outstanding]);
/** The stored snapshot of a day. */
const snapshotOf = (tanggal: string) =>
  t.app.db.selectFrom('portfolio_snapshots').selectAll().where('tanggal', '=', tanggal).executeTakeFirstOrThrow();

describe('GET /api/dashboard/portfolio', () => {
  it('gives the portfolio now from the stored ledgers, without a month-end before it exists', async () => {
    const body = await overview();
    // A is 107 days past due (class 3, PAR 30); B is current after one instalment of 1 240 000,
    // of which 1 000 000 is principal: its outstanding is the principal left, 11 000 000 (issue 47;
    // not 12 000 000 − 1 240 000, which counted the instalment's margin as principal).
    expect(body.sekarang).toMatchObject({
      tanggal: '2024-06-15',
      jumlah_nasabah: 2,
      pinjaman_aktif: 2,
      nilai_pinjaman_aktif: 24_000_000,
      outstanding: 23_000_000,
      jumlah_pinjaman: 2,
      outstanding_bermasalah: 12_000_000,
      outstanding_par30: 12_000_000,
      npf_gross: 52.17, // 12 000 000 / 23 000 000
      par30: 52.17,
      penagihan_hari: 0,
      penagihan_bulan: 1_240_000,
    });
    expect(perClass(body.sekarang)).toEqual([
      [1, 11_000_000],
      [0, 0],
      [1, 12_000_000],
      [0, 0],
      [0, 0],
    ]);
    // PPAP 0.5 % of 11 000 000 + 10 % of 12 000 000; NPF net = (12 000 000 − 1 200 000) / 23 000 000.
    expect(body.sekarang.ppap_total).toBe(55_000 + 1_200_000);
    expect(body.sekarang.npf_net).toBe(46.96);
    // The test app started on an empty database: nothing was lent then, nothing was back-filled.
    expect(body.akhir_bulan_lalu).toBeNull();
    expect(body.riwayat).toEqual([]);
  });

  it('back-fills the last 12 month-ends from the payment history, resumably, once', async () => {
    // One loan per batch, stopped after the first batch: the next call resumes at the cursor.
    const stop = new AbortController();
    const first = backfillMonthEnds(t.app.db, '2024-06-15', { batch: 1, signal: stop.signal });
    stop.abort();
    expect((await first).outcome).toBe('busy');
    const rest = await backfillMonthEnds(t.app.db, '2024-06-15', { batch: 1 });
    expect(rest.outcome).toBe('done');
    expect(rest.filled).toHaveLength(12);
    expect(await backfillMonthEnds(t.app.db, '2024-06-15')).toMatchObject({ outcome: 'already' });

    const body = await overview();
    expect(body.riwayat.map((p) => p.tanggal)).toEqual([
      '2023-06-30',
      '2023-07-31',
      '2023-08-31',
      '2023-09-30',
      '2023-10-31',
      '2023-11-30',
      '2023-12-31',
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ]);
    const at = (tanggal: string) => body.riwayat.find((p) => p.tanggal === tanggal)!;
    expect(at('2023-12-31')).toMatchObject({ outstanding: 0, jumlah_pinjaman: 0, npf_gross: null, jumlah_nasabah: 0 });
    // End of January: A lent that day, nothing due yet.
    expect(perClass(at('2024-01-31'))[0]).toEqual([1, 12_000_000]);
    expect(at('2024-01-31').jumlah_nasabah).toBe(1);
    // End of February: A's first instalment falls due that day (not late yet); C lent on the 15th.
    expect(at('2024-02-29')).toMatchObject({ outstanding: 17_000_000, jumlah_pinjaman: 2, npf_gross: 0, pinjaman_aktif: 2 });
    // End of March: A 31 days late (DPK, PAR 30), C's first instalment due 03-15 unpaid: 16 days (DPK).
    expect(perClass(at('2024-03-31'))).toEqual([
      [0, 0],
      [2, 17_000_000],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(at('2024-03-31').outstanding_par30).toBe(12_000_000);
    // End of April: C paid off on 04-10; A 61 days late.
    expect(at('2024-04-30')).toMatchObject({ outstanding: 12_000_000, jumlah_pinjaman: 1, penagihan_bulan: 5_000_000 });
    expect(at('2024-04-30').per_kelas[1]).toMatchObject({ jumlah_pinjaman: 1, outstanding: 12_000_000 });
    // End of May (the comparison of the dashboard): A 92 days late, class 3; B lent, nothing due.
    expect(body.akhir_bulan_lalu).toEqual(at('2024-05-31'));
    expect(perClass(at('2024-05-31'))).toEqual([
      [1, 12_000_000],
      [0, 0],
      [1, 12_000_000],
      [0, 0],
      [0, 0],
    ]);
    expect(at('2024-05-31')).toMatchObject({
      npf_gross: 50,
      par30: 50,
      penagihan_bulan: 0,
      pinjaman_aktif: 2,
      jumlah_nasabah: 2,
    });
  });

  it('records the close of a day before the daily job moves the loans to the next one', async () => {
    const paymentId = await pay(ids.A, '2024-06-15', 1_240_000, null, 'pokok');
    const before = (await overview()).sekarang;
    expect(before).toMatchObject({ outstanding: 22_000_000, penagihan_hari: 1_240_000, penagihan_bulan: 2_480_000 });

    clock.set(new Date('2024-06-16T00:06:00+07:00'));
    expect(await runDailyLedger(t.app.db, '2024-06-16')).toMatchObject({ outcome: 'done' });
    const stored = await snapshotOf('2024-06-15');
    expect(stored).toMatchObject({
      jenis: 'harian',
      lengkap: true,
      jumlah_nasabah: 2,
      // B current; A's payment cleared its oldest instalment: now 76 days from 03-31 (DPK).
      outstanding_k1: 11_000_000,
      outstanding_k2: 11_000_000,
      outstanding_k3: 0,
      outstanding_par30: 11_000_000,
      penagihan_hari: 1_240_000,
      penagihan_bulan: 2_480_000,
    });
    // A day recorded once: a second run of the day, or a later change, does not rewrite it.
    await t.request({ method: 'DELETE', url: `/api/pembayaran/${paymentId}` });
    expect(await runDailyLedger(t.app.db, '2024-06-16')).toMatchObject({ outcome: 'already' });
    const again = await snapshotOf('2024-06-15');
    expect(again).toEqual(stored);
    // Today's figures follow the deletion at once; the new day has no collections yet.
    expect((await overview()).sekarang).toMatchObject({ tanggal: '2024-06-16', outstanding: 23_000_000, penagihan_hari: 0 });
  });

  it('keeps the back-fill to one run per month, and asks for a signed-in user', async () => {
    const runs = await t.app.db.selectFrom('job_runs').selectAll().where('job', '=', BACKFILL_JOB).execute();
    expect(runs.map((r) => [r.tanggal, r.finished_at !== null])).toEqual([['2024-05-31', true]]);
    const res = await t.request({ method: 'GET', url: '/api/dashboard/portfolio', token: '' });
    expect(res.statusCode).toBe(401);
  });

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')('back-fills once with two server processes on one PostgreSQL', async () => {
    const filled = (await overview()).riwayat;
    await t.app.db.deleteFrom('portfolio_snapshots').where('jenis', '=', 'susulan').execute();
    await t.app.db.deleteFrom('job_runs').where('job', '=', BACKFILL_JOB).execute();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.app.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const other = await openPostgres(url.toString(), 2);
    try {
      const [a, b] = await Promise.all([
        backfillMonthEnds(t.app.db, '2024-06-15', { batch: 1 }),
        backfillMonthEnds(other.db, '2024-06-15', { batch: 1 }),
      ]);
      // Each batch summed by one of them only: the month-ends are what one process alone made.
      expect(a.processed + b.processed).toBe(3);
      expect([a.outcome, b.outcome]).toContain('done');
      const again = (await overview()).riwayat;
      expect(again.filter((p) => p.tanggal !== '2024-06-15')).toEqual(filled.filter((p) => p.tanggal !== '2024-06-15'));
    } finally {
      await other.close();
    }
  });

  it('on the first day of a month after a server off over its end, compares with that month-end, back-filled', async () => {
    // Off from 2024-06-16 to just after midnight of 2024-07-01 (Jakarta).
    clock.set(new Date('2024-07-01T00:06:00+07:00'));
    expect(await runDailyLedger(t.app.db, '2024-07-01')).toMatchObject({ outcome: 'done' });
    // The close of the last day the server finished is recorded; the month-end it never saw is
    // computed from the payments.
    const kinds = await t.app.db
      .selectFrom('portfolio_snapshots')
      .select(['tanggal', 'jenis'])
      .where('tanggal', '>=', '2024-06-01')
      .execute();
    expect(kinds.map((k) => [k.tanggal, k.jenis]).sort()).toEqual([
      ['2024-06-15', 'harian'],
      ['2024-06-16', 'harian'],
    ]);
    const backfill = await backfillMonthEnds(t.app.db, '2024-07-01');
    expect(backfill).toMatchObject({ outcome: 'done', filled: ['2024-06-30'] });
    const body = await overview();
    expect(body.riwayat.map((p) => p.tanggal)).toHaveLength(12);
    expect(body.riwayat[0]!.tanggal).toBe('2023-07-31');
    // 2024-06-30: A unpaid since 02-29 (122 days, Diragukan; its payment of 06-15 was deleted), B
    // current after its June instalment, C paid off in April; June's collections: B's 1 240 000.
    expect(body.akhir_bulan_lalu).toMatchObject({ tanggal: '2024-06-30', outstanding: 23_000_000, penagihan_bulan: 1_240_000 });
    expect(perClass(body.akhir_bulan_lalu!)).toEqual([
      [1, 11_000_000],
      [0, 0],
      [0, 0],
      [1, 12_000_000],
      [0, 0],
    ]);
    expect(body.sekarang.tanggal).toBe('2024-07-01');
  });

  it('counts a loan declared macet as running, and a month-end stored before issue 47 has no Total Nilai Pinjaman', async () => {
    // A declared macet: still owed, so still in "Pinjaman Aktif" and "Total Nilai Pinjaman" (one
    // count of running loans, the one the outstanding and the classes use).
    await t.app.db.updateTable('pinjaman').set({ status: 'macet' }).where('id', '=', ids.A).execute();
    const now = (await overview()).sekarang;
    expect(now).toMatchObject({ pinjaman_aktif: 2, nilai_pinjaman_aktif: 24_000_000, jumlah_pinjaman: 2 });
    // A month-end row as stored before: it counted aktif loans only (A left out). The migration
    // counts its running loans from its classes and forgets the value it cannot know.
    await t.app.db
      .updateTable('portfolio_snapshots')
      .set({ pinjaman_aktif: 1, nilai_pinjaman_aktif: 12_000_000 })
      .where('tanggal', '=', '2024-06-30')
      .execute();
    const { up } = await import('../../db/migrations/2026_12_04_0920_pinjaman_berjalan');
    await up(t.app.db);
    const body = await overview();
    expect(body.akhir_bulan_lalu).toMatchObject({
      tanggal: '2024-06-30',
      pinjaman_aktif: 2,
      jumlah_pinjaman: 2,
      nilai_pinjaman_aktif: null,
    });
    expect(body.riwayat.every((p) => p.pinjaman_aktif === p.jumlah_pinjaman && p.nilai_pinjaman_aktif === null)).toBe(true);
    await t.app.db.updateTable('pinjaman').set({ status: 'aktif' }).where('id', '=', ids.A).execute();
  });
});
