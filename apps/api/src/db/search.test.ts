import { describe, expect, it } from 'vitest';
import { compactNikPattern, containsPattern } from './search';

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
