import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmountInput, parseAmountInput } from './amount-input';

describe('amount input', () => {
  it.each([
    ['Rp 12.000.000', 12_000_000],
    ['12000000', 12_000_000],
    ['12.000.000', 12_000_000],
    ['1.500,50', 150_050], // digits only, as the form does
    ['007', 7],
    ['0', 0],
    ['', null],
    ['Rp ', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    ['12345678901234567890', 123_456_789_012_345], // capped at 15 digits
  ])('parseAmountInput(%j) = %j', (text, expected) => {
    expect(parseAmountInput(text)).toBe(expected);
  });

  it.each([
    [12_000_000, 'Rp 12.000.000'],
    [0, 'Rp 0'],
    [1, 'Rp 1'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('formatAmountInput(%j) = %j', (value, expected) => {
    expect(formatAmountInput(value)).toBe(expected);
  });

  it('format → parse is the identity for whole amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (amount) => {
        expect(parseAmountInput(formatAmountInput(amount))).toBe(amount);
      }),
    );
  });
});
