import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  mudharabahEstimatedProfit,
  mudharabahPrincipalReturned,
  mudharabahProfitPerPeriod,
  mudharabahProgress,
  summarizeMudharabahLoan,
} from './mudharabah';
import type { JenisPembayaran, PaymentAmount } from './types';

const pay = (jenis: JenisPembayaran, jumlah: number): PaymentAmount => ({ jenis, jumlah });

describe('Mudharabah bagi hasil per period = jumlah × persentase / 100', () => {
  it.each([
    [10_000_000, 1.5, 150_000],
    [12_000_000, 2, 240_000],
    [10_000_000, 0, 0],
    [1, 2, 0],
    [25, 2, 1], // 0.5 rounds half-up
    [1000, 1.15, 12], // 11.5, no float drift
    [1_000_000_000_000, 2.75, 27_500_000_000],
  ])('%s at %s %% = %s', (jumlah, persentase, expected) => {
    expect(mudharabahProfitPerPeriod(jumlah, persentase)).toBe(expected);
  });
});

describe('Mudharabah progress = all payments / (jumlah + estimated profit)', () => {
  it('uses the bagi hasil shared so far as the estimated profit', () => {
    const payments = [pay('bagi_hasil', 150_000), pay('bagi_hasil', 150_000), pay('pokok', 4_000_000)];
    expect(mudharabahEstimatedProfit(payments)).toBe(300_000);
    expect(mudharabahPrincipalReturned(payments)).toBe(4_000_000);
    // 4 300 000 / 10 300 000
    expect(mudharabahProgress(10_000_000, payments)).toBeCloseTo(41.7476, 4);
  });

  it('reaches exactly 100 % when the principal is back, whatever the profit shared', () => {
    expect(
      mudharabahProgress(10_000_000, [pay('bagi_hasil', 300_000), pay('angsuran', 6_000_000), pay('pelunasan', 4_000_000)]),
    ).toBe(100);
    expect(mudharabahProgress(10_000_000, [pay('pokok', 10_000_000)])).toBe(100);
    expect(mudharabahProgress(10_000_000, [pay('pokok', 9_999_999), pay('bagi_hasil', 50_000_000)])).toBeLessThan(100);
  });

  it('is 0 without payments', () => {
    expect(mudharabahProgress(10_000_000, [])).toBe(0);
  });

  it('summarises the loan detail panel', () => {
    expect(
      summarizeMudharabahLoan({ jumlah: 10_000_000, persentase: 1.5 }, [
        pay('bagi_hasil', 150_000),
        pay('bagi_hasil', 150_000),
        pay('pokok', 4_000_000),
      ]),
    ).toEqual({
      profitPerPeriod: 150_000,
      profitShared: 300_000,
      principalReturned: 4_000_000,
      remainingPrincipal: 6_000_000,
      totalPaid: 4_300_000,
      progressPercent: (4_300_000 / 10_300_000) * 100,
    });
  });

  it('never exceeds 100 % and never leaves a negative remainder', () => {
    const jenis = fc.constantFrom<JenisPembayaran>('angsuran', 'bagi_hasil', 'pokok', 'pelunasan');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000_000 }),
        fc.array(fc.record({ jenis, jumlah: fc.integer({ min: 1, max: 1_000_000_000_000 }) }), { maxLength: 30 }),
        (jumlah, payments) => {
          const s = summarizeMudharabahLoan({ jumlah, persentase: 2 }, payments);
          expect(s.progressPercent).toBeGreaterThanOrEqual(0);
          expect(s.progressPercent).toBeLessThanOrEqual(100);
          expect(s.remainingPrincipal).toBeGreaterThanOrEqual(0);
          expect(s.progressPercent === 100).toBe(s.principalReturned >= jumlah);
        },
      ),
    );
  });
});
