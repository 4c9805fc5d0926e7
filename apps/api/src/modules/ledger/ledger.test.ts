import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-db';
import { LEDGER_JOB, runDailyLedger } from './ledger.service';
import { loansAfter, writeLedgers } from './ledger.repository';

// The daily ledger job (issue 23): days move without writes, so once a day every living loan's
// summary is computed again for the new Jakarta date, in batches, once, resumable.

let handle: DatabaseHandle & { url?: string };
const LOANS = 23;
beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  const nasabah = await db
    .insertInto('nasabah')
    .values({ nama: 'Budi', nik: '3201000000000001', status: 'aktif' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Loans lent on the 1st of successive months of 2024, 12 months at 2 %; the first k instalments
  // of loan k paid, so the arrears differ from loan to loan. One lunas loan and one deleted loan.
  for (let k = 0; k < LOANS; k += 1) {
    const month = String((k % 12) + 1).padStart(2, '0');
    const loan = await db
      .insertInto('pinjaman')
      .values({
        nasabah_id: nasabah.id,
        nomor_pinjaman: `L${k}`,
        urutan_pinjaman: k + 1,
        tanggal_pinjam: `2024-${month}-01`,
        jumlah: 12_000_000,
        persentase: 2,
        tipe: k % 5 === 4 ? 'non-pokok' : 'pokok',
        durasi_angsuran: k % 5 === 4 ? null : 12,
        status: k === 7 ? 'lunas' : 'aktif',
        sisa_pokok: 12_000_000,
        angsuran_per_bulan: null,
        jaminan: null,
        keterangan: null,
        kwitansi: null,
        created_by: null,
        updated_by: null,
        deleted_at: k === 9 ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= k % 4; i += 1)
      await db
        .insertInto('pembayaran')
        .values({ pinjaman_id: loan.id, tanggal: `2024-${month}-02`, jumlah: 1_240_000, jenis: 'angsuran', angsuran_ke: i })
        .execute();
  }
});
afterAll(async () => {
  await handle.close();
});

const ledgerRows = () =>
  handle.db
    .selectFrom('pinjaman')
    .select([
      'id',
      'hari_tunggakan',
      'kolektibilitas',
      'tunggakan_total',
      'angsuran_tertunggak',
      'jatuh_tempo_tertua',
      'ledger_tanggal',
    ])
    .orderBy('id')
    .execute();
const run = (tanggal: string) =>
  handle.db.selectFrom('job_runs').selectAll().where('job', '=', LEDGER_JOB).where('tanggal', '=', tanggal).executeTakeFirst();

describe('runDailyLedger', () => {
  it('computes every living loan that can change, and a second run of the day changes nothing', async () => {
    const first = await runDailyLedger(handle.db, '2025-03-01', { batch: 5 });
    // 23 loans: the deleted one is left out, and the lunas one (no arrears on any day).
    expect(first).toEqual({ outcome: 'done', processed: LOANS - 2, written: LOANS - 2 });
    const rows = await ledgerRows();
    const computed = rows.filter((r) => r.ledger_tanggal === '2025-03-01');
    expect(computed).toHaveLength(LOANS - 2);
    expect(new Set(computed.map((r) => r.kolektibilitas)).size).toBeGreaterThan(1);
    expect(computed.every((r) => r.hari_tunggakan >= 0)).toBe(true);

    expect(await runDailyLedger(handle.db, '2025-03-01', { batch: 5 })).toEqual({ outcome: 'already', processed: 0, written: 0 });
    expect(await ledgerRows()).toEqual(rows);
    expect(await run('2025-03-01')).toMatchObject({ processed: LOANS - 2 });
    // Computed again (another process's run of the same day, forgotten runs): the same figures, no
    // row rewritten.
    await handle.db.deleteFrom('job_runs').execute();
    expect(await runDailyLedger(handle.db, '2025-03-01', { batch: 5 })).toEqual({
      outcome: 'done',
      processed: LOANS - 2,
      written: 0,
    });
    expect(await ledgerRows()).toEqual(rows);
  });

  it('moves the days past due by the days that passed, and resumes after a stop at its cursor', async () => {
    const before = await ledgerRows();
    const stop = new AbortController();
    // Stop after the first batch: the cursor stays where that batch ended.
    await runDailyLedger(handle.db, '2025-03-11', { batch: 4, signal: stop.signal, onBatch: () => stop.abort() });
    const saved = await run('2025-03-11');
    expect(saved?.finished_at).toBeNull();
    expect(Number(saved?.processed)).toBeGreaterThan(0);
    expect(Number(saved?.processed)).toBeLessThan(LOANS - 2);

    const rest = await runDailyLedger(handle.db, '2025-03-11', { batch: 4 });
    expect(rest.outcome).toBe('done');
    expect(Number(saved!.processed) + rest.processed).toBe(LOANS - 2);
    const after = await ledgerRows();
    const was = (id: number) => before.find((b) => b.id === id)!;
    // Loans late on 2025-03-01 whose oldest unpaid instalment is still the same are ten days later.
    const moved = after.filter(
      (row) =>
        row.ledger_tanggal === '2025-03-11' &&
        was(row.id).hari_tunggakan > 0 &&
        was(row.id).jatuh_tempo_tertua === row.jatuh_tempo_tertua,
    );
    expect(moved.length).toBeGreaterThan(5);
    for (const row of moved) expect(row.hari_tunggakan).toBe(was(row.id).hari_tunggakan + 10);
    // A row is rewritten only when a figure moved; the others keep the date they were last true
    // from, and their figures.
    for (const row of after.filter((r) => r.ledger_tanggal !== '2025-03-11' && r.ledger_tanggal !== null)) {
      expect({ ...row, ledger_tanggal: null }).toEqual({ ...was(row.id), ledger_tanggal: null });
    }
  });

  it('computes lunas loans too with everyLoan, and writes them only the first time', async () => {
    await handle.db.deleteFrom('job_runs').execute();
    const all = await runDailyLedger(handle.db, '2025-03-11', { everyLoan: true });
    expect(all).toMatchObject({ outcome: 'done', processed: LOANS - 1, written: 1 });
    const lunas = await handle.db
      .selectFrom('pinjaman')
      .select(['hari_tunggakan', 'kolektibilitas', 'tunggakan_total', 'ledger_tanggal'])
      .where('nomor_pinjaman', '=', 'L7')
      .executeTakeFirstOrThrow();
    expect(lunas).toEqual({ hari_tunggakan: 0, kolektibilitas: 1, tunggakan_total: 0, ledger_tanggal: '2025-03-11' });
    await handle.db.deleteFrom('job_runs').execute();
    expect(await runDailyLedger(handle.db, '2025-03-11', { everyLoan: true })).toMatchObject({
      processed: LOANS - 1,
      written: 0,
    });
  });

  it('never writes over a loan changed after the batch read it (a payment refreshed it itself)', async () => {
    const [loan] = await loansAfter(handle.db, 0, 1);
    // A payment write's refresh, committed between the batch's read and its write.
    await handle.db.updateTable('pinjaman').set({ hari_tunggakan: 4321 }).where('id', '=', loan!.id).execute();
    const stale = {
      id: loan!.id,
      versi: loan!.versi,
      hari_tunggakan: 1,
      kolektibilitas: 2,
      tunggakan_pokok: 1,
      tunggakan_margin: 1,
      tunggakan_bagi_hasil: 0,
      tunggakan_total: 2,
      angsuran_tertunggak: 1,
      jatuh_tempo_tertua: '2025-01-01',
      jatuh_tempo_berikutnya: null,
      jumlah_berikutnya: null,
    };
    expect(await writeLedgers(handle.db, '2025-05-01', [stale])).toEqual([]);
    const row = await handle.db
      .selectFrom('pinjaman')
      .select(['hari_tunggakan', 'ledger_tanggal'])
      .where('id', '=', loan!.id)
      .executeTakeFirstOrThrow();
    expect(row.hari_tunggakan).toBe(4321);
    expect(row.ledger_tanggal).not.toBe('2025-05-01');
    // Read again, the same figures are written.
    const [fresh] = await loansAfter(handle.db, 0, 1);
    expect(await writeLedgers(handle.db, '2025-05-01', [{ ...stale, versi: fresh!.versi }])).toEqual([stale.id]);
  });

  it.runIf(process.env.MIZAN_TEST_DB === 'postgres')('runs once with two server processes on one PostgreSQL', async () => {
    const other = await openPostgres(handle.url!, 2);
    try {
      const [a, b] = await Promise.all([
        runDailyLedger(handle.db, '2025-04-01', { batch: 3 }),
        runDailyLedger(other.db, '2025-04-01', { batch: 3 }),
      ]);
      // Each batch is done by one of them, never both: together they did every loan once.
      expect(a.processed + b.processed).toBe(LOANS - 2);
      expect([a.outcome, b.outcome]).toContain('done');
      expect(await run('2025-04-01')).toMatchObject({ processed: LOANS - 2 });
    } finally {
      await other.close();
    }
  });
});
