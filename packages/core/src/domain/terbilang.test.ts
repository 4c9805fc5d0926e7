import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TERBILANG_MAX, terbilang, terbilangRupiah } from './terbilang';

/**
 * An independent reader of the words, back to the number: not a mirror of the writer (it reads
 * word by word, multiplying into groups), so that a wrong word on either side shows.
 */
function parse(text: string): number {
  const digits: Record<string, number> = {
    satu: 1,
    dua: 2,
    tiga: 3,
    empat: 4,
    lima: 5,
    enam: 6,
    tujuh: 7,
    delapan: 8,
    sembilan: 9,
  };
  const scale: Record<string, number> = { ribu: 1e3, juta: 1e6, miliar: 1e9, triliun: 1e12 };
  let total = 0;
  let group = 0;
  let digit = 0;
  for (const word of text.split(' ')) {
    if (word === 'nol') continue;
    if (word in digits) {
      expect(digit, `two digits in a row in "${text}"`).toBe(0);
      digit = digits[word]!;
    } else if (word === 'sepuluh') group += 10;
    else if (word === 'sebelas') group += 11;
    else if (word === 'seratus') group += 100;
    else if (word === 'belas' || word === 'puluh' || word === 'ratus') {
      group += word === 'belas' ? 10 + digit : digit * (word === 'puluh' ? 10 : 100);
      digit = 0;
    } else if (word === 'seribu') total += 1000;
    else if (word in scale) {
      total += (group + digit) * scale[word]!;
      group = 0;
      digit = 0;
    } else throw new Error(`unknown word "${word}" in "${text}"`);
  }
  return total + group + digit;
}

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [9, 'sembilan'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [99, 'sembilan puluh sembilan'],
    [100, 'seratus'],
    [101, 'seratus satu'],
    [110, 'seratus sepuluh'],
    [111, 'seratus sebelas'],
    [200, 'dua ratus'],
    [999, 'sembilan ratus sembilan puluh sembilan'],
    [1000, 'seribu'],
    [1001, 'seribu satu'],
    [1100, 'seribu seratus'],
    [2000, 'dua ribu'],
    [11_000, 'sebelas ribu'],
    [100_000, 'seratus ribu'],
    [101_000, 'seratus satu ribu'],
    [1_000_000, 'satu juta'],
    [1_001_000, 'satu juta seribu'],
    [1_240_000, 'satu juta dua ratus empat puluh ribu'],
    [12_500_000, 'dua belas juta lima ratus ribu'],
    [1_000_000_000, 'satu miliar'],
    [1_000_000_001, 'satu miliar satu'],
    [1_000_000_000_000, 'satu triliun'],
    [
      TERBILANG_MAX,
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    ],
  ])('%i is "%s"', (n, words) => {
    expect(terbilang(n)).toBe(words);
  });

  it('writes the rupiah of a receipt with a capital and the currency', () => {
    expect(terbilangRupiah(1_240_000)).toBe('Satu juta dua ratus empat puluh ribu rupiah');
    expect(terbilangRupiah(0)).toBe('Nol rupiah');
  });

  it.each([-1, 0.5, TERBILANG_MAX + 1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (n) => {
    expect(() => terbilang(n)).toThrow(RangeError);
  });

  it('reads back to the same number, for every amount up to the maximum', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: TERBILANG_MAX })), (n) => {
        const words = terbilang(n);
        expect(parse(words)).toBe(n);
        // The irregular forms: never "satu ratus/puluh/belas", a lone thousand is "seribu" ("lima puluh
        // satu ribu" is right), no "nol" inside a number, one space between words.
        expect(words).not.toMatch(/satu (ratus|puluh|belas)|(^|juta |miliar |triliun )satu ribu|^ | $| {2}/);
        if (n > 0) expect(words).not.toContain('nol');
      }),
      { numRuns: 2000 },
    );
  });
});
