import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it.each([
    [2, undefined, '2,00%'],
    [0, undefined, '0,00%'],
    [12.5, undefined, '12,50%'],
    [1.15, undefined, '1,15%'],
    [100, undefined, '100,00%'],
    [1234.5, undefined, '1.234,50%'],
    [35.16666, undefined, '35,17%'],
    [2, 0, '2%'],
    [2.5, 1, '2,5%'],
    [null, undefined, '0,00%'],
    [undefined, undefined, '0,00%'],
    [Number.NaN, undefined, '0,00%'],
  ])('%s with %s decimals → %j', (value, decimals, expected) => {
    expect(formatPercent(value, decimals)).toBe(expected);
  });
});
