import { describe, expect, it } from 'vitest';
import { jenisPembayaran, tipePinjaman } from '../domain/types';
import { jenisPembayaranLabels, labelOf, loanCode, tipePinjamanLabels } from './labels';

describe('display labels', () => {
  it('label every loan type and payment kind', () => {
    expect(tipePinjaman.map((t) => labelOf(tipePinjamanLabels, t))).toEqual(['Pokok', 'Non-Pokok']);
    expect(jenisPembayaran.map((j) => labelOf(jenisPembayaranLabels, j))).toEqual([
      'Angsuran',
      'Bagi Hasil',
      'Pokok',
      'Pelunasan',
    ]);
  });

  it('show an unknown value as it is and an empty one as a dash', () => {
    expect(labelOf(jenisPembayaranLabels, 'hibah')).toBe('hibah');
    expect(labelOf(jenisPembayaranLabels, null)).toBe('-');
  });
});

describe('loanCode', () => {
  it('names a loan by its number, or by its id when the old system gave none', () => {
    expect(loanCode({ id: 7, nomor_pinjaman: 'A012' })).toBe('A012');
    expect(loanCode({ id: 7, nomor_pinjaman: '  ' })).toBe('Pinjaman #7');
    expect(loanCode({ id: 7, nomor_pinjaman: null })).toBe('Pinjaman #7');
    expect(loanCode({ id: 7 })).toBe('Pinjaman #7');
  });
});
