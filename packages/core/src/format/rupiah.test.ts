import { describe, expect, it } from 'vitest';
import { formatRupiah } from './rupiah';

describe('formatRupiah', () => {
  it.each([
    [12_000_000, 'Rp 12.000.000'],
    [0, 'Rp 0'],
    [1, 'Rp 1'],
    [1_240_000, 'Rp 1.240.000'],
    [1_000_000_000_000, 'Rp 1.000.000.000.000'],
    [999_999_999_999, 'Rp 999.999.999.999'],
    [-5_000, '-Rp 5.000'],
    [1234.5, 'Rp 1.235'], // half-up
    [-0.4, 'Rp 0'],
    [null, 'Rp 0'],
    [undefined, 'Rp 0'],
    [Number.NaN, 'Rp 0'],
    [Number.POSITIVE_INFINITY, 'Rp 0'],
  ])('%s → %j', (value, expected) => {
    expect(formatRupiah(value)).toBe(expected);
  });

  it('uses a plain space, not the non-breaking space Intl produces', () => {
    expect(formatRupiah(12_000_000)).not.toContain('\u00a0');
    expect(formatRupiah(12_000_000).charCodeAt(2)).toBe(32);
  });
});
