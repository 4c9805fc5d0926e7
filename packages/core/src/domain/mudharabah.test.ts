import { describe, expect, it } from 'vitest';
import { mudharabahProfitPerPeriod } from './mudharabah';

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
