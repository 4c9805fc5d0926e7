import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { autofillPembayaran, isIsoDate, loanPosition, paymentsByLoan, todayJakarta } from '@mizan/core';
import type { DatabaseHandle } from '../database';
import { databasePerFile } from '../../test/test-app';
import { ensureLoanEvents, postLoanEvent } from '../../modules/mutasi/mutasi.service';
import { refreshTotalPinjaman } from '../../modules/nasabah/nasabah.service';
import { countBusinessRows, generateScaleData, loadScaleData, monthsElapsed } from './scale';

const TODAY = '2026-11-22';
const options = {
  nasabah: 50,
  pinjaman: 150,
  pembayaran: 1500,
  today: TODAY,
  userId: null,
  chunkCustomers: 20,
  rowsPerStatement: 200,
};

let handle: DatabaseHandle;
let indexesBefore: string[];
let written: Awaited<ReturnType<typeof loadScaleData>>;

const indexNames = async () =>
  (
    await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where tablename in ('nasabah', 'pinjaman', 'pembayaran') order by indexname`.execute(handle.db)
  ).rows.map((r) => r.indexdef);

databasePerFile(async (fresh) => {
  handle = fresh;
  indexesBefore = await indexNames();
  written = await loadScaleData(handle.db, options);
});

describe('scale data loader (50 customers)', () => {
  it('writes the requested customers and loans, and about the requested payments', async () => {
    expect(written.nasabah).toBe(50);
    expect(written.pinjaman).toBe(150);
    expect(written.pembayaran).toBeGreaterThan(1500 * 0.8);
    expect(written.pembayaran).toBeLessThanOrEqual(1500);
    expect(await countBusinessRows(handle.db)).toEqual(written);
  });

  it('rebuilds exactly the indexes it dropped for the load', async () => {
    expect(await indexNames()).toEqual(indexesBefore);
  });

  it('stores maintained loan balances and statuses that the services would compute themselves', async () => {
    const db = handle.db;
    const before = await db
      .selectFrom('pinjaman')
      .select(['id', 'sisa_pokok', 'sisa_margin', 'total_pembayaran', 'angsuran_per_bulan', 'status'])
      .orderBy('id')
      .execute();
    // total_pembayaran = Σ payments, in SQL; the principal and margin left are the loan's position
    // (core loanPosition, issue 47) over the payments stored, and the SQL sum of those payments
    // is what the position was paid.
    const { rows } = await sql<{ id: number; total: number }>`
      select p.id, coalesce(sum(b.jumlah), 0)::bigint as total
      from pinjaman p left join pembayaran b on b.pinjaman_id = p.id and b.deleted_at is null
      group by p.id order by p.id`.execute(db);
    expect(before.map((l) => [l.id, l.total_pembayaran])).toEqual(rows.map((r) => [r.id, Number(r.total)]));
    const loans = await db.selectFrom('pinjaman').selectAll().orderBy('id').execute();
    const payments = paymentsByLoan(
      await db
        .selectFrom('pembayaran')
        .select(['id', 'pinjaman_id', 'tanggal', 'jumlah', 'jenis', 'angsuran_ke'])
        .where('deleted_at', 'is', null)
        .execute(),
    );
    expect(before.map((l) => [l.id, l.sisa_pokok, l.sisa_margin])).toEqual(
      loans.map((loan) => {
        const p = loanPosition(loan, payments.get(loan.id) ?? [], todayJakarta());
        return [loan.id, p.sisa_pokok, p.sisa_margin];
      }),
    );

    // The services' own refresh (the code every payment write runs) changes nothing.
    const after = await db.transaction().execute(async (trx) => {
      const refreshed = [];
      for (const loan of before) {
        await ensureLoanEvents(trx, [loan.id], todayJakarta());
        refreshed.push(await postLoanEvent(trx, loan.id, todayJakarta(), { jenis: 'penyesuaian', userId: null }));
      }
      return refreshed;
    });
    expect(after.map((l) => [l.id, l.sisa_pokok, l.total_pembayaran, l.angsuran_per_bulan, l.status])).toEqual(
      before.map((l) => [l.id, l.sisa_pokok, l.total_pembayaran, l.angsuran_per_bulan, l.status]),
    );
    const statuses = new Set(before.map((l) => l.status));
    expect(statuses.has('aktif')).toBe(true);
    expect(statuses.has('lunas')).toBe(true);
  });

  it('stores each customer total_pinjaman as the sum of its loans', async () => {
    const db = handle.db;
    const customers = await db.selectFrom('nasabah').select(['id', 'total_pinjaman']).orderBy('id').execute();
    const recomputed = await db.transaction().execute(async (trx) => {
      const totals = [];
      for (const c of customers) totals.push(await refreshTotalPinjaman(trx, c.id));
      return totals;
    });
    expect(recomputed).toEqual(customers.map((c) => c.total_pinjaman));
  });

  it("gives each loan its customer's nama and NIK (the copies the triggers keep, written directly while they are off)", async () => {
    const loans = await handle.db
      .selectFrom('pinjaman')
      .innerJoin('nasabah', 'nasabah.id', 'pinjaman.nasabah_id')
      .select(['pinjaman.nasabah_nama', 'pinjaman.nasabah_nik', 'nasabah.nama', 'nasabah.nik'])
      .execute();
    expect(loans.length).toBeGreaterThan(0);
    expect(loans.some((l) => l.nik === null)).toBe(true);
    for (const loan of loans) expect([loan.nasabah_nama, loan.nasabah_nik]).toEqual([loan.nama, loan.nik]);
  });

  it('records payments as the auto-fill proposes them, in order and never in the future', async () => {
    const db = handle.db;
    const loans = await db.selectFrom('pinjaman').selectAll().orderBy('id').execute();
    const payments = await db
      .selectFrom('pembayaran')
      .selectAll()
      .orderBy('pinjaman_id')
      .orderBy('tanggal')
      .orderBy('id')
      .execute();
    const byLoan = new Map<number, typeof payments>();
    for (const p of payments) byLoan.set(p.pinjaman_id, [...(byLoan.get(p.pinjaman_id) ?? []), p]);
    let checked = 0;
    for (const loan of loans) {
      const earlier: { angsuran_ke: number | null }[] = [];
      for (const payment of byLoan.get(loan.id) ?? []) {
        expect(isIsoDate(payment.tanggal)).toBe(true);
        expect(payment.tanggal <= TODAY).toBe(true);
        expect(payment.tanggal >= loan.tanggal_pinjam).toBe(true);
        if (payment.jenis === 'angsuran' || payment.jenis === 'bagi_hasil') {
          const fill = autofillPembayaran(loan, earlier);
          expect([payment.jenis, payment.jumlah, payment.angsuran_ke]).toEqual([fill.jenis, fill.jumlah, fill.angsuran_ke]);
          checked += 1;
        }
        earlier.push(payment);
      }
    }
    expect(checked).toBeGreaterThan(payments.length / 2);
  });

  it('gives customers unique 16-digit NIKs and keeps the id sequences past the loaded rows', async () => {
    const db = handle.db;
    const niks = (await db.selectFrom('nasabah').select('nik').where('nik', 'is not', null).execute()).map((r) => r.nik!);
    expect(niks.every((nik) => /^\d{16}$/.test(nik))).toBe(true);
    expect(new Set(niks).size).toBe(niks.length);
    const row = await db
      .insertInto('nasabah')
      .values({ nama: 'Nasabah Baru', nik: '3201000000009999', status: 'aktif' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(51);
  });

  it('is deterministic: the same options give the same data', () => {
    const first = JSON.stringify([...generateScaleData(options)]);
    expect(JSON.stringify([...generateScaleData(options)])).toBe(first);
    expect(JSON.stringify([...generateScaleData({ ...options, seed: 7 })])).not.toBe(first);
  });

  it('counts whole months the way the schedule dates them', () => {
    expect(monthsElapsed('2026-01-31', '2026-02-27')).toBe(0);
    expect(monthsElapsed('2026-01-31', '2026-02-28')).toBe(1);
    expect(monthsElapsed('2025-11-22', '2026-11-22')).toBe(12);
    expect(monthsElapsed('2026-12-01', '2026-11-22')).toBe(0);
  });
});
