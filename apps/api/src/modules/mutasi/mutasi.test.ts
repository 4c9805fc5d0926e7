import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatRupiah, partsAreZero, todayJakarta, type Mutasi } from '@mizan/core';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, forgetMoneyEvents, type TestApp } from '../../test/test-app';
import { decideRequest, loanPayload, paymentPayload, postLoan, postNasabah, postPayment } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { deleteRuns } from '../../db/job-runs';
import { BACKFILL_JOB, backfillLoanEvents, eventsAgree, livingPaymentsOf, paymentsAndPostedOf } from './mutasi.service';
import { postedOf } from './mutasi.repository';

// The one writer of money (issue 47): every money write posts immutable events that add up to the
// loan's stored position; corrections are reversals. The specification's Murabahah: Rp 12.000.000
// at 2 % a month for 12 months, instalments of Rp 1.240.000 (1.000.000 principal + 240.000 margin).

const clock = manualClock(new Date('2024-06-20T03:00:00Z'));
const TODAY = '2024-06-20';
let t: TestApp;
let nasabahId: number;
let counter = 0;

const loan = async (fields: Record<string, unknown> = {}) => {
  counter += 1;
  return (await postLoan(t, nasabahId, { nomor_pinjaman: `MU-${counter}`, urutan_pinjaman: counter, ...fields })).id;
};
const instalments = new Map<number, number>();
/** Records an instalment (the loan's next number unless given). */
const pay = async (pinjamanId: number, fields: Record<string, unknown> = {}) => {
  const next = (instalments.get(pinjamanId) ?? 0) + 1;
  instalments.set(pinjamanId, next);
  return (await postPayment(t, pinjamanId, { angsuran_ke: next, ...fields })).id;
};
const mutasi = async (pinjamanId: number) => {
  const res = await t.request({ method: 'GET', url: `/api/pinjaman/${pinjamanId}/mutasi` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { mutasi: Mutasi[]; sisa_pokok: number; sisa_margin: number };
};
const stored = (pinjamanId: number) =>
  t.app.db.selectFrom('pinjaman').select(['sisa_pokok', 'sisa_margin']).where('id', '=', pinjamanId).executeTakeFirstOrThrow();
const pick = (m: Mutasi) => [m.jenis, m.kas, m.pokok, m.margin];

/** The events of every loan of the database add up to its position, part by part. */
async function everyLoanAgrees() {
  const ids = await t.app.db.selectFrom('pinjaman').select('id').execute();
  for (const { id } of ids) {
    const { selisih } = await eventsAgree(t.app.db, id, TODAY);
    expect(partsAreZero(selisih), `pinjaman ${id}: ${JSON.stringify(selisih)}`).toBe(true);
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  nasabahId = await postNasabah(t);
});
afterAll(() => t.close());

describe('events of the payment writes', () => {
  it('the akad and an instalment: 1.240.000 = 1.000.000 principal + 240.000 margin; the events add up to the stored balances', async () => {
    const id = await loan();
    await pay(id, { angsuran_ke: 1 });
    const m = await mutasi(id);
    expect(m.mutasi.map((e) => [e.jenis, e.tanggal, e.kas, e.pokok_akad, e.margin_akad, e.pokok, e.margin])).toEqual([
      ['akad', '2024-01-31', -12_000_000, 12_000_000, 2_880_000, 0, 0],
      ['pembayaran', '2024-02-29', 1_240_000, 0, 0, 1_000_000, 240_000],
    ]);
    expect(m.mutasi[1]).toMatchObject({
      angsuran_ke: 1,
      pembayaran_jenis: 'angsuran',
      dicatat_oleh: 'Administrator',
      diturunkan: false,
    });
    expect([m.sisa_pokok, m.sisa_margin]).toEqual([11_000_000, 2_640_000]);
    expect(await stored(id)).toEqual({ sisa_pokok: 11_000_000, sisa_margin: 2_640_000 });
  });

  it('a correction reverses the payment’s event and posts the new one; a cancellation reverses it; nothing is rewritten', async () => {
    const id = await loan();
    const paymentId = await pay(id);
    const put = await t.request({
      method: 'PUT',
      url: `/api/pembayaran/${paymentId}`,
      payload: paymentPayload(id, { jumlah: 620_000 }),
    });
    expect(put.statusCode, put.body).toBe(200);
    let m = await mutasi(id);
    expect(m.mutasi.map(pick)).toEqual([
      ['akad', -12_000_000, 0, 0],
      ['pembayaran', 1_240_000, 1_000_000, 240_000],
      ['pembalikan', -1_240_000, -1_000_000, -240_000],
      // Half an instalment carries half its margin (PSAK 102 proportional).
      ['pembayaran', 620_000, 500_000, 120_000],
    ]);
    expect(m.mutasi[2]).toMatchObject({ membalik_id: m.mutasi[1]!.id, alasan: 'Pembayaran dikoreksi', tanggal: '2024-02-29' });
    expect(m.mutasi[1]!.dibalik_oleh).toBe(m.mutasi[2]!.id);
    expect(await stored(id)).toEqual({ sisa_pokok: m.sisa_pokok, sisa_margin: m.sisa_margin });

    const del = await t.request({ method: 'DELETE', url: `/api/pembayaran/${paymentId}` });
    expect(del.statusCode, del.body).toBe(200);
    m = await mutasi(id);
    expect(m.mutasi.map(pick).slice(4)).toEqual([['pembalikan', -620_000, -500_000, -120_000]]);
    expect(m.mutasi[4]).toMatchObject({ membalik_id: m.mutasi[3]!.id, alasan: 'Pembayaran dihapus' });
    // Back to the akad exactly.
    expect([m.sisa_pokok, m.sisa_margin]).toEqual([12_000_000, 2_880_000]);
    expect(await stored(id)).toEqual({ sisa_pokok: 12_000_000, sisa_margin: 2_880_000 });
  });

  it('cancelling an earlier instalment moves the later one to the first instalment: the opposite, then one adjustment', async () => {
    // Under the annuity method an instalment's margin depends on which instalment it pays.
    const setting = await t.request({
      method: 'PUT',
      url: '/api/settings/pendapatan',
      payload: { metode_pengakuan_margin: 'anuitas' },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    try {
      const id = await loan();
      // Payments that name no instalment fill the oldest one not paid.
      const first = await pay(id, { tanggal: '2024-02-29', jenis: 'pokok', angsuran_ke: null });
      await pay(id, { tanggal: '2024-03-31', jenis: 'pokok', angsuran_ke: null });
      const del = await t.request({ method: 'DELETE', url: `/api/pembayaran/${first}` });
      expect(del.statusCode, del.body).toBe(200);
      const m = await mutasi(id);
      expect(m.mutasi.map((e) => e.jenis)).toEqual(['akad', 'pembayaran', 'pembayaran', 'pembalikan', 'penyesuaian']);
      const [, firstEvent, secondEvent, reversal, adjustment] = m.mutasi;
      expect(reversal!.margin).toBe(-firstEvent!.margin);
      // The second payment now pays instalment 1 and carries its margin: the adjustment is the difference.
      expect(adjustment!.margin).toBe(firstEvent!.margin - secondEvent!.margin);
      expect(adjustment).toMatchObject({ kas: 0, alasan: 'Alokasi ulang pembayaran lain setelah koreksi' });
      expect(await stored(id)).toEqual({ sisa_pokok: m.sisa_pokok, sisa_margin: m.sisa_margin });
    } finally {
      await t.request({ method: 'PUT', url: '/api/settings/pendapatan', payload: { metode_pengakuan_margin: 'proporsional' } });
    }
  });

  it('a payment moved to another loan is reversed on the first and posted on the second', async () => {
    const a = await loan();
    const b = await loan();
    const paymentId = await pay(a);
    const put = await t.request({ method: 'PUT', url: `/api/pembayaran/${paymentId}`, payload: paymentPayload(b) });
    expect(put.statusCode, put.body).toBe(200);
    expect((await mutasi(a)).mutasi.map((e) => e.jenis)).toEqual(['akad', 'pembayaran', 'pembalikan']);
    expect((await mutasi(b)).mutasi.map(pick)).toEqual([
      ['akad', -12_000_000, 0, 0],
      ['pembayaran', 1_240_000, 1_000_000, 240_000],
    ]);
    expect((await stored(a)).sisa_pokok).toBe(12_000_000);
    expect((await stored(b)).sisa_pokok).toBe(11_000_000);
  });

  it('a settlement with khasm posts what was paid and what was not charged; a deleted loan is taken back to zero', async () => {
    const id = await loan({ tanggal_pinjam: '2024-01-15', jumlah: 100_000_000, persentase: 1 });
    for (let k = 1; k <= 5; k += 1) await pay(id, { tanggal: `2024-0${k + 1}-15`, jumlah: 9_333_333, angsuran_ke: k });
    const res = await t.request({
      method: 'POST',
      url: `/api/pinjaman/${id}/pelunasan`,
      payload: { tanggal: TODAY, khasm: { jenis: 'nominal', nilai: 100_000 }, alasan_khasm: 'tepat_waktu' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = await mutasi(id);
    const settlement = m.mutasi.at(-1)!;
    expect(settlement.jenis).toBe('pelunasan');
    expect(settlement.alasan).toContain('potongan Rp 100.000');
    expect(settlement.margin_dibebaskan).toBeGreaterThan(100_000);
    expect([m.sisa_pokok, m.sisa_margin]).toEqual([0, 0]);

    // The schedule shows what was paid and what the settlement did not charge, not every instalment paid in full.
    const cash = 5 * 9_333_333 + settlement.kas;
    const lines = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` })).json().data.angsuran as {
      jumlah: number;
      terbayar: number;
      tidak_ditagih: number;
      status: string;
    }[];
    const total = (key: 'jumlah' | 'terbayar' | 'tidak_ditagih') => lines.reduce((s, l) => s + l[key], 0);
    expect(total('terbayar')).toBe(cash);
    expect(total('tidak_ditagih')).toBe(settlement.margin_dibebaskan);
    expect(total('terbayar') + total('tidak_ditagih')).toBe(total('jumlah'));
    expect(lines.every((l) => l.status === 'lunas')).toBe(true);
    const pdf = await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Ditutup dengan pelunasan');
    expect(text).toContain(`Tidak ditagih ${formatRupiah(settlement.margin_dibebaskan)}`);

    const del = await t.request({ method: 'DELETE', url: `/api/pinjaman/${id}` });
    expect(del.statusCode, del.body).toBe(200);
    const events = await t.app.db.selectFrom('mutasi_pinjaman').selectAll().where('pinjaman_id', '=', id).orderBy('id').execute();
    expect(events.at(-1)).toMatchObject({ jenis: 'pembatalan', alasan: 'Pinjaman dihapus' });
    const totals = await sql<{ kas: number; pokok_akad: number }>`
      select sum(kas)::bigint as kas, sum(pokok_akad)::bigint as pokok_akad from mutasi_pinjaman where pinjaman_id = ${id}`.execute(
      t.app.db,
    );
    expect(totals.rows[0]).toEqual({ kas: 0, pokok_akad: 0 });
    expect((await t.request({ method: 'GET', url: `/api/pinjaman/${id}/mutasi` })).statusCode).toBe(404);
  });

  it('issue 47’s loan paid ahead and settled in month 1: the quote adds up, 240.000 earned, 2.640.000 not charged', async () => {
    const id = await loan();
    await pay(id, { tanggal: '2024-02-10' });
    await pay(id, { tanggal: '2024-02-11' });
    const quote = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/pelunasan?tanggal=2024-02-12` })).json().data.quote;
    expect(quote).toMatchObject({
      pokok_sisa: 9_760_000,
      margin_sisa: 0,
      total_pelunasan: 9_760_000,
      margin_tidak_ditagih: 2_640_000,
    });
    const res = await t.request({ method: 'POST', url: `/api/pinjaman/${id}/pelunasan`, payload: { tanggal: '2024-02-12' } });
    expect(res.statusCode, res.body).toBe(201);
    // The second instalment's 240.000 of margin was for month 2, not begun: principal repaid.
    expect((await mutasi(id)).mutasi.at(-1)).toMatchObject({
      jenis: 'pelunasan',
      kas: 9_760_000,
      pokok: 10_000_000,
      margin: -240_000,
      margin_dibebaskan: 2_640_000,
      pokok_dihapus: 0,
    });
    const posisi = (await t.request({ method: 'GET', url: `/api/pinjaman/${id}/jadwal` })).json().data.posisi;
    expect(posisi).toMatchObject({
      pokok_terbayar: 12_000_000,
      margin_terbayar: 240_000,
      margin_tidak_ditagih: 2_640_000,
      pokok_tidak_tertagih: 0,
      sisa_kewajiban: 0,
    });
  });

  it('a loan waiting for approval has no event until it is approved; then its akad, by the approver', async () => {
    const on = await t.request({
      method: 'PUT',
      url: '/api/settings/persetujuan',
      payload: { pinjaman_baru: true, batas_diskon_persen: 10 },
    });
    expect(on.statusCode, on.body).toBe(200);
    const operator = await t.createUser({
      username: 'operator-mutasi',
      password: 'rahasia-operator-1',
      role: 'operator',
      nama_lengkap: 'Rina Operator',
    });
    let id: number;
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/pinjaman',
        token: operator.token,
        payload: loanPayload(nasabahId, { nomor_pinjaman: 'MU-P', urutan_pinjaman: 99 }),
      });
      expect(res.statusCode, res.body).toBe(201);
      id = res.json().data.id;
    } finally {
      await t.request({
        method: 'PUT',
        url: '/api/settings/persetujuan',
        payload: { pinjaman_baru: false, batas_diskon_persen: 10 },
      });
    }
    expect((await mutasi(id)).mutasi).toEqual([]);
    const request = await t.app.db.selectFrom('persetujuan').select('id').where('pinjaman_id', '=', id).executeTakeFirstOrThrow();
    const decide = await decideRequest(t, request.id, 'setujui', { catatan: null });
    expect(decide.statusCode, decide.body).toBe(200);
    expect((await mutasi(id)).mutasi).toMatchObject([
      { jenis: 'akad', kas: -12_000_000, alasan: 'Pengajuan disetujui', dicatat_oleh: 'Administrator' },
    ]);
  });

  it('answers 404 for an unknown loan and 400 for a bad id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/pinjaman/999999/mutasi' })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/pinjaman/abc/mutasi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/pinjaman/1/mutasi', token: null })).statusCode).toBe(401);
  });

  it('reads a loan’s payments and its events’ sums in one statement as the separate reads give them', async () => {
    const id = await loan();
    await pay(id);
    await pay(id, { tanggal: '2024-03-31', jumlah: 1_000_000 });
    for (const pinjamanId of [id, await loan()]) {
      const together = await t.app.db.transaction().execute((trx) => paymentsAndPostedOf(trx, pinjamanId));
      expect(together.payments).toEqual(await livingPaymentsOf(t.app.db, pinjamanId));
      const posted = (await postedOf(t.app.db, [pinjamanId])).get(pinjamanId)!.parts;
      expect(together.posted).toEqual(posted);
    }
    expect((await livingPaymentsOf(t.app.db, id)).length).toBe(2);
  });

  it('every loan’s events add up to its stored position', everyLoanAgrees);
});

describe('events cannot be changed', () => {
  it('the database refuses an UPDATE or a DELETE of an event, whoever asks', async () => {
    const id = await loan();
    const before = await t.app.db.selectFrom('mutasi_pinjaman').selectAll().where('pinjaman_id', '=', id).execute();
    await expect(sql`update mutasi_pinjaman set kas = 0 where pinjaman_id = ${id}`.execute(t.app.db)).rejects.toThrow(
      'Mutasi pinjaman tidak dapat diubah atau dihapus',
    );
    await expect(sql`delete from mutasi_pinjaman where pinjaman_id = ${id}`.execute(t.app.db)).rejects.toThrow(
      'Mutasi pinjaman tidak dapat diubah atau dihapus',
    );
    expect(await t.app.db.selectFrom('mutasi_pinjaman').selectAll().where('pinjaman_id', '=', id).execute()).toEqual(before);
  });
});

/** Rows of the kept balances that differ from the journal lines' sums per account and day, and per month (both must be 0). */
async function keptBalancesDiffer() {
  const { rows } = await sql<{ harian: number; bulanan: number }>`
    with hari as (select akun_id, tanggal, sum(debit)::bigint as debit, sum(kredit)::bigint as kredit from jurnal_baris group by 1, 2),
    bulan as (select akun_id, date_trunc('month', tanggal)::date as bulan, sum(debit)::bigint as debit, sum(kredit)::bigint as kredit
              from jurnal_baris group by 1, 2)
    select
      (select count(*) from hari h full join saldo_akun_harian s using (akun_id, tanggal)
        where h.debit is distinct from s.debit or h.kredit is distinct from s.kredit)::int as harian,
      (select count(*) from bulan b full join saldo_akun_bulanan s using (akun_id, bulan)
        where b.debit is distinct from s.debit or b.kredit is distinct from s.kredit)::int as bulanan`.execute(t.app.db);
  return rows[0]!;
}

describe('loans recorded before the money events', () => {
  it('the job derives every loan’s events once, resumably; a write to a loan not yet derived derives it first', async () => {
    const a = await loan();
    await pay(a, { tanggal: '2024-02-29' });
    await pay(a, { tanggal: '2024-03-31', jumlah: 620_000 });
    const b = await loan();
    await pay(b);
    // As a database migrated from before the events looks: payments, balances, no events.
    await forgetMoneyEvents(t.app.db);
    await deleteRuns(t.app.db, BACKFILL_JOB);
    expect((await mutasi(a)).mutasi).toEqual([]);

    // A write first: loan b's history is derived, then its new payment posted as it happened.
    await pay(b, { tanggal: '2024-03-31' });
    const mb = (await mutasi(b)).mutasi;
    expect(mb.map((e) => [e.jenis, e.diturunkan, e.pokok])).toEqual([
      ['akad', true, 0],
      ['pembayaran', true, 1_000_000],
      ['pembayaran', false, 1_000_000],
    ]);

    const loans = Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pinjaman where deleted_at is null and status not in ('pending', 'ditolak')`.execute(
          t.app.db,
        )
      ).rows[0]!.n,
    );
    // Two events a statement: the job's statements are sent while it derives the next loans, and
    // its collected balances are added once a batch.
    const linesBefore = await keptBalancesDiffer();
    expect(linesBefore).toEqual({ harian: 0, bulanan: 0 });
    expect(await backfillLoanEvents(t.app.db, todayJakarta(clock.now()), { rows: 2 })).toBe(loans - 1);
    // The balances kept per account and day and per month are exactly the lines' sums (loan b's
    // journals written by the live write's trigger, the others' by the job: none counted twice).
    expect(await keptBalancesDiffer()).toEqual({ harian: 0, bulanan: 0 });
    expect(
      Number((await sql<{ n: number }>`select count(*)::int as n from saldo_akun_harian`.execute(t.app.db)).rows[0]!.n),
    ).toBeGreaterThan(0);
    const ma = await mutasi(a);
    expect(ma.mutasi.map((e) => [e.jenis, e.tanggal, e.kas, e.pokok, e.margin, e.diturunkan])).toEqual([
      ['akad', '2024-01-31', -12_000_000, 0, 0, true],
      ['pembayaran', '2024-02-29', 1_240_000, 1_000_000, 240_000, true],
      ['pembayaran', '2024-03-31', 620_000, 500_000, 120_000, true],
    ]);
    expect([ma.sisa_pokok, ma.sisa_margin]).toEqual([10_500_000, 2_520_000]);
    // Once done it derives nothing again, and nothing was derived twice.
    expect(await backfillLoanEvents(t.app.db, TODAY)).toBe(0);
    expect((await mutasi(b)).mutasi).toHaveLength(3);
    await everyLoanAgrees();
  });
});
