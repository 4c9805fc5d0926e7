import { beforeEach, describe, expect, it } from 'vitest';
import {
  addMonths,
  autofillPembayaran,
  divRoundHalfUp,
  messages,
  pembayaranSortKeys,
  loanPosition,
  totalPembayaran,
  type Pembayaran,
  type PembayaranDetail,
  type Pinjaman,
  partsAreZero,
  todayJakarta,
} from '@mizan/core';
import { eventsAgree } from '../mutasi/mutasi.service';
import { appPerFile, type TestApp, clearBook } from '../../test/test-app';
import { activityOfType, countRows } from '../../test/rows';
import { addNasabah, paymentPayload, postLoan, postPayment } from '../../test/populate';
import { expectFieldError, expectFieldErrors, pagingRefusals } from '../../test/refusals';
import { angsuranKeConflict, angsuranKeTakenMessage, PINJAMAN_SETTLED, tanggalBeforeLoanMessage } from './pembayaran.service';

const m = messages.pembayaran;

let t: TestApp;
appPerFile((app) => {
  t = app;
});

beforeEach(async () => {
  await clearBook(t.app.db);
});

// ---------------------------------------------------------------------------------------------
// helpers

/** The spec's worked example unless overridden: Rp 12.000.000, 2 %, 12 months, on 2024-01-31. */
async function createLoan(nasabahId: number, overrides: Record<string, unknown> = {}) {
  return postLoan<Pinjaman>(t, nasabahId, { jaminan: 'BPKB motor', ...overrides });
}

const get = (url: string, token?: string | null) => t.request({ method: 'GET', url, ...(token === undefined ? {} : { token }) });
const post = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/pembayaran', payload });
const put = (id: number, payload: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/pembayaran/${id}`, payload });
const del = (id: number) => t.request({ method: 'DELETE', url: `/api/pembayaran/${id}` });

const body = paymentPayload;
const pay = (pinjamanId: number, overrides: Record<string, unknown> = {}) =>
  postPayment<PembayaranDetail>(t, pinjamanId, overrides);

const loanRow = (id: number) =>
  t.app.db
    .selectFrom('pinjaman')
    .select(['sisa_pokok', 'total_pembayaran', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const livingPayments = (pinjamanId: number) =>
  t.app.db
    .selectFrom('pembayaran')
    .select(['id', 'tanggal', 'jumlah', 'jenis', 'angsuran_ke'])
    .where('pinjaman_id', '=', pinjamanId)
    .where('deleted_at', 'is', null)
    .execute();

/** The loan's maintained fields must equal the core formulas over its living payments. */
async function expectBalanceMatchesPayments(loan: Pinjaman) {
  const payments = await livingPayments(loan.id);
  const row = await loanRow(loan.id);
  // The loan's position (core loanPosition, issue 47): principal not yet repaid, never the payments' sum.
  expect(row.sisa_pokok).toBe(loanPosition(loan, payments, '2030-01-01').sisa_pokok);
  expect(row.total_pembayaran).toBe(totalPembayaran(payments));
  return row;
}

// ---------------------------------------------------------------------------------------------

describe('recording instalments through the auto-fill (issue 6 "Done when")', () => {
  it('numbers twelve instalments 1 to 12, totals Rp 14.880.000 and closes the loan by itself', async () => {
    const budi = await addNasabah(t, 'Budi Santoso');
    const loan = await createLoan(budi.id);

    for (let k = 1; k <= 12; k += 1) {
      // What the add dialog does: fetch the earlier payments of the loan, then auto-fill.
      const earlier = (await get(`/api/pembayaran?pinjaman_id=${loan.id}&limit=1000`)).json().data as Pembayaran[];
      const fill = autofillPembayaran(loan, earlier);
      expect(fill.warning).toBeUndefined();
      const payment = await pay(loan.id, { ...fill, tanggal: addMonths(loan.tanggal_pinjam, k) });
      expect(payment.angsuran_ke).toBe(k);
      expect(payment.jenis).toBe('angsuran');
      expect(payment.pinjaman.status).toBe(k < 12 ? 'aktif' : 'lunas');
    }

    const list = (await get(`/api/pembayaran?pinjaman_id=${loan.id}&limit=1000&sortBy=tanggal&sortOrder=asc`)).json()
      .data as Pembayaran[];
    expect(list.map((p) => p.angsuran_ke)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(list.map((p) => p.tanggal)).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
    ]);
    expect(list.every((p) => p.jumlah === 1_240_000)).toBe(true);
    expect(list.reduce((sum, p) => sum + p.jumlah, 0)).toBe(14_880_000);

    const detail = (await get(`/api/pinjaman/${loan.id}`)).json().data as Pinjaman;
    expect(detail).toMatchObject({ status: 'lunas', sisa_pokok: 0, total_pembayaran: 14_880_000 });
    const stats = (await get(`/api/pembayaran/stats?pinjaman_id=${loan.id}`)).json().data;
    expect(stats).toEqual({ total_pembayaran: 12, total_nilai_pembayaran: 14_880_000, avg_pembayaran: 1_240_000 });

    // A thirteenth proposal warns that the durasi is exceeded.
    expect(autofillPembayaran(loan, list).warning).toContain('melebihi durasi angsuran');
  });
});

describe('creating a payment', () => {
  it('answers the detail shape, recomputes the balance and records the activity in the same transaction', async () => {
    const budi = await addNasabah(t, 'Budi Santoso', { nik: '3201123456780001' });
    const loan = await createLoan(budi.id);
    const res = await post(body(loan.id, { keterangan: '  Setoran tunai  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Pembayaran berhasil ditambahkan');
    const payment = res.json().data as PembayaranDetail;
    expect(payment).toMatchObject({
      pinjaman_id: loan.id,
      tanggal: '2024-02-29',
      jumlah: 1_240_000,
      jenis: 'angsuran',
      keterangan: 'Setoran tunai',
      angsuran_ke: 1,
      pinjaman: {
        id: loan.id,
        nomor_pinjaman: 'A001',
        urutan_pinjaman: 1,
        tipe: 'pokok',
        jumlah: 12_000_000,
        persentase: 2,
        durasi_angsuran: 12,
        status: 'aktif',
        tanggal_pinjam: '2024-01-31',
        // Instalment 1 is 1.000.000 principal + 240.000 margin (issue 47: not 10.760.000).
        sisa_pokok: 11_000_000,
        total_pembayaran: 1_240_000,
        nasabah: { id: budi.id, nama: 'Budi Santoso', nik: '3201123456780001', telepon: '081234567890', alamat: 'Jl. Melati 1' },
      },
    });
    expect(new Date(payment.created_at).toISOString()).toBe(payment.created_at);
    await expectBalanceMatchesPayments(loan);

    const activity = await activityOfType(t.app.db, 'pembayaran.create');
    expect(activity).toMatchObject({
      type: 'pembayaran.create',
      category: 'pembayaran',
      amount: 1_240_000,
      entity_id: payment.id,
      description: 'Pembayaran Angsuran ke-1 Rp 1.240.000 dari Budi Santoso dicatat',
    });
    expect(activity.user_id).not.toBeNull();
  });

  it('follows the Mudharabah worked example: bagi hasil does not lower sisa pokok, the principal closes it', async () => {
    const n = await addNasabah(t, 'Sari');
    const loan = await createLoan(n.id, { tipe: 'non-pokok', jumlah: 10_000_000, persentase: 1.5, durasi_angsuran: null });
    const fill = autofillPembayaran(loan, []);
    expect(fill).toEqual({ jenis: 'bagi_hasil', jumlah: 150_000, angsuran_ke: null });
    await pay(loan.id, { ...fill, tanggal: '2024-02-29' });
    await pay(loan.id, { ...fill, tanggal: '2024-03-31' });
    await pay(loan.id, { jenis: 'pokok', jumlah: 4_000_000, angsuran_ke: null, tanggal: '2024-03-31' });
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 6_000_000, total_pembayaran: 4_300_000, status: 'aktif' });
    await pay(loan.id, { jenis: 'pokok', jumlah: 6_000_000, angsuran_ke: null, tanggal: '2024-04-30' });
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 0, total_pembayaran: 10_300_000, status: 'lunas' });
  });

  it('closes a loan at once with a pelunasan, and keeps a status set by hand (macet) until paid off', async () => {
    const n = await addNasabah(t, 'Tono');
    const loan = await createLoan(n.id);
    await t.app.db.updateTable('pinjaman').set({ status: 'macet' }).where('id', '=', loan.id).execute();
    await pay(loan.id, { angsuran_ke: 1 });
    expect((await loanRow(loan.id)).status).toBe('macet');
    const settled = await pay(loan.id, { jenis: 'pelunasan', jumlah: 500_000, angsuran_ke: null, tanggal: '2024-03-01' });
    // Settled: nothing is owed any more (what the settlement did not collect is not principal left).
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 0, total_pembayaran: 1_740_000, status: 'lunas' });
    // Undoing the pelunasan brings back an automatic status: aktif.
    expect((await del(settled.id)).statusCode).toBe(200);
    expect((await loanRow(loan.id)).status).toBe('aktif');
  });

  it('accepts a payment dated on the loan date, and angsuran_ke 0 of another kind as none', async () => {
    const n = await addNasabah(t, 'Wati');
    const loan = await createLoan(n.id);
    const payment = await pay(loan.id, { tanggal: '2024-01-31', jenis: 'bagi_hasil', jumlah: 240_000, angsuran_ke: 0 });
    expect(payment.angsuran_ke).toBeNull();
    expect(payment.tanggal).toBe('2024-01-31');
  });
});

describe('refused payments leave nothing behind', () => {
  async function expectNothingWritten(
    loan: Pinjaman,
    before: Awaited<ReturnType<typeof loanRow>>,
    payments: number,
    activities: number,
  ) {
    expect(await countRows(t.app.db, 'pembayaran')).toBe(payments);
    expect(await countRows(t.app.db, 'activities')).toBe(activities);
    expect(await loanRow(loan.id)).toEqual(before);
  }

  it('refuses invalid fields with every message of spec §5 at once', async () => {
    const n = await addNasabah(t, 'Yusuf');
    const loan = await createLoan(n.id);
    const before = await loanRow(loan.id);
    const activities = await countRows(t.app.db, 'activities');
    const res = await post({ pinjaman_id: '', tanggal: '', jumlah: 0, jenis: '', keterangan: '', angsuran_ke: null });
    expectFieldErrors(res, {
      pinjaman_id: m.pinjamanRequired,
      tanggal: m.tanggalRequired,
      jumlah: m.jumlahPositive,
      jenis: m.jenisRequired,
    });
    const angsuran = await post(body(loan.id, { angsuran_ke: null }));
    expectFieldError(angsuran, 'angsuran_ke', m.angsuranKeRequired);
    expect(angsuran.json().errors[0].msg).toBe('Angsuran ke harus lebih dari 0 untuk jenis angsuran');
    await expectNothingWritten(loan, before, 0, activities);
  });

  it('refuses an unknown or deleted loan with 400 on pinjaman_id', async () => {
    const n = await addNasabah(t, 'Zaki');
    const loan = await createLoan(n.id);
    const gone = await createLoan(n.id, { urutan_pinjaman: 2 });
    expect((await t.request({ method: 'DELETE', url: `/api/pinjaman/${gone.id}` })).statusCode).toBe(200);
    const activities = await countRows(t.app.db, 'activities');
    for (const pinjamanId of [999_999, gone.id]) {
      const res = await post(body(pinjamanId));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: messages.notFound.pinjaman,
        errors: [{ path: 'pinjaman_id', msg: messages.notFound.pinjaman }],
      });
    }
    await expectNothingWritten(loan, await loanRow(loan.id), 0, activities);
  });

  it('refuses a date before the loan date with 400 on tanggal', async () => {
    const n = await addNasabah(t, 'Rina');
    const loan = await createLoan(n.id);
    const before = await loanRow(loan.id);
    const activities = await countRows(t.app.db, 'activities');
    const res = await post(body(loan.id, { tanggal: '2024-01-30' }));
    expectFieldError(res, 'tanggal', tanggalBeforeLoanMessage('2024-01-31'));
    expect(res.json().errors[0].msg).toBe('Tanggal pembayaran tidak boleh sebelum tanggal pinjam (31 Januari 2024)');
    await expectNothingWritten(loan, before, 0, activities);
  });

  it('refuses a duplicate angsuran_ke on the same loan with 409 on angsuran_ke, but not on another loan', async () => {
    const n = await addNasabah(t, 'Dewi');
    const loan = await createLoan(n.id);
    const other = await createLoan(n.id, { urutan_pinjaman: 2 });
    await pay(loan.id, { angsuran_ke: 3 });
    const before = await loanRow(loan.id);
    const activities = await countRows(t.app.db, 'activities');
    const res = await post(body(loan.id, { angsuran_ke: 3, tanggal: '2024-05-01' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: angsuranKeTakenMessage(3),
      errors: [{ path: 'angsuran_ke', msg: 'Angsuran ke-3 untuk pinjaman ini sudah tercatat' }],
    });
    await expectNothingWritten(loan, before, 1, activities);
    // The number is free on another loan, and for another kind of payment on the same loan.
    await pay(other.id, { angsuran_ke: 3 });
    await pay(loan.id, { jenis: 'bagi_hasil', angsuran_ke: 3, jumlah: 240_000 });
    // A deleted instalment frees its number.
    const first = (await get(`/api/pembayaran?pinjaman_id=${loan.id}&jenis=angsuran`)).json().data[0] as Pembayaran;
    await del(first.id);
    await pay(loan.id, { angsuran_ke: 3 });
  });

  it('turns the unique index violation (pembayaran_angsuran_ke_key, 23505) into the same 409', async () => {
    const n = await addNasabah(t, 'Farid');
    const loan = await createLoan(n.id);
    const values = { pinjaman_id: loan.id, tanggal: '2024-02-29', jumlah: 1, jenis: 'angsuran' as const, angsuran_ke: 4 };
    await t.app.db.insertInto('pembayaran').values(values).execute();
    const error = await t.app.db
      .insertInto('pembayaran')
      .values(values)
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ code: '23505' });
    const refusal = angsuranKeConflict(error, 4);
    expect(refusal).toMatchObject({
      statusCode: 409,
      message: angsuranKeTakenMessage(4),
      errors: [{ path: 'angsuran_ke', msg: angsuranKeTakenMessage(4) }],
    });
    expect(angsuranKeConflict(new Error('other'), 4)).toBeNull();
  });

  it('refuses any payment on a loan settled by a pelunasan with 409', async () => {
    const n = await addNasabah(t, 'Eko');
    const loan = await createLoan(n.id);
    await pay(loan.id, { jenis: 'pelunasan', jumlah: 12_000_000, angsuran_ke: null });
    const before = await loanRow(loan.id);
    expect(before.status).toBe('lunas');
    const activities = await countRows(t.app.db, 'activities');
    for (const extra of [
      { angsuran_ke: 2 },
      { jenis: 'pelunasan', angsuran_ke: null },
      { jenis: 'bagi_hasil', angsuran_ke: null },
    ]) {
      const res = await post(body(loan.id, extra));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: PINJAMAN_SETTLED, errors: [{ path: 'pinjaman_id', msg: PINJAMAN_SETTLED }] });
    }
    await expectNothingWritten(loan, before, 1, activities);
  });

  it('still takes a payment on a loan that became lunas through its instalments (a correction)', async () => {
    const n = await addNasabah(t, 'Fajar');
    const loan = await createLoan(n.id, { jumlah: 1_200_000, durasi_angsuran: 1, persentase: 0 });
    await pay(loan.id, { jumlah: 1_200_000 });
    expect((await loanRow(loan.id)).status).toBe('lunas');
    await pay(loan.id, { jenis: 'bagi_hasil', jumlah: 10_000, angsuran_ke: null });
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 0, total_pembayaran: 1_210_000, status: 'lunas' });
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/pembayaran', null)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/pembayaran', payload: {}, token: null })).statusCode).toBe(401);
  });
});

describe('concurrent payments on one loan', () => {
  it('applies 20 simultaneous payments without losing an update', async () => {
    const n = await addNasabah(t, 'Gita');
    const loan = await createLoan(n.id, { jumlah: 50_000_000, durasi_angsuran: 24 });
    const amounts = Array.from({ length: 20 }, (_, i) => 100_000 + i * 1_000);
    const responses = await Promise.all(amounts.map((jumlah, i) => post(body(loan.id, { jumlah, angsuran_ke: i + 1 }))));
    expect(responses.map((r) => r.statusCode)).toEqual(amounts.map(() => 201));
    const sum = amounts.reduce((a, b) => a + b, 0);
    // Every payment counted once: the stored position is core's over all twenty.
    const row = await expectBalanceMatchesPayments(loan);
    expect(row).toMatchObject({ total_pembayaran: sum, status: 'aktif' });
    expect(row.sisa_pokok).toBeLessThan(50_000_000);
    // Each payment's event was written against the events of those before it (read after its lock).
    const { selisih } = await eventsAgree(t.app.db, loan.id, todayJakarta());
    expect(partsAreZero(selisih), JSON.stringify(selisih)).toBe(true);
    expect(await countRows(t.app.db, 'pembayaran')).toBe(20);
    expect(await t.app.db.selectFrom('activities').select('id').where('type', '=', 'pembayaran.create').execute()).toHaveLength(
      20,
    );
  });

  it('lets exactly one of five simultaneous payments take the same angsuran_ke', async () => {
    const n = await addNasabah(t, 'Hana');
    const loan = await createLoan(n.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(body(loan.id, { angsuran_ke: 7 }))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().errors[0].path).toBe('angsuran_ke');
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 11_000_000, total_pembayaran: 1_240_000, status: 'aktif' });
  });

  it('keeps both balances exact when payments move between two loans while others are recorded', async () => {
    const n = await addNasabah(t, 'Iwan');
    const a = await createLoan(n.id, { jumlah: 20_000_000, durasi_angsuran: 24 });
    const b = await createLoan(n.id, { jumlah: 20_000_000, durasi_angsuran: 24, urutan_pinjaman: 2 });
    const onA = await Promise.all([1, 2, 3, 4].map((k) => pay(a.id, { angsuran_ke: k, jumlah: 100_000 * k })));
    const onB = await Promise.all([1, 2, 3, 4].map((k) => pay(b.id, { angsuran_ke: k, jumlah: 10_000 * k })));
    const results = await Promise.all([
      // a → b and b → a at the same time: locks are taken in id order, so no deadlock.
      put(onA[0]!.id, body(b.id, { angsuran_ke: 11, jumlah: 100_000 })),
      put(onB[0]!.id, body(a.id, { angsuran_ke: 11, jumlah: 10_000 })),
      post(body(a.id, { angsuran_ke: 12, jumlah: 5_000 })),
      post(body(b.id, { angsuran_ke: 12, jumlah: 7_000 })),
      del(onA[1]!.id),
      del(onB[1]!.id),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 201, 201, 200, 200]);
    await expectBalanceMatchesPayments(a);
    await expectBalanceMatchesPayments(b);
    expect((await loanRow(a.id)).total_pembayaran).toBe(300_000 + 400_000 + 10_000 + 5_000);
    expect((await loanRow(b.id)).total_pembayaran).toBe(30_000 + 40_000 + 100_000 + 7_000);
  });
});

describe('editing a payment', () => {
  it('updates every field and recomputes the balance and the automatic status', async () => {
    const n = await addNasabah(t, 'Joko');
    const loan = await createLoan(n.id, { jumlah: 1_200_000, durasi_angsuran: 1, persentase: 0 });
    const payment = await pay(loan.id, { jumlah: 1_200_000 });
    expect((await loanRow(loan.id)).status).toBe('lunas');

    const res = await put(
      payment.id,
      body(loan.id, { jumlah: 200_000, tanggal: '2024-03-15', keterangan: 'Koreksi', angsuran_ke: 2 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Pembayaran berhasil diperbarui');
    expect(res.json().data).toMatchObject({
      jumlah: 200_000,
      tanggal: '2024-03-15',
      keterangan: 'Koreksi',
      angsuran_ke: 2,
      pinjaman: { status: 'aktif', sisa_pokok: 1_000_000 },
    });
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 1_000_000, total_pembayaran: 200_000, status: 'aktif' });
    const activity = await activityOfType(t.app.db, 'pembayaran.update');
    expect(activity).toMatchObject({ category: 'pembayaran', amount: 200_000, entity_id: payment.id });
  });

  it('moves a payment to another loan and recomputes both', async () => {
    const n = await addNasabah(t, 'Kiki');
    const a = await createLoan(n.id);
    const b = await createLoan(n.id, { urutan_pinjaman: 2, tanggal_pinjam: '2024-02-01' });
    const payment = await pay(a.id);
    const res = await put(payment.id, body(b.id, { tanggal: '2024-02-29' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pinjaman_id).toBe(b.id);
    expect(await loanRow(a.id)).toEqual({ sisa_pokok: 12_000_000, total_pembayaran: 0, status: 'aktif' });
    expect(await loanRow(b.id)).toEqual({ sisa_pokok: 11_000_000, total_pembayaran: 1_240_000, status: 'aktif' });
  });

  it('refuses the same cases as creating, and an unknown payment with 404', async () => {
    const n = await addNasabah(t, 'Lina');
    const a = await createLoan(n.id);
    const settled = await createLoan(n.id, { urutan_pinjaman: 2 });
    const first = await pay(a.id, { angsuran_ke: 1 });
    const second = await pay(a.id, { angsuran_ke: 2 });
    const pelunasan = await pay(settled.id, { jenis: 'pelunasan', angsuran_ke: null, jumlah: 12_000_000 });
    const before = await loanRow(a.id);
    const activities = await countRows(t.app.db, 'activities');

    const duplicate = await put(second.id, body(a.id, { angsuran_ke: 1 }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual([{ path: 'angsuran_ke', msg: angsuranKeTakenMessage(1) }]);
    // Keeping its own number is not a duplicate.
    expect((await put(first.id, body(a.id, { angsuran_ke: 1, keterangan: 'ok' }))).statusCode).toBe(200);

    const early = await put(second.id, body(a.id, { angsuran_ke: 2, tanggal: '2023-12-31' }));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].path).toBe('tanggal');

    const toSettled = await put(second.id, body(settled.id, { angsuran_ke: 2 }));
    expect(toSettled.statusCode).toBe(409);
    expect(toSettled.json().message).toBe(PINJAMAN_SETTLED);
    // The pelunasan itself can still be corrected on its own loan.
    expect(
      (await put(pelunasan.id, body(settled.id, { jenis: 'pelunasan', angsuran_ke: null, jumlah: 11_000_000 }))).statusCode,
    ).toBe(200);

    const unknownLoan = await put(second.id, body(999_999, { angsuran_ke: 2 }));
    expectFieldError(unknownLoan, 'pinjaman_id', messages.notFound.pinjaman);

    const missing = await put(999_999, body(a.id));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.notFound.pembayaran);

    expect(await loanRow(a.id)).toEqual(before);
    expect(await countRows(t.app.db, 'activities')).toBe(activities + 2);
    const stored = await t.app.db
      .selectFrom('pembayaran')
      .select(['pinjaman_id', 'angsuran_ke', 'tanggal'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ pinjaman_id: a.id, angsuran_ke: 2, tanggal: '2024-02-29' });
  });
});

describe('deleting a payment', () => {
  it('soft-deletes it, recomputes the loan and records who did it', async () => {
    const n = await addNasabah(t, 'Mira');
    const loan = await createLoan(n.id);
    const keep = await pay(loan.id, { angsuran_ke: 1 });
    const gone = await pay(loan.id, { angsuran_ke: 2 });
    const res = await del(gone.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Pembayaran berhasil dihapus', data: null });
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 11_000_000, total_pembayaran: 1_240_000, status: 'aktif' });
    expect((await get(`/api/pembayaran/${gone.id}`)).statusCode).toBe(404);
    expect((await get(`/api/pembayaran?pinjaman_id=${loan.id}`)).json().data.map((p: Pembayaran) => p.id)).toEqual([keep.id]);
    const row = await t.app.db
      .selectFrom('pembayaran')
      .select(['deleted_at', 'updated_by'])
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.updated_by).not.toBeNull();
    const activity = await activityOfType(t.app.db, 'pembayaran.delete');
    expect(activity).toMatchObject({ category: 'pembayaran', amount: 1_240_000, entity_id: gone.id });
    expect(activity.description).toContain('dihapus');

    const again = await del(gone.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.notFound.pembayaran);
    expect((await del(999_999)).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/pembayaran/abc' })).statusCode).toBe(400);
  });

  it('turns a loan that was lunas by its instalments back to aktif', async () => {
    const n = await addNasabah(t, 'Nina');
    const loan = await createLoan(n.id, { jumlah: 1_000_000, durasi_angsuran: 2, persentase: 0 });
    await pay(loan.id, { jumlah: 500_000, angsuran_ke: 1 });
    const last = await pay(loan.id, { jumlah: 500_000, angsuran_ke: 2 });
    expect((await loanRow(loan.id)).status).toBe('lunas');
    await del(last.id);
    expect(await loanRow(loan.id)).toEqual({ sisa_pokok: 500_000, total_pembayaran: 500_000, status: 'aktif' });
  });

  it('hides the payments of a deleted loan everywhere', async () => {
    const n = await addNasabah(t, 'Oki');
    const loan = await createLoan(n.id);
    const payment = await pay(loan.id);
    await t.request({ method: 'DELETE', url: `/api/pinjaman/${loan.id}` });
    expect((await get(`/api/pembayaran/${payment.id}`)).statusCode).toBe(404);
    expect((await get('/api/pembayaran')).json().meta.pagination.total).toBe(0);
    expect((await get('/api/pembayaran/stats')).json().data.total_pembayaran).toBe(0);
    expect((await put(payment.id, body(loan.id))).statusCode).toBe(404);
    expect((await del(payment.id)).statusCode).toBe(404);
  });
});

describe('detail', () => {
  it('returns one payment with its loan and customer; 404 for unknown, 400 for a bad id', async () => {
    const n = await addNasabah(t, 'Putri', { nik: '3201999988887777' });
    await t.app.db.updateTable('nasabah').set({ telepon: null, alamat: null }).where('id', '=', n.id).execute();
    const loan = await createLoan(n.id, { nomor_pinjaman: 'P010' });
    const payment = await pay(loan.id);
    const res = await get(`/api/pembayaran/${payment.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PembayaranDetail;
    expect(Object.keys(data).sort()).toEqual(
      [
        'id',
        'pinjaman_id',
        'pinjaman',
        'tanggal',
        'jumlah',
        'jenis',
        'keterangan',
        'angsuran_ke',
        'akun_kas_id',
        'created_at',
        'updated_at',
        'nomor_kwitansi',
        'akun_kas_nama',
      ].sort(),
    );
    // The receipt number (issue 25) of its date's year; numbering itself is tested in modules/dokumen.
    expect(data.nomor_kwitansi).toMatch(new RegExp(`^KW/${data.tanggal.slice(0, 4)}/\\d{6}$`));
    expect(data.pinjaman.nasabah).toEqual({ id: n.id, nama: 'Putri', nik: '3201999988887777', telepon: null, alamat: null });
    expect(data.pinjaman).toMatchObject({
      nomor_pinjaman: 'P010',
      jumlah: 12_000_000,
      tipe: 'pokok',
      status: 'aktif',
      tanggal_pinjam: '2024-01-31',
    });
    const missing = await get('/api/pembayaran/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: messages.notFound.pembayaran });
    expect((await get('/api/pembayaran/0')).statusCode).toBe(400);
  });
});

describe('listing, filtering, sorting and statistics', () => {
  async function seed() {
    const budi = await addNasabah(t, 'Budi Santoso', { nik: '3201000000000111' });
    const ani = await addNasabah(t, 'ani wijaya', { nik: '3201000000000222' });
    const a = await createLoan(budi.id, { tanggal_pinjam: '2024-06-01', jumlah: 24_000_000, durasi_angsuran: 24 });
    const b = await createLoan(ani.id, {
      tanggal_pinjam: '2024-06-01',
      tipe: 'non-pokok',
      durasi_angsuran: null,
      nomor_pinjaman: 'B002',
    });
    // Around the year boundary: 31 Dec 2024, 1 Jan 2025, 31 Jan 2025 (twice), 1 Feb 2025; and July 2024.
    const p1 = await pay(a.id, { tanggal: '2024-12-31', jumlah: 1_000_000, angsuran_ke: 1, keterangan: 'Setoran akhir tahun' });
    const p2 = await pay(b.id, {
      tanggal: '2025-01-01',
      jumlah: 180_000,
      jenis: 'bagi_hasil',
      angsuran_ke: null,
      keterangan: 'Bagi hasil 50%_x',
    });
    const p3 = await pay(a.id, { tanggal: '2025-01-31', jumlah: 1_000_001, angsuran_ke: 2, keterangan: null });
    const p4 = await pay(b.id, { tanggal: '2025-02-01', jumlah: 2_000_000, jenis: 'pokok', angsuran_ke: null });
    const p5 = await pay(a.id, { tanggal: '2025-01-31', jumlah: 500_000, jenis: 'pokok', angsuran_ke: null });
    const p6 = await pay(b.id, { tanggal: '2024-07-15', jumlah: 180_000, jenis: 'bagi_hasil', angsuran_ke: null });
    const deleted = await pay(a.id, { tanggal: '2025-01-15', jumlah: 9_999, angsuran_ke: 3 });
    await del(deleted.id);
    return { budi, ani, a, b, p1, p2, p3, p4, p5, p6, all: [p1, p2, p3, p4, p5, p6] };
  }
  const list = async (query: string) => {
    const res = await get(`/api/pembayaran${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json() as { data: Pembayaran[]; meta: { pagination: Record<string, unknown> } };
  };
  const ids = async (query: string) => (await list(query)).data.map((p) => p.id);

  it('lists tanggal DESC by default (id as tie-breaker) with the nested loan and customer and the pagination meta', async () => {
    const { p1, p2, p3, p4, p5, p6, a, budi } = await seed();
    const page1 = await list('?limit=4');
    expect(page1.data.map((p) => p.id)).toEqual([p4.id, p5.id, p3.id, p2.id]);
    expect(page1.meta.pagination).toEqual({ page: 1, limit: 4, total: 6, totalPages: 2, sortBy: 'tanggal', sortOrder: 'desc' });
    expect(await ids('?limit=4&page=2')).toEqual([p1.id, p6.id]);
    expect(await ids('?limit=4&page=3')).toEqual([]);
    const row = page1.data[1]!;
    expect(row).toEqual({
      id: p5.id,
      pinjaman_id: a.id,
      pinjaman: {
        id: a.id,
        nomor_pinjaman: 'A001',
        tipe: 'pokok',
        nasabah: { id: budi.id, nama: 'Budi Santoso', nik: '3201000000000111' },
      },
      tanggal: '2025-01-31',
      jumlah: 500_000,
      jenis: 'pokok',
      keterangan: null,
      angsuran_ke: null,
      akun_kas_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('filters by calendar month and year across a year boundary (Asia/Jakarta dates as stored)', async () => {
    const { p1, p2, p3, p4, p5, p6 } = await seed();
    expect(await ids('?month=12&year=2024')).toEqual([p1.id]);
    expect(await ids('?month=1&year=2025')).toEqual([p5.id, p3.id, p2.id]);
    expect(await ids('?month=2&year=2025')).toEqual([p4.id]);
    expect(await ids('?month=1&year=2024')).toEqual([]);
    expect(await ids('?year=2024')).toEqual([p1.id, p6.id]);
    expect(await ids('?year=2025')).toEqual([p4.id, p5.id, p3.id, p2.id]);
    expect(await ids('?month=7')).toEqual([p6.id]);
    expect(await ids('?month=all&year=all')).toHaveLength(6);
  });

  it('filters by loan, customer and jenis, and searches name, NIK (also grouped) and keterangan literally', async () => {
    const { a, b, ani, p1, p2, p3, p4, p5, p6 } = await seed();
    expect(await ids(`?pinjaman_id=${a.id}`)).toEqual([p5.id, p3.id, p1.id]);
    expect(await ids(`?nasabah_id=${ani.id}`)).toEqual([p4.id, p2.id, p6.id]);
    expect(await ids(`?nasabah_id=${ani.id}&pinjaman_id=${a.id}`)).toEqual([]);
    expect(await ids('?jenis=bagi_hasil')).toEqual([p2.id, p6.id]);
    expect(await ids(`?jenis=pokok&pinjaman_id=${b.id}`)).toEqual([p4.id]);
    expect(await ids('?search=BUDI')).toEqual([p5.id, p3.id, p1.id]);
    expect(await ids('?search=0000000222')).toEqual([p4.id, p2.id, p6.id]);
    expect(await ids('?search=3201%200000%200000%200111')).toEqual([p5.id, p3.id, p1.id]);
    expect(await ids('?search=akhir%20tahun')).toEqual([p1.id]);
    expect(await ids('?search=50%25_')).toEqual([p2.id]);
    expect(await ids('?search=%25')).toEqual([p2.id]);
    expect(await ids('?search=tidak-ada')).toEqual([]);
    expect(await ids('?jenis=all&search=&pinjaman_id=')).toHaveLength(6);
  });

  it('finds through the indexes exactly the payments that checking each payment finds, over all periods and by month', async () => {
    const { a, budi, ani, all } = await seed();
    // Matches both by the customer's name and by its note: listed once.
    const both = await pay(a.id, {
      tanggal: '2025-02-01',
      jumlah: 700_000,
      jenis: 'pokok',
      angsuran_ke: null,
      keterangan: 'titipan Budi',
    });
    const months = [...new Set([...all, both].map((p) => p.tanggal.slice(0, 7)))];
    for (const search of ['budi', 'WIJAYA', '0000000222', '3201 0000 0000 0111', 'akhir tahun', '50%_', 'titipan', 'tidak-ada']) {
      const query = `?search=${encodeURIComponent(search)}&limit=1000`;
      const indexed = await list(query);
      expect(indexed.meta.pagination.total, search).toBe(indexed.data.length);
      expect(new Set(indexed.data.map((p) => p.id)).size, search).toBe(indexed.data.length);
      // With one customer's filter each of its payments is checked (searchCondition).
      const checked: number[] = [];
      for (const customer of [budi, ani]) checked.push(...(await ids(`${query}&nasabah_id=${customer.id}`)));
      expect(indexed.data.map((p) => p.id).sort(), search).toEqual(checked.sort());
      const monthByMonth: number[] = [];
      for (const month of months) {
        const [year, mm] = month.split('-');
        monthByMonth.push(...(await ids(`${query}&month=${Number(mm)}&year=${year}`)));
      }
      expect(monthByMonth.sort(), search).toEqual(checked.sort());
    }
    expect(await ids('?search=budi')).toEqual([both.id, all[4]!.id, all[2]!.id, all[0]!.id]);
    expect(await ids('?search=titipan')).toEqual([both.id]);
  });

  it('sorts by every key of spec §9 both ways, with the id as tie-breaker', async () => {
    const { all } = await seed();
    const byId = (x: Pembayaran, y: Pembayaran) => x.id - y.id;
    const rows = (await list('?limit=1000')).data;
    const compare: Record<(typeof pembayaranSortKeys)[number], (x: Pembayaran, y: Pembayaran) => number> = {
      tanggal: (x, y) => x.tanggal.localeCompare(y.tanggal) || byId(x, y),
      jumlah: (x, y) => x.jumlah - y.jumlah || byId(x, y),
      jenis: (x, y) => x.jenis.localeCompare(y.jenis) || byId(x, y),
      nasabah: (x, y) => x.pinjaman.nasabah.nama.toLowerCase().localeCompare(y.pinjaman.nasabah.nama.toLowerCase()) || byId(x, y),
      created_at: (x, y) => x.created_at.localeCompare(y.created_at) || byId(x, y),
    };
    expect(rows).toHaveLength(all.length);
    for (const key of pembayaranSortKeys) {
      const expected = [...rows].sort(compare[key]).map((p) => p.id);
      expect(await ids(`?sortBy=${key}&sortOrder=asc&limit=1000`), key).toEqual(expected);
      expect(await ids(`?sortBy=${key}&sortOrder=DESC&limit=1000`), key).toEqual([...expected].reverse());
      expect((await list(`?sortBy=${key}`)).meta.pagination.sortBy).toBe(key);
    }
    // Ties exist in the data, so the tie-breaker is exercised: two payments on 2025-01-31, two of 180.000.
    expect(rows.filter((p) => p.tanggal === '2025-01-31')).toHaveLength(2);
    expect(rows.filter((p) => p.jumlah === 180_000)).toHaveLength(2);
  });

  it('answers 400 for invalid parameters', async () => {
    for (const [query, field] of [
      ['sortBy=keterangan', 'sortBy'],
      ['sortOrder=up', 'sortOrder'],
      ...pagingRefusals,
      ['jenis=lain', 'jenis'],
      ['month=13', 'month'],
      ['month=0', 'month'],
      ['year=1999', 'year'],
      ['pinjaman_id=abc', 'pinjaman_id'],
      ['nasabah_id=-1', 'nasabah_id'],
    ]) {
      const res = await get(`/api/pembayaran?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].path, query).toBe(field);
    }
    const stats = await get('/api/pembayaran/stats?month=13');
    expect(stats.statusCode).toBe(400);
    expect(stats.json().errors[0]).toEqual({ path: 'month', msg: messages.listQuery.monthInvalid });
  });

  it('gives statistics that match the list for the same filters', async () => {
    const { a, b } = await seed();
    for (const query of [
      '',
      '?month=1&year=2025',
      '?month=12&year=2024',
      '?year=2025&jenis=bagi_hasil',
      `?pinjaman_id=${a.id}`,
      `?pinjaman_id=${b.id}&year=2025`,
      '?jenis=pokok',
      '?month=3&year=2023',
    ]) {
      const rows = (await list(`${query}${query ? '&' : '?'}limit=1000`)).data;
      const stats = (await get(`/api/pembayaran/stats${query}`)).json().data;
      const sum = rows.reduce((s, p) => s + p.jumlah, 0);
      expect(stats, query).toEqual({
        total_pembayaran: rows.length,
        total_nilai_pembayaran: sum,
        avg_pembayaran: rows.length === 0 ? 0 : Number(divRoundHalfUp(BigInt(sum), BigInt(rows.length))),
      });
    }
    // January 2025: 180.000 + 1.000.001 + 500.000 = 1.680.001 over 3 = 560.000,33 → Rp 560.000.
    expect((await get('/api/pembayaran/stats?month=1&year=2025')).json().data).toEqual({
      total_pembayaran: 3,
      total_nilai_pembayaran: 1_680_001,
      avg_pembayaran: 560_000,
    });
    // Loan a: 1.000.000 + 1.000.001 + 500.000 = 2.500.001 over 3 = 833.333,67 → Rp 833.334.
    expect((await get(`/api/pembayaran/stats?pinjaman_id=${a.id}`)).json().data.avg_pembayaran).toBe(833_334);
  });

  it('rounds a half-rupiah average up', async () => {
    const n = await addNasabah(t, 'Qori');
    const loan = await createLoan(n.id);
    await pay(loan.id, { jenis: 'bagi_hasil', jumlah: 100, angsuran_ke: null });
    await pay(loan.id, { jenis: 'bagi_hasil', jumlah: 101, angsuran_ke: null });
    expect((await get('/api/pembayaran/stats')).json().data).toEqual({
      total_pembayaran: 2,
      total_nilai_pembayaran: 201,
      avg_pembayaran: 101,
    });
  });
});
