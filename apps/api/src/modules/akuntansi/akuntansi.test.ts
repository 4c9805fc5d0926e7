/**
 * The books (issue 48): every money event is written with its balanced journal in the same
 * statement, on PGlite and PostgreSQL; the database refuses an unbalanced journal, a journal
 * without lines and any edit of a posted one; the trial balance balances and ties out to the
 * loans' figures; the events recorded before the books are journalled by the back-fill with the
 * same lines. Worked example: docs/domain.md "The books" (Rp 12.000.000 at 2 % × 12, Murabahah).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, forgetMoneyEvents, type TestApp } from '../../test/test-app';
import { addNasabah, createKasir, postLoan, postPayment } from '../../test/populate';
import { manualClock } from '../../lib/clock';
import { formatRupiah, messages } from '@mizan/core';
import { deleteRuns } from '../../db/job-runs';
import { JURNAL_BACKFILL_JOB, backfillJournals, postMonthEndProvision } from './akuntansi.service';
import { monthEndProvision } from '../ledger/ledger.service';
import { recordClosingSnapshot } from '../portfolio/portfolio.service';

const clock = manualClock(new Date('2024-06-15T05:00:00Z'));
let t: TestApp;
let nasabahId: number;

interface Line {
  kode: string;
  debit: number;
  kredit: number;
}
interface Journal {
  id: number;
  nomor: string;
  tanggal: string;
  jenis_mutasi: string | null;
  membalik_id: number | null;
  pembayaran_id: number | null;
  baris: (Line & { nama: string; akun_id: number })[];
}

async function journals(loanId: number): Promise<Journal[]> {
  const res = await t.request({ method: 'GET', url: `/api/pinjaman/${loanId}/jurnal` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Journal[];
}
const lines = (j: Journal): Line[] => j.baris.map(({ kode, debit, kredit }) => ({ kode, debit, kredit }));

async function trialBalance(tanggal?: string) {
  const res = await t.request({ method: 'GET', url: `/api/akuntansi/neraca-saldo${tanggal ? `?tanggal=${tanggal}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    tanggal: string;
    baris: { kode: string; debit: number; kredit: number }[];
    total_debit: number;
    total_kredit: number;
    seimbang: boolean;
  };
}
const balanceOf = (tb: Awaited<ReturnType<typeof trialBalance>>, kode: string) => {
  const row = tb.baris.find((b) => b.kode === kode);
  return row ? row.debit - row.kredit : 0;
};

/** The operator (one per database: created on first use). */
let kasirOf: ReturnType<typeof createKasir> | undefined;
const kasir = () => (kasirOf ??= createKasir(t));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  nasabahId = (await addNasabah(t, 'Siti Aminah', { nik: '3201000000000001' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the journal of each money event (PSAK 102)', () => {
  it('books the akad, an instalment and its cancellation with the worked example’s lines, the reversal naming what it reverses', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-J1' });
    const payment = await postPayment(t, loan.id);
    let books = await journals(loan.id);
    expect(books.map((j) => j.jenis_mutasi)).toEqual(['akad', 'pembayaran']);
    // Akad: the receivable at the selling price, cash out, the margin deferred.
    expect(lines(books[0]!)).toEqual([
      { kode: '1101', debit: 0, kredit: 12_000_000 },
      { kode: '1201', debit: 14_880_000, kredit: 0 },
      { kode: '1202', debit: 0, kredit: 2_880_000 },
    ]);
    expect(books[0]!.tanggal).toBe('2024-01-31');
    // The first instalment: cash in against the receivable; its margin recognised out of tangguhan.
    expect(lines(books[1]!)).toEqual([
      { kode: '1101', debit: 1_240_000, kredit: 0 },
      { kode: '1201', debit: 0, kredit: 1_240_000 },
      { kode: '1202', debit: 240_000, kredit: 0 },
      { kode: '5101', debit: 0, kredit: 240_000 },
    ]);
    expect(books[1]).toMatchObject({
      tanggal: '2024-02-29',
      pembayaran_id: payment.id,
      nomor: `JU-${String(books[1]!.id).padStart(6, '0')}`,
    });

    const del = await t.request({ method: 'DELETE', url: `/api/pembayaran/${payment.id}` });
    expect(del.statusCode, del.body).toBe(200);
    books = await journals(loan.id);
    expect(books.map((j) => j.jenis_mutasi)).toEqual(['akad', 'pembayaran', 'pembalikan']);
    const reversal = books[2]!;
    expect(reversal.membalik_id).toBe(books[1]!.id);
    expect(reversal.tanggal).toBe('2024-02-29');
    expect(lines(reversal)).toEqual(lines(books[1]!).map((l) => ({ kode: l.kode, debit: l.kredit, kredit: l.debit })));
  });

  it('keeps the trial balance balanced and tied to the loans: receivable = what Murabahah customers owe, tangguhan = their margin left', async () => {
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-J2' });
    await postPayment(t, loan.id);
    await postPayment(t, loan.id, { angsuran_ke: 2, tanggal: '2024-03-29', jumlah: 1_000_000 });
    const mdh = await postLoan(t, nasabahId, { nomor_pinjaman: 'MDH-J1', tipe: 'non-pokok' });
    await postPayment(t, mdh.id, { jenis: 'bagi_hasil', angsuran_ke: null, jumlah: 240_000 });

    const tb = await trialBalance();
    expect(tb.tanggal).toBe('2024-06-15');
    expect(tb.seimbang).toBe(true);
    expect(tb.total_debit).toBe(tb.total_kredit);
    expect(tb.total_debit).toBeGreaterThan(0);
    const figures = await t.app.db
      .selectFrom('pinjaman')
      .select(['tipe', 'sisa_pokok', 'sisa_margin'])
      .where('deleted_at', 'is', null)
      .execute();
    const murabahah = figures.filter((f) => f.tipe === 'pokok');
    expect(balanceOf(tb, '1201')).toBe(murabahah.reduce((s, f) => s + f.sisa_pokok + f.sisa_margin, 0));
    expect(-balanceOf(tb, '1202')).toBe(murabahah.reduce((s, f) => s + f.sisa_margin, 0));
    expect(balanceOf(tb, '1301')).toBe(figures.filter((f) => f.tipe === 'non-pokok').reduce((s, f) => s + f.sisa_pokok, 0));
    expect(-balanceOf(tb, '5102')).toBe(240_000);
    // Before the first akad (31 January) nothing was booked; the day before the second instalment
    // (29 March) everything but it: the akads and the other payments are dated 31 January and 29 February.
    expect((await trialBalance('2024-01-30')).baris).toEqual([]);
    const before = await trialBalance('2024-03-28');
    expect(before.seimbang).toBe(true);
    expect(balanceOf(tb, '1101') - balanceOf(before, '1101')).toBe(1_000_000);
  });
});

describe('the database keeps the books honest', () => {
  const journalRow = () =>
    t.app.db
      .insertInto('jurnal')
      .values({ tanggal: '2024-06-15', sumber: 'umum', keterangan: 'Uji' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const akun = async (kode: string) =>
    (await t.app.db.selectFrom('akun').select('id').where('kode', '=', kode).executeTakeFirstOrThrow()).id;
  /** A general journal dated 15 June 2024: Beban Gaji debited `debit`, Kas credited `kredit`, its lines dated `tanggal`. */
  const generalJournal = async (debit: number, kredit: number, tanggal = '2024-06-15') => {
    const [kas, beban] = [await akun('1101'), await akun('6201')];
    return t.app.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('jurnal')
        .values({ tanggal: '2024-06-15', sumber: 'umum', keterangan: 'Gaji Juni' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('jurnal_baris')
        .values([
          { jurnal_id: id, akun_id: beban, tanggal, debit },
          { jurnal_id: id, akun_id: kas, tanggal, kredit },
        ])
        .execute();
      return id;
    });
  };

  it('refuses a journal whose debits and credits differ, and keeps nothing of it', async () => {
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from jurnal`.execute(t.app.db)).rows[0]!.n);
    const before = await count();
    await expect(generalJournal(500_000, 499_999)).rejects.toThrow(
      /tidak seimbang: jumlah debit harus sama dengan jumlah kredit/,
    );
    expect(await count()).toBe(before);
  });

  it('refuses a line dated otherwise than its journal, and a journal without lines at its commit', async () => {
    await expect(generalJournal(1, 1, '2024-06-14')).rejects.toThrow(/harus bertanggal sama dengan jurnalnya/);
    await expect(journalRow()).rejects.toThrow(/tidak mempunyai baris/);
  });

  it('refuses a line naming no account of the chart, or no journal, and the deletion of an account a journal used', async () => {
    const kas = await akun('1101');
    const { id, tanggal } = await t.app.db
      .selectFrom('jurnal')
      .select(['id', 'tanggal'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await expect(
      t.app.db
        .insertInto('jurnal_baris')
        .values([
          { jurnal_id: id, akun_id: kas, tanggal, debit: 5 },
          { jurnal_id: id, akun_id: 999_999, tanggal, kredit: 5 },
        ])
        .execute(),
    ).rejects.toThrow(/Akun 999999 tidak ada di bagan akun/);
    await expect(
      t.app.db
        .insertInto('jurnal_baris')
        .values([
          { jurnal_id: 999_999, akun_id: kas, tanggal: '2024-01-31', debit: 5 },
          { jurnal_id: 999_999, akun_id: kas, tanggal: '2024-01-31', kredit: 5 },
        ])
        .execute(),
    ).rejects.toThrow(/Baris jurnal 999999 harus bertanggal sama dengan jurnalnya/);
    await expect(t.app.db.deleteFrom('akun').where('kode', '=', '1101').execute()).rejects.toThrow(
      /Akun 1101 sudah dipakai jurnal dan tidak dapat dihapus; nonaktifkan saja/,
    );
  });

  it('books a balanced general journal into the trial balance, and refuses to change or delete it or its lines', async () => {
    const before = await trialBalance();
    const id = await generalJournal(3_000_000, 3_000_000);
    const after = await trialBalance();
    expect(after.seimbang).toBe(true);
    expect(balanceOf(after, '6201') - balanceOf(before, '6201')).toBe(3_000_000);
    expect(balanceOf(after, '1101') - balanceOf(before, '1101')).toBe(-3_000_000);

    const refused = /tidak dapat diubah atau dihapus; koreksi dicatat sebagai jurnal pembalik/;
    await expect(t.app.db.updateTable('jurnal').set({ keterangan: 'Diubah' }).where('id', '=', id).execute()).rejects.toThrow(
      refused,
    );
    await expect(t.app.db.updateTable('jurnal_baris').set({ debit: 1 }).where('jurnal_id', '=', id).execute()).rejects.toThrow(
      refused,
    );
    await expect(t.app.db.deleteFrom('jurnal_baris').where('jurnal_id', '=', id).execute()).rejects.toThrow(refused);
    await expect(t.app.db.deleteFrom('jurnal').where('id', '=', id).execute()).rejects.toThrow(refused);
    // Nor may a later statement add a line that unbalances it.
    await expect(
      t.app.db
        .insertInto('jurnal_baris')
        .values({ jurnal_id: id, akun_id: await akun('1101'), tanggal: '2024-06-15', debit: 1 })
        .execute(),
    ).rejects.toThrow(/tidak seimbang/);
  });
});

describe('the events recorded before the books', () => {
  it('keeps cash and bank apart: a loan disbursed by transfer, payments received in cash or by transfer, corrected and cancelled', async () => {
    const { token } = await kasir();
    const offered = await t.request({ method: 'GET', url: '/api/akuntansi/akun-kas', token });
    expect(offered.statusCode, offered.body).toBe(200);
    const accounts = offered.json().data as { id: number; kode: string; nama: string; tunai: boolean }[];
    expect(accounts.map(({ kode, nama, tunai }) => ({ kode, nama, tunai }))).toEqual([
      { kode: '1101', nama: 'Kas', tunai: true },
      { kode: '1102', nama: 'Bank', tunai: false },
    ]);
    const bank = accounts.find((a) => a.kode === '1102')!.id;

    // Disbursed from the bank: the akad credits Bank, not Kas.
    const loan = await postLoan<{ id: number; akun_kas_id: number | null }>(t, nasabahId, {
      nomor_pinjaman: 'MRB-BANK',
      akun_kas_id: bank,
    });
    expect(loan.akun_kas_id).toBe(bank);
    // Received by transfer: Dr Bank; the payment says where it went.
    const viaBank = await postPayment<{ id: number; akun_kas_id: number | null; akun_kas_nama: string | null }>(
      t,
      loan.id,
      { akun_kas_id: bank },
      token,
    );
    expect(viaBank).toMatchObject({ akun_kas_id: bank, akun_kas_nama: 'Bank' });
    // Received in cash (no account named): Dr Kas.
    const inCash = await postPayment<{ id: number; akun_kas_nama: string | null }>(t, loan.id, {
      angsuran_ke: 2,
      tanggal: '2024-03-29',
    });
    expect(inCash.akun_kas_nama).toBeNull();
    let books = await journals(loan.id);
    expect(lines(books[0]!)[0]).toEqual({ kode: '1102', debit: 0, kredit: 12_000_000 });
    expect(lines(books[1]!)[0]).toEqual({ kode: '1102', debit: 1_240_000, kredit: 0 });
    expect(lines(books[2]!)[0]).toEqual({ kode: '1101', debit: 1_240_000, kredit: 0 });
    expect(books.slice(0, 2).flatMap((jr) => lines(jr).map((l) => l.kode))).not.toContain('1101');

    // Corrected to cash: the reversal takes it out of the bank, the new event puts it in the cash.
    const put = await t.request({
      method: 'PUT',
      url: `/api/pembayaran/${viaBank.id}`,
      payload: { pinjaman_id: loan.id, tanggal: '2024-02-29', jumlah: 1_240_000, jenis: 'angsuran', angsuran_ke: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Cancelled, the cash payment leaves the cash.
    const del = await t.request({ method: 'DELETE', url: `/api/pembayaran/${inCash.id}` });
    expect(del.statusCode, del.body).toBe(200);
    books = await journals(loan.id);
    const cashLine = (jr: Journal) => lines(jr).find((l) => l.kode === '1101' || l.kode === '1102');
    expect(books.slice(3).map((jr) => [jr.jenis_mutasi, cashLine(jr)])).toEqual([
      ['pembalikan', { kode: '1102', debit: 0, kredit: 1_240_000 }],
      ['pembayaran', { kode: '1101', debit: 1_240_000, kredit: 0 }],
      ['pembalikan', { kode: '1101', debit: 0, kredit: 1_240_000 }],
    ]);

    // An early settlement paid by transfer: Dr Bank with what the customer paid.
    const settled = await t.request({
      method: 'POST',
      url: `/api/pinjaman/${loan.id}/pelunasan`,
      payload: { tanggal: '2024-06-15', akun_kas_id: bank },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    const paid = await t.request({ method: 'GET', url: `/api/pembayaran/${settled.json().data.pembayaran_id}` });
    expect(paid.json().data).toMatchObject({ jenis: 'pelunasan', akun_kas_nama: 'Bank' });
    books = await journals(loan.id);
    expect(cashLine(books.at(-1)!)).toEqual({ kode: '1102', debit: paid.json().data.jumlah, kredit: 0 });
  });

  it('refuses money received into or paid from an account that is not an active cash or bank account, and writes nothing', async () => {
    const chart = (await t.request({ method: 'GET', url: '/api/akuntansi/akun' })).json().data as { id: number; kode: string }[];
    const idOf = (kode: string) => chart.find((a) => a.kode === kode)!.id;
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-BAD' });
    const counts = async () => ({
      pembayaran: Number((await sql<{ n: string }>`select count(*) as n from pembayaran`.execute(t.app.db)).rows[0]!.n),
      jurnal: Number((await sql<{ n: string }>`select count(*) as n from jurnal`.execute(t.app.db)).rows[0]!.n),
      pinjaman: Number((await sql<{ n: string }>`select count(*) as n from pinjaman`.execute(t.app.db)).rows[0]!.n),
    });
    const before = await counts();
    await sql`update akun set aktif = false where kode = '1211'`.execute(t.app.db);
    for (const [akun, status] of [
      [idOf('1201'), 400],
      [999_999, 400],
      ['abc', 400],
      [-3, 400],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/pembayaran',
        payload: {
          pinjaman_id: loan.id,
          tanggal: '2024-02-29',
          jumlah: 1_240_000,
          jenis: 'angsuran',
          angsuran_ke: 1,
          akun_kas_id: akun,
        },
      });
      expect(res.statusCode, String(akun)).toBe(status);
      expect(res.json().errors).toContainEqual({
        path: 'akun_kas_id',
        msg: 'Akun penerimaan harus akun kas atau bank yang aktif',
      });
    }
    // A bank account deactivated takes nothing more.
    await sql`update akun set aktif = false where kode = '1102'`.execute(t.app.db);
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/pembayaran',
        payload: {
          pinjaman_id: loan.id,
          tanggal: '2024-02-29',
          jumlah: 1_240_000,
          jenis: 'angsuran',
          angsuran_ke: 1,
          akun_kas_id: idOf('1102'),
        },
      });
      expect(res.statusCode).toBe(400);
      const disbursed = await t.request({
        method: 'POST',
        url: '/api/pinjaman',
        payload: {
          nasabah_id: nasabahId,
          tanggal_pinjam: '2024-01-31',
          jumlah: 1_000_000,
          persentase: 2,
          tipe: 'pokok',
          durasi_angsuran: 10,
          akun_kas_id: idOf('1102'),
        },
      });
      expect(disbursed.statusCode).toBe(400);
      expect(disbursed.json().errors).toContainEqual({
        path: 'akun_kas_id',
        msg: 'Akun pencairan harus akun kas atau bank yang aktif',
      });
    } finally {
      await sql`update akun set aktif = true where kode in ('1102', '1211')`.execute(t.app.db);
    }
    expect(await counts()).toEqual({ ...before });
  });

  it('are journalled by the back-fill with the same lines, and the trial balance is the same', async () => {
    const loans = await t.app.db.selectFrom('pinjaman').select('id').where('deleted_at', 'is', null).orderBy('id').execute();
    const live = await Promise.all(loans.map((l) => journals(l.id)));
    const tbLive = await trialBalance();
    // A disbursement of the dana kebajikan recorded before the books (its row only).
    const { id: keluar } = await t.app.db
      .insertInto('dana_kebajikan')
      .values({ tanggal: '2024-06-10', arah: 'keluar', jumlah: 25_000, tujuan: 'Bantuan bencana', penerima: 'Warga' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As a database from before the books: the events without journals (the general journal goes too).
    await sql`truncate jurnal_baris, jurnal, saldo_akun_harian, saldo_akun_bulanan`.execute(t.app.db);
    await deleteRuns(t.app.db, JURNAL_BACKFILL_JOB);
    expect(await backfillJournals(t.app.db, { batch: 2 })).toBe(live.flat().length);
    const again = await Promise.all(loans.map((l) => journals(l.id)));
    const shape = (js: Journal[][]) =>
      js.map((list) =>
        list.map((j) => ({ tanggal: j.tanggal, jenis: j.jenis_mutasi, baris: lines(j), membalik: j.membalik_id !== null })),
      );
    expect(shape(again)).toEqual(shape(live));
    // The reversal names the back-filled journal of what it reverses.
    const reversal = again.flat().find((j) => j.jenis_mutasi === 'pembalikan')!;
    expect(again.flat().find((j) => j.id === reversal.membalik_id)?.jenis_mutasi).toBe('pembayaran');
    const tb = await trialBalance();
    expect(tb.seimbang).toBe(true);
    expect(balanceOf(tb, '1201')).toBe(balanceOf(tbLive, '1201'));
    expect(balanceOf(tb, '5101')).toBe(balanceOf(tbLive, '5101'));
    expect(balanceOf(tb, '1101')).toBe(balanceOf(tbLive, '1101') + 3_000_000 - 25_000);
    expect(balanceOf(tb, '2201')).toBe(balanceOf(tbLive, '2201') + 25_000);
    expect(
      await t.app.db
        .selectFrom('jurnal')
        .select(['sumber', 'keterangan'])
        .where('dana_kebajikan_id', '=', keluar)
        .executeTakeFirst(),
    ).toEqual({ sumber: 'dana_kebajikan', keterangan: 'Penyaluran dana kebajikan: Bantuan bencana' });
    // Once done it does nothing more.
    expect(await backfillJournals(t.app.db)).toBe(0);
  });
});

describe('the institution’s own chart (Pengaturan)', () => {
  type ChartRow = { id: number; kode: string; nama: string; aktif: boolean; kas_bank: boolean; peran: string[] };
  const chart = async () => (await t.request({ method: 'GET', url: '/api/akuntansi/akun' })).json().data as ChartRow[];
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.request({ method, url, ...(payload ? { payload } : {}) });
  const bsi = { kode: '1103', nama: 'Bank Syariah Indonesia', kelompok: 'aset', kas_bank: true };

  it('adds a bank account that payments can be received into, keeps its code once used, deactivates it, never deletes it', async () => {
    const added = await send('POST', '/api/akuntansi/akun', bsi);
    expect(added.statusCode, added.body).toBe(201);
    const row = (added.json().data as ChartRow[]).find((a) => a.kode === '1103')!;
    expect(row).toMatchObject({ nama: 'Bank Syariah Indonesia', aktif: true, kas_bank: true, terpakai: false, peran: [] });
    const { token } = await kasir();
    const offered = (await t.request({ method: 'GET', url: '/api/akuntansi/akun-kas', token })).json().data as { kode: string }[];
    expect(offered.map((a) => a.kode)).toEqual(['1101', '1102', '1103']);

    for (const [payload, status, path, msg] of [
      [bsi, 409, 'kode', 'Kode akun 1103 sudah dipakai akun lain'],
      [{ ...bsi, kode: 'B-1' }, 400, 'kode', messages.akuntansi.kodeInvalid],
      [{ ...bsi, kode: '1104', nama: ' ' }, 400, 'nama', 'Nama akun harus diisi'],
      [{ ...bsi, kode: '1104', kelompok: 'pendapatan' }, 400, 'kas_bank', messages.akuntansi.kasBankAset],
      [{ ...bsi, kode: '1104', kelompok: 'harta' }, 400, 'kelompok', 'Pilih kelompok akun'],
    ] as const) {
      const res = await send('POST', '/api/akuntansi/akun', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().errors).toContainEqual({ path, msg });
    }
    const refused = await t.request({ method: 'POST', url: '/api/akuntansi/akun', payload: { ...bsi, kode: '1104' }, token });
    expect(refused.statusCode).toBe(403);
    expect((await chart()).filter((a) => a.kode === '1104')).toEqual([]);

    // Used by a payment and its journal: the name changes, the code does not; it cannot be deleted.
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-BSI' });
    await postPayment(t, loan.id, { akun_kas_id: row.id });
    expect(lines((await journals(loan.id)).at(-1)!)[0]).toEqual({ kode: '1103', debit: 1_240_000, kredit: 0 });
    const renamed = await send('PUT', `/api/akuntansi/akun/${row.id}`, { ...bsi, nama: 'BSI Cabang Bogor' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await chart()).find((a) => a.id === row.id)).toMatchObject({ nama: 'BSI Cabang Bogor', terpakai: true });
    const recoded = await send('PUT', `/api/akuntansi/akun/${row.id}`, { ...bsi, kode: '1109' });
    expect(recoded.statusCode).toBe(409);
    expect(recoded.json().message).toBe(messages.akuntansi.terpakaiTetap('1103'));
    const deleted = await send('DELETE', `/api/akuntansi/akun/${row.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Akun 1103 sudah dipakai dan tidak dapat dihapus; nonaktifkan saja');
    // Deactivated: no longer offered, no longer taken.
    const off = await send('PUT', `/api/akuntansi/akun/${row.id}`, { ...bsi, aktif: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      ((await t.request({ method: 'GET', url: '/api/akuntansi/akun-kas' })).json().data as { kode: string }[]).map((a) => a.kode),
    ).toEqual(['1101', '1102']);
    const late = await t.request({
      method: 'POST',
      url: '/api/pembayaran',
      payload: {
        pinjaman_id: loan.id,
        tanggal: '2024-03-29',
        jumlah: 1_240_000,
        jenis: 'angsuran',
        angsuran_ke: 2,
        akun_kas_id: row.id,
      },
    });
    expect(late.statusCode).toBe(400);

    // An account nothing used is deleted; an unknown one is 404.
    const spare = (
      (await send('POST', '/api/akuntansi/akun', { kode: '6299', nama: 'Beban Lain', kelompok: 'beban' })).json()
        .data as ChartRow[]
    ).find((a) => a.kode === '6299')!;
    expect((await send('DELETE', `/api/akuntansi/akun/${spare.id}`)).statusCode).toBe(200);
    expect((await chart()).some((a) => a.kode === '6299')).toBe(false);
    expect((await send('DELETE', `/api/akuntansi/akun/${spare.id}`)).statusCode).toBe(404);
    expect((await send('PUT', '/api/akuntansi/akun/999999', bsi)).json().message).toBe('Akun tidak ditemukan');
  });

  it('maps a posting role to another account from now on, only to one of the kind it needs; journals posted keep theirs', async () => {
    const all = await chart();
    const idOf = (kode: string) => all.find((a) => a.kode === kode)!.id;
    const created = await send('POST', '/api/akuntansi/akun', {
      kode: '5104',
      nama: 'Pendapatan Margin Usaha Mikro',
      kelompok: 'pendapatan',
    });
    const mikro = (created.json().data as ChartRow[]).find((a) => a.kode === '5104')!;
    expect(mikro.peran).toEqual([]);
    const loan = await postLoan(t, nasabahId, { nomor_pinjaman: 'MRB-MAP' });
    await postPayment(t, loan.id);

    for (const [payload, msg] of [
      [
        { peran: 'pendapatan_margin', akun_id: idOf('6201') },
        'Akun untuk peran ini harus akun pendapatan bersaldo normal kredit yang aktif',
      ],
      [{ peran: 'kas', akun_id: idOf('1211') }, 'Akun untuk uang tunai harus akun kas/bank yang aktif'],
      [{ peran: 'kas', akun_id: 999_999 }, 'Akun tidak ditemukan'],
      [
        { peran: 'pembiayaan_mudharabah', akun_id: idOf('1201') },
        'Akun 1201 sudah menerima posting piutang murabahah (harga jual); satu akun untuk satu peran',
      ],
    ] as const) {
      const res = await send('PUT', '/api/akuntansi/peran', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'akun_id', msg });
    }
    expect((await send('PUT', '/api/akuntansi/peran', { peran: 'laba', akun_id: mikro.id })).statusCode).toBe(400);

    const mapped = await send('PUT', '/api/akuntansi/peran', { peran: 'pendapatan_margin', akun_id: mikro.id });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const after = mapped.json().data as ChartRow[];
    expect(after.find((a) => a.kode === '5104')?.peran).toEqual(['pendapatan_margin']);
    expect(after.find((a) => a.kode === '5101')?.peran).toEqual([]);
    try {
      await postPayment(t, loan.id, { angsuran_ke: 2, tanggal: '2024-03-29' });
      const books = await journals(loan.id);
      expect(lines(books.at(-2)!).find((l) => l.kode.startsWith('510'))).toEqual({ kode: '5101', debit: 0, kredit: 240_000 });
      expect(lines(books.at(-1)!).find((l) => l.kode.startsWith('510'))).toEqual({ kode: '5104', debit: 0, kredit: 240_000 });
      // A mapped account stays active and of its kind.
      const off = await send('PUT', `/api/akuntansi/akun/${mikro.id}`, {
        kode: '5104',
        nama: mikro.nama,
        kelompok: 'pendapatan',
        aktif: false,
      });
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe('Akun 5104 masih menerima posting otomatis; pindahkan dulu pemetaan perannya ke akun lain');
      const kas = await send('PUT', `/api/akuntansi/akun/${idOf('1101')}`, {
        kode: '1101',
        nama: 'Kas',
        kelompok: 'aset',
        kas_bank: false,
      });
      expect(kas.statusCode).toBe(409);
      expect(kas.json().message).toBe('Akun 1101 menerima uang tunai; tetap harus ditandai sebagai kas/bank');
      expect((await send('DELETE', `/api/akuntansi/akun/${mikro.id}`)).statusCode).toBe(409);
      // Every account the role has gone to is remembered (the tie-outs sum them).
      const { rows } = await sql<{ kode: string }>`
        select a.kode from akun_peran_riwayat r join akun a on a.id = r.akun_id where r.peran = 'pendapatan_margin' order by a.kode`.execute(
        t.app.db,
      );
      expect(rows.map((r) => r.kode)).toEqual(['5101', '5104']);
    } finally {
      expect((await send('PUT', '/api/akuntansi/peran', { peran: 'pendapatan_margin', akun_id: idOf('5101') })).statusCode).toBe(
        200,
      );
    }
  });
});

describe('the month-end provision (PPAP)', () => {
  it('brings the cadangan to what the month-end’s classes require, once, and back when they require less', async () => {
    await recordClosingSnapshot(t.app.db, '2024-05-31');
    const laporan = await t.request({ method: 'GET', url: '/api/laporan/kolektibilitas?bulan=2024-05' });
    expect(laporan.statusCode, laporan.body).toBe(200);
    const required = laporan.json().data.posisi.ppap_total as number;
    expect(required).toBeGreaterThan(0);
    const before = await trialBalance('2024-05-31');
    const held = -balanceOf(before, '1401');

    // At Jakarta's midnight on the 1st, the month-end before is the one provided for; two processes, one journal.
    const runs = await Promise.all([monthEndProvision(t.app.db, '2024-06-01'), monthEndProvision(t.app.db, '2024-06-15')]);
    expect(runs.map((r) => r?.outcome).sort()).toEqual(
      runs.some((r) => r?.outcome === 'busy') ? ['busy', 'done'] : ['already', 'done'],
    );
    expect(runs.find((r) => r?.outcome === 'done')?.selisih).toBe(required - held);
    expect((await monthEndProvision(t.app.db, '2024-06-30'))?.outcome).toBe('already');
    const after = await trialBalance('2024-05-31');
    expect(after.seimbang).toBe(true);
    expect(-balanceOf(after, '1401')).toBe(required);
    expect(balanceOf(after, '6101') - balanceOf(before, '6101')).toBe(required - held);
    const { rows } = await sql<{ sumber: string; tanggal: string; keterangan: string }>`
      select sumber, to_char(tanggal, 'YYYY-MM-DD') as tanggal, keterangan from jurnal where sumber = 'ppap'`.execute(t.app.db);
    expect(rows).toEqual([
      {
        sumber: 'ppap',
        tanggal: '2024-05-31',
        keterangan: `PPAP akhir bulan 31 Mei 2024: cadangan ${formatRupiah(held)} menjadi ${formatRupiah(required)}`,
      },
    ]);

    // A month-end without a snapshot yet: nothing (the daily run records it first).
    expect(await monthEndProvision(t.app.db, '2024-08-10')).toBeNull();
    // The next month-end requires less: the difference goes back, Dr cadangan / Cr beban PPAP.
    const back = await postMonthEndProvision(t.app.db, '2024-06-30', required - 100_000);
    expect(back).toEqual({ outcome: 'done', selisih: -100_000 });
    const june = await trialBalance('2024-06-30');
    expect(-balanceOf(june, '1401')).toBe(required - 100_000);
    expect(balanceOf(june, '6101')).toBe(balanceOf(after, '6101') - 100_000);
  });
});

describe('who reads the books', () => {
  it('refuses an operator with 403 and a clear message, and a bad date with 400', async () => {
    const { token } = await kasir();
    for (const url of ['/api/akuntansi/neraca-saldo', '/api/akuntansi/akun', '/api/pinjaman/1/jurnal']) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Hanya admin dan manajer yang dapat melihat pembukuan');
    }
    const bad = await t.request({ method: 'GET', url: '/api/akuntansi/neraca-saldo?tanggal=2024-02-30' });
    expect(bad.statusCode).toBe(400);
    // An unknown loan is not an empty book.
    const unknown = await t.request({ method: 'GET', url: '/api/pinjaman/999999/jurnal' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Pinjaman tidak ditemukan');
  });

  it('lists the chart of accounts with the roles each account takes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/akuntansi/akun' });
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json().data as { kode: string; nama: string; saldo_normal: string; peran: string[] }[];
    expect(chart.find((a) => a.kode === '1202')).toMatchObject({
      nama: 'Margin Murabahah Tangguhan',
      saldo_normal: 'kredit',
      peran: ['margin_tangguhan'],
    });
    expect(chart.find((a) => a.kode === '2201')?.peran).toEqual(['dana_kebajikan']);
  });
});

afterAll(async () => {
  if (t) await forgetMoneyEvents(t.app.db);
});
