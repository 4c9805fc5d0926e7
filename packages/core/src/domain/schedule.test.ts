import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculateMurabahah } from './murabahah';
import { buildMurabahahSchedule, dueDate, splitIntoInstalments } from './schedule';

describe('buildMurabahahSchedule', () => {
  it('builds the worked example: 12 lines of 1 240 000 summing to 14 880 000', () => {
    const schedule = buildMurabahahSchedule({
      tanggal_pinjam: '2024-01-31',
      jumlah: 12_000_000,
      persentase: 2,
      durasi_angsuran: 12,
    });
    expect(schedule).toHaveLength(12);
    expect(schedule.map((l) => l.jumlah)).toEqual(Array(12).fill(1_240_000));
    expect(schedule.reduce((sum, l) => sum + l.jumlah, 0)).toBe(14_880_000);
    expect(schedule.map((l) => l.jatuh_tempo)).toEqual([
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
    expect(schedule[0]).toEqual({ angsuran_ke: 1, jatuh_tempo: '2024-02-29', jumlah: 1_240_000, sisa_kewajiban: 13_640_000 });
    expect(schedule[11]?.sisa_kewajiban).toBe(0);
  });

  it('lets the last instalment absorb the rounding remainder', () => {
    const schedule = buildMurabahahSchedule({
      tanggal_pinjam: '2023-01-31',
      jumlah: 1_000_000,
      persentase: 0,
      durasi_angsuran: 3,
    });
    expect(schedule.map((l) => l.jumlah)).toEqual([333_333, 333_333, 333_334]);
    expect(schedule.map((l) => l.jatuh_tempo)).toEqual(['2023-02-28', '2023-03-31', '2023-04-30']);
  });

  it('makes the last instalment smaller when the regular one rounded up', () => {
    const schedule = buildMurabahahSchedule({ tanggal_pinjam: '2024-05-10', jumlah: 200, persentase: 0, durasi_angsuran: 3 });
    expect(schedule.map((l) => l.jumlah)).toEqual([67, 67, 66]);
    expect(schedule.map((l) => l.sisa_kewajiban)).toEqual([133, 66, 0]);
  });

  it('handles a 1-month loan and a 1-rupiah loan', () => {
    expect(
      buildMurabahahSchedule({ tanggal_pinjam: '2024-12-31', jumlah: 5_000_000, persentase: 2.5, durasi_angsuran: 1 }),
    ).toEqual([{ angsuran_ke: 1, jatuh_tempo: '2025-01-31', jumlah: 5_125_000, sisa_kewajiban: 0 }]);
    expect(
      buildMurabahahSchedule({ tanggal_pinjam: '2024-01-01', jumlah: 1, persentase: 2, durasi_angsuran: 3 }).map((l) => l.jumlah),
    ).toEqual([0, 0, 1]);
  });

  it('never produces a negative instalment for tiny totals over long terms', () => {
    // 7 / 12 rounds to 1: seven instalments of 1, then nothing is owed.
    expect(splitIntoInstalments(7, 12)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('handles amounts near 10^12 over 360 months', () => {
    const schedule = buildMurabahahSchedule({
      tanggal_pinjam: '2024-02-29',
      jumlah: 999_999_999_999,
      persentase: 2.75,
      durasi_angsuran: 360,
    });
    expect(schedule).toHaveLength(360);
    expect(schedule[0]?.jumlah).toBe(30_277_777_778);
    expect(schedule[359]?.jumlah).toBe(30_277_777_697);
    expect(schedule.reduce((sum, l) => sum + l.jumlah, 0)).toBe(10_899_999_999_999);
    expect(schedule[359]?.jatuh_tempo).toBe('2054-02-28');
    expect(schedule[47]?.jatuh_tempo).toBe('2028-02-29');
  });

  it('rejects a bad durasi or date', () => {
    expect(() =>
      buildMurabahahSchedule({ tanggal_pinjam: '2024-01-01', jumlah: 1000, persentase: 1, durasi_angsuran: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      buildMurabahahSchedule({ tanggal_pinjam: '2024-02-30', jumlah: 1000, persentase: 1, durasi_angsuran: 2 }),
    ).toThrow(RangeError);
    expect(() => splitIntoInstalments(10, 0)).toThrow(RangeError);
  });

  it('due date of instalment k is tanggal_pinjam plus k months', () => {
    expect(dueDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(dueDate('2024-01-31', 13)).toBe('2025-02-28');
  });
});

describe('schedule properties', () => {
  const loans = fc.record({
    tanggal_pinjam: fc
      .record({ y: fc.integer({ min: 2000, max: 2050 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
      .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    jumlah: fc.integer({ min: 1, max: 1_000_000_000_000 }),
    persentase: fc.integer({ min: 0, max: 10_000 }).map((bps) => bps / 100),
    durasi_angsuran: fc.integer({ min: 1, max: 360 }),
  });

  it('sums exactly to the total obligation with no negative line', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const schedule = buildMurabahahSchedule(loan);
        const { totalObligation, monthlyInstalment } = calculateMurabahah(loan.jumlah, loan.persentase, loan.durasi_angsuran);
        expect(schedule).toHaveLength(loan.durasi_angsuran);
        expect(schedule.reduce((sum, l) => sum + l.jumlah, 0)).toBe(totalObligation);
        expect(schedule.at(-1)?.sisa_kewajiban).toBe(0);
        for (const line of schedule.slice(0, -1)) {
          expect(line.jumlah).toBeGreaterThanOrEqual(0);
          expect(line.jumlah).toBeLessThanOrEqual(monthlyInstalment);
        }
        expect(schedule.at(-1)?.jumlah).toBeGreaterThanOrEqual(0);
        const dates = schedule.map((l) => l.jatuh_tempo);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
      }),
    );
  });

  it('splits any total into parts that add up to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000_000 }), fc.integer({ min: 1, max: 360 }), (total, count) => {
        const parts = splitIntoInstalments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every((p) => p >= 0)).toBe(true);
      }),
    );
  });
});
