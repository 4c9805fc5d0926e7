import { describe, expect, it } from 'vitest';
import { matchesNasabahSearch, matchesPinjamanSearch } from './search';

describe('customer picker search', () => {
  const budi = { nama: 'Budi Santoso', nik: '3201234567890001' };
  it.each([
    ['', true],
    ['budi', true],
    ['  SANTOSO ', true],
    ['3201', true],
    ['3201 2345', true],
    ['0001', true],
    ['siti', false],
    ['9999', false],
  ])('%j → %s', (query, expected) => {
    expect(matchesNasabahSearch(budi, query)).toBe(expected);
  });
});

describe('loan picker search (name, nomor_pinjaman or amount)', () => {
  const loan = { nasabah: { nama: 'Siti Aminah' }, nomor_pinjaman: 'A001', jumlah: 12_000_000 };
  it.each([
    ['siti', true],
    ['a001', true],
    ['12000000', true],
    ['12.000.000', true],
    ['Rp 12.000.000', true],
    ['12', true],
    ['13.000.000', false],
    ['B002', false],
    ['x1200', false],
  ])('%j → %s', (query, expected) => {
    expect(matchesPinjamanSearch(loan, query)).toBe(expected);
  });

  it('copes with a loan without customer or number', () => {
    expect(matchesPinjamanSearch({ nasabah: null, nomor_pinjaman: null, jumlah: 500 }, 'siti')).toBe(false);
    expect(matchesPinjamanSearch({ jumlah: 500 }, '500')).toBe(true);
  });
});
