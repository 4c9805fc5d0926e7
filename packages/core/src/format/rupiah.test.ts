import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAngka, formatRupiah } from './rupiah';

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

// Intl's id-ID formats, as the browser and Node write them: the reference the hand-written grouping
// must equal (it exists only to spare a phone the locale's data on a list's first render).
const intlRupiah = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  roundingMode: 'halfExpand',
});
const intlAngka = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, roundingMode: 'halfExpand' });
const amounts = fc.oneof(
  fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
  fc.maxSafeInteger(),
  fc.double({ min: -1e12, max: 1e12, noNaN: true }),
);

describe('formatAngka and formatRupiah against Intl id-ID', () => {
  it('write every amount as Intl does (the sign of an amount that rounds to 0 aside)', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        const rounded = Math.sign(value) * Math.round(Math.abs(value));
        const zero = rounded === 0;
        expect(formatAngka(value)).toBe(zero ? '0' : intlAngka.format(value));
        expect(formatRupiah(value)).toBe(zero ? 'Rp 0' : intlRupiah.format(value).replace(/\s/g, ' '));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.000'],
    [-1000, '-1.000'],
    [100_000, '100.000'],
    [1_234_567, '1.234.567'],
    [2.5, '3'],
    [-2.5, '-3'],
    [-0.4, '0'],
  ])('formatAngka(%s) → %j', (value, expected) => {
    expect(formatAngka(value)).toBe(expected);
  });
});
