import { describe, expect, it } from 'vitest';
import { compactNikPattern, containsPattern, digitGrams } from './search';

describe('containsPattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(containsPattern('budi')).toBe('%budi%');
  });
});

describe('compactNikPattern', () => {
  it('gives the pattern of a NIK typed in groups without its spaces', () => {
    expect(compactNikPattern('3201 2345')).toBe('%32012345%');
    expect(compactNikPattern(' 3201\t2345 ')).toBe('%32012345%');
  });

  it('gives nothing when the plain pattern already covers the search', () => {
    expect(compactNikPattern('32012345')).toBeNull();
    expect(compactNikPattern('budi 3201')).toBeNull();
    expect(compactNikPattern('3201-2345')).toBeNull();
  });
});

describe('digitGrams', () => {
  it('gives the five-digit substrings of a search of five or more digits as numbers, each once', () => {
    expect(digitGrams('01070361')).toEqual([1070, 10703, 7036, 70361]);
    expect(digitGrams('00000')).toEqual([0]);
    expect(digitGrams('1111111')).toEqual([11111]);
  });

  it('gives nothing for a shorter search or one with anything but digits', () => {
    expect(digitGrams('1234')).toBeNull();
    expect(digitGrams('3201 2345')).toBeNull();
    expect(digitGrams('3201-2345')).toBeNull();
    expect(digitGrams('budi 32012')).toBeNull();
    expect(digitGrams('３２０１２')).toBeNull();
  });
});
