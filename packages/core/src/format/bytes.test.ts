import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatUkuranFile } from './bytes';

describe('formatUkuranFile', () => {
  it('names bytes, KB, MB and GB with one id-ID decimal', () => {
    expect(formatUkuranFile(0)).toBe('0 byte');
    expect(formatUkuranFile(1023)).toBe('1023 byte');
    expect(formatUkuranFile(1024)).toBe('1,0 KB');
    expect(formatUkuranFile(1536)).toBe('1,5 KB');
    expect(formatUkuranFile(83_965_845)).toBe('80,1 MB');
    expect(formatUkuranFile(5 * 1024 ** 3)).toBe('5,0 GB');
    expect(formatUkuranFile(Number.NaN)).toBe('0 byte');
  });

  it('shows between 1 and 1024 of its unit from 1 KB up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 2 ** 50 }), (bytes) => {
        const [number] = formatUkuranFile(bytes).split(' ');
        const value = Number(number!.replace(/\./g, '').replace(',', '.'));
        return value >= 1 && value < 1024.05;
      }),
    );
  });
});
