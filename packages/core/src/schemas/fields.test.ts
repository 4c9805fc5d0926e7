import { describe, expect, it } from 'vitest';
import { isoDateError, toNumberInput } from './fields';

describe('toNumberInput', () => {
  it.each([
    ['12', false, 12],
    [' 12000000 ', false, 12_000_000],
    ['2.5', false, 2.5],
    ['-3', false, -3],
    ['2,5', false, '2,5'], // a comma is only a decimal separator where allowed
    ['2,5', true, 2.5],
    ['12,000', true, 12], // decimal comma: 12,000 is twelve
    ['', false, undefined],
    ['   ', false, undefined],
    [null, false, undefined],
    [undefined, false, undefined],
    [Number.NaN, false, undefined],
    [7, false, 7],
    ['1e3', false, '1e3'],
    ['Rp 5', false, 'Rp 5'],
    [true, false, true],
  ])('%j (decimal comma %s) → %j', (value, decimalComma, expected) => {
    expect(toNumberInput(value, decimalComma)).toBe(expected);
  });
});

describe('isoDateError', () => {
  it.each([
    ['2024-02-29', null],
    ['1900-01-01', null],
    ['2100-12-31', null],
    ['2023-02-29', 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
    ['29/02/2024', 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD'],
    ['1899-12-31', 'Tahun pada tanggal harus antara 1900 dan 2100'],
    ['2101-01-01', 'Tahun pada tanggal harus antara 1900 dan 2100'],
  ])('%s → %j', (value, expected) => {
    expect(isoDateError(value)).toBe(expected);
  });
});
