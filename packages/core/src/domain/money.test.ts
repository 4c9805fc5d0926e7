import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  atLeastZero,
  cappedPercent,
  divRoundHalfUp,
  percentOfRupiah,
  roundRupiah,
  sumPayments,
  sumRupiah,
  toBasisPoints,
} from './money';

describe('divRoundHalfUp', () => {
  it.each([
    [10n, 4n, 3n], // 2.5 → 3
    [9n, 4n, 2n], // 2.25 → 2
    [11n, 4n, 3n], // 2.75 → 3
    [0n, 7n, 0n],
    [1n, 2n, 1n], // 0.5 → 1
    [1n, 3n, 0n],
    [-10n, 4n, -3n], // half away from zero
    [-9n, 4n, -2n],
    [14_880_000n, 12n, 1_240_000n],
  ])('%s / %s = %s', (n, d, q) => {
    expect(divRoundHalfUp(n, d)).toBe(q);
  });

  it('refuses to divide by zero', () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it('is within half a unit of the exact quotient, ties rounding up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const q = divRoundHalfUp(n, d);
        const twiceError = 2n * (q * d - n); // in (-d, d]
        expect(twiceError > -d && twiceError <= d).toBe(true);
      }),
    );
  });
});

describe('toBasisPoints', () => {
  it.each([
    [2, 200],
    [0, 0],
    [1.15, 115], // 1.15 * 100 = 114.99999999999999 in binary floating point
    [2.5, 250],
    [0.01, 1],
    [100, 10_000],
    [Number.NaN, 0],
  ])('%s %% = %s bp', (persentase, bps) => {
    expect(toBasisPoints(persentase)).toBe(bps);
  });
});

describe('percentOfRupiah', () => {
  it.each([
    [12_000_000, 2, 1, 240_000],
    [12_000_000, 2, 12, 2_880_000],
    [1000, 1.15, 1, 12], // 11.5 exactly → 12 (naive float gives 11.499999999999998 → 11)
    [25, 2, 1, 1], // 0.5 → 1
    [24, 2, 1, 0], // 0.48 → 0
    [1, 2, 1, 0],
    [1, 50, 1, 1], // 0.5 → 1
    [10_000_000, 0, 12, 0],
    [999_999_999_999, 2.75, 1, 27_500_000_000], // 27 499 999 999.9725
    [1_000_000_000_000, 100, 360, 360_000_000_000_000], // beyond 2^53 before dividing
  ])('%s × %s %% × %s = %s', (jumlah, persentase, times, expected) => {
    expect(percentOfRupiah(jumlah, persentase, times)).toBe(expected);
  });
});

describe('roundRupiah', () => {
  it.each([
    [1.5, 2],
    [2.5, 3],
    [1.49, 1],
    [-1.5, -2],
    [-0.4, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%s → %s', (value, expected) => {
    expect(Object.is(roundRupiah(value), expected)).toBe(true);
  });
});

describe('sums and clamps', () => {
  it('sums rupiah and payments by jenis', () => {
    const payments = [
      { jenis: 'angsuran' as const, jumlah: 1_240_000 },
      { jenis: 'bagi_hasil' as const, jumlah: 100_000 },
      { jenis: 'pokok' as const, jumlah: 500_000 },
    ];
    expect(sumRupiah([1, 2, 3])).toBe(6);
    expect(sumRupiah([])).toBe(0);
    expect(sumPayments(payments)).toBe(1_840_000);
    expect(sumPayments(payments, ['angsuran', 'pokok'])).toBe(1_740_000);
    expect(sumPayments(payments, ['pelunasan'])).toBe(0);
  });

  it('clamps at zero and caps percentages at 100', () => {
    expect(atLeastZero(-5)).toBe(0);
    expect(atLeastZero(5)).toBe(5);
    expect(cappedPercent(1, 4)).toBe(25);
    expect(cappedPercent(5, 4)).toBe(100);
    expect(cappedPercent(5, 0)).toBe(0);
    expect(cappedPercent(-5, 10)).toBe(0);
  });
});
