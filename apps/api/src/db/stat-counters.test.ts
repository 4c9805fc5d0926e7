import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';
import { databasePerFile } from '../test/test-app';
import { countNasabah, countPembayaran, countPinjaman, sumPembayaranBetween } from './stat-counters';
import { loadScaleData } from './seed/scale';

let handle: DatabaseHandle;

databasePerFile(async (fresh) => {
  handle = fresh;
  await loadScaleData(handle.db, { nasabah: 40, pinjaman: 120, pembayaran: 1000, today: '2026-11-22', userId: null });
});

/** The same figures computed by scanning the tables. */
async function scanned() {
  const db = handle.db;
  const nasabah = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from nasabah where deleted_at is null group by status`.execute(db);
  const pinjaman = await sql<{ status: string; n: number; jumlah: number }>`
    select status, count(*)::int as n, sum(jumlah)::bigint as jumlah from pinjaman where deleted_at is null group by status`.execute(
    db,
  );
  const pembayaran = await sql<{ ym: string; jenis: string; n: number; jumlah: number }>`
    select to_char(b.tanggal, 'YYYY-MM') as ym, b.jenis, count(*)::int as n, sum(b.jumlah)::bigint as jumlah
    from pembayaran b join pinjaman p on p.id = b.pinjaman_id
    where b.deleted_at is null and p.deleted_at is null group by 1, 2`.execute(db);
  const days = await sql<{ tanggal: string; jumlah: number }>`
    select to_char(b.tanggal, 'YYYY-MM-DD') as tanggal, sum(b.jumlah)::bigint as jumlah
    from pembayaran b join pinjaman p on p.id = b.pinjaman_id
    where b.deleted_at is null and p.deleted_at is null group by 1 order by 1`.execute(db);
  return { nasabah: nasabah.rows, pinjaman: pinjaman.rows, pembayaran: pembayaran.rows, days: days.rows };
}

async function expectCountersMatchScan() {
  const db = handle.db;
  const scan = await scanned();
  const n = await countNasabah(db);
  for (const status of ['aktif', 'nonaktif'] as const) {
    expect(n[status]).toBe(scan.nasabah.find((r) => r.status === status)?.n ?? 0);
  }
  expect(n.total).toBe(scan.nasabah.reduce((s, r) => s + r.n, 0));
  const p = await countPinjaman(db);
  for (const status of ['aktif', 'lunas', 'macet', 'pending']) {
    const row = scan.pinjaman.find((r) => r.status === status);
    expect([status, p.count(status), p.jumlah(status)]).toEqual([status, row?.n ?? 0, Number(row?.jumlah ?? 0)]);
  }
  const months = [...new Set(scan.pembayaran.map((r) => r.ym))];
  expect(months.length).toBeGreaterThan(3);
  for (const ym of months) {
    const [year, month] = ym.split('-').map(Number) as [number, number];
    const rows = scan.pembayaran.filter((r) => r.ym === ym);
    expect(await countPembayaran(db, { year, month })).toEqual({
      count: rows.reduce((s, r) => s + r.n, 0),
      sum: rows.reduce((s, r) => s + Number(r.jumlah), 0),
    });
    const angsuran = rows.find((r) => r.jenis === 'angsuran');
    expect(await countPembayaran(db, { year, month, jenis: 'angsuran' })).toEqual({
      count: angsuran?.n ?? 0,
      sum: Number(angsuran?.jumlah ?? 0),
    });
  }
  const year = Number(months[0]!.slice(0, 4));
  const ofYear = scan.pembayaran.filter((r) => r.ym.startsWith(`${year}-`));
  expect((await countPembayaran(db, { year })).count).toBe(ofYear.reduce((s, r) => s + r.n, 0));
  const november = scan.pembayaran.filter((r) => r.ym.endsWith('-11'));
  expect((await countPembayaran(db, { month: 11 })).count).toBe(november.reduce((s, r) => s + r.n, 0));
  // The day counters: every day that has payments, and a range across days.
  expect(scan.days.length).toBeGreaterThan(10);
  for (const day of scan.days)
    expect([day.tanggal, await sumPembayaranBetween(db, day.tanggal, day.tanggal)]).toEqual([day.tanggal, Number(day.jumlah)]);
  const [from, to] = [scan.days[2]!.tanggal, scan.days.at(-3)!.tanggal];
  expect(await sumPembayaranBetween(db, from, to)).toBe(
    scan.days.filter((d) => d.tanggal >= from && d.tanggal <= to).reduce((s, d) => s + Number(d.jumlah), 0),
  );
  expect(await countPembayaran(db, {})).toEqual({
    count: scan.pembayaran.reduce((s, r) => s + r.n, 0),
    sum: scan.pembayaran.reduce((s, r) => s + Number(r.jumlah), 0),
  });
}

describe('maintained counters (stat_counters migration)', () => {
  it('match a scan after a bulk load', async () => {
    await expectCountersMatchScan();
  });

  it('follow inserts, status changes, edits, soft deletes and restores in the same transaction', async () => {
    const db = handle.db;
    await db.transaction().execute(async (trx) => {
      const c = await trx
        .insertInto('nasabah')
        .values({ nama: 'Baru', nik: '3201999999990001', status: 'aktif' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('nasabah').set({ status: 'nonaktif' }).where('id', '=', 3).execute();
      await trx.updateTable('nasabah').set({ deleted_at: new Date() }).where('id', '=', 4).execute();
      const loan = await trx
        .insertInto('pinjaman')
        .values({
          nasabah_id: c.id,
          nomor_pinjaman: '',
          urutan_pinjaman: 1,
          status: 'aktif',
          tanggal_pinjam: '2026-10-01',
          jumlah: 5_000_000,
          persentase: 2,
          tipe: 'pokok',
          durasi_angsuran: 10,
          sisa_pokok: 5_000_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('pembayaran')
        .values([
          { pinjaman_id: loan.id, tanggal: '2026-11-01', jumlah: 600_000, jenis: 'angsuran', angsuran_ke: 1 },
          { pinjaman_id: loan.id, tanggal: '2026-11-02', jumlah: 1_000, jenis: 'pokok' },
        ])
        .execute();
      await trx.updateTable('pinjaman').set({ status: 'macet', jumlah: 5_500_000 }).where('id', '=', loan.id).execute();
    });
    await expectCountersMatchScan();

    // A payment moved in time, in kind and to another loan; one deleted.
    const payments = await db.selectFrom('pembayaran').select(['id', 'pinjaman_id']).orderBy('id').limit(3).execute();
    await db
      .updateTable('pembayaran')
      .set({ tanggal: '2026-01-15', jenis: 'pokok', jumlah: 777 })
      .where('id', '=', payments[0]!.id)
      .execute();
    await db.updateTable('pembayaran').set({ pinjaman_id: 7 }).where('id', '=', payments[1]!.id).execute();
    await db.updateTable('pembayaran').set({ deleted_at: new Date() }).where('id', '=', payments[2]!.id).execute();
    await expectCountersMatchScan();

    // A deleted loan takes its payments out of the counts; restoring it brings them back.
    const loanWithPayments = await db
      .selectFrom('pembayaran')
      .select('pinjaman_id')
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await db.updateTable('pinjaman').set({ deleted_at: new Date() }).where('id', '=', loanWithPayments.pinjaman_id).execute();
    await expectCountersMatchScan();
    await db.updateTable('pinjaman').set({ deleted_at: null }).where('id', '=', loanWithPayments.pinjaman_id).execute();
    await expectCountersMatchScan();
  });

  it('are unchanged by a rolled-back transaction', async () => {
    const before = await countPinjaman(handle.db);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('pinjaman').set({ status: 'lunas' }).where('status', '=', 'aktif').execute();
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await countPinjaman(handle.db)).aktif).toBe(before.aktif);
    await expectCountersMatchScan();
  });
});
