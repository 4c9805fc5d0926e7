import { describe, expect, it } from 'vitest';
import { formatNik, isValidNik, nikError, normalizeNik } from './nik';

describe('NIK', () => {
  it.each([
    ['3201234567890001', '3201 2345 6789 0001'],
    ['3201 2345 6789 0001', '3201 2345 6789 0001'],
    ['12345', '1234 5'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('formatNik(%j) = %j', (value, expected) => {
    expect(formatNik(value)).toBe(expected);
  });

  it.each([
    ['', 'NIK tidak boleh kosong'],
    ['   ', 'NIK tidak boleh kosong'],
    [null, 'NIK tidak boleh kosong'],
    ['123', 'NIK harus minimal 16 digit'],
    ['320123456789000', 'NIK harus minimal 16 digit'],
    ['32012345678900011', 'NIK maksimal 16 digit'],
    ['320123456789000A', 'NIK hanya boleh berisi angka'],
    ['3201-2345-6789-0001', 'NIK hanya boleh berisi angka'],
    ['3201234567890001', null],
    [' 3201 2345 6789 0001 ', null],
  ])('nikError(%j) = %j', (value, expected) => {
    expect(nikError(value)).toBe(expected);
  });

  it('normalises and checks', () => {
    expect(normalizeNik(' 3201 2345\t6789 0001 ')).toBe('3201234567890001');
    expect(isValidNik('3201234567890001')).toBe(true);
    expect(isValidNik('3201 2345 6789 0001')).toBe(false);
  });
});
