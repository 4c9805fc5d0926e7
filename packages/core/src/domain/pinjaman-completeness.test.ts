import { describe, expect, it } from 'vitest';
import {
  pinjamanDataCompleteness,
  pinjamanFieldLabels,
  pinjamanGeneratedFieldsOf,
  pinjamanMissingFields,
} from './pinjaman-completeness';

describe('pinjamanDataCompleteness', () => {
  it('is empty for a pokok loan with durasi and receipt, and a non-pokok loan with receipt', () => {
    expect(pinjamanDataCompleteness({ tipe: 'pokok', durasi_angsuran: 12, kwitansi: 'a.jpg' })).toEqual([]);
    expect(pinjamanDataCompleteness({ tipe: 'non-pokok', durasi_angsuran: null, kwitansi: 'a.pdf' })).toEqual([]);
  });

  it('names a missing durasi (pokok only) and a missing receipt, then generated fields', () => {
    expect(pinjamanDataCompleteness({ tipe: 'pokok', durasi_angsuran: null, kwitansi: null }, ['urutan_pinjaman'])).toEqual([
      'durasi_angsuran',
      'kwitansi',
      'urutan_pinjaman',
    ]);
    expect(pinjamanDataCompleteness({ tipe: 'pokok', durasi_angsuran: 0, kwitansi: 'x.png' })).toEqual(['durasi_angsuran']);
    expect(pinjamanDataCompleteness({ tipe: 'non-pokok', kwitansi: '' })).toEqual(['kwitansi']);
  });

  it('reads a list back into missing and generated fields, each with a label', () => {
    const list = ['kwitansi', 'urutan_pinjaman'];
    expect(pinjamanMissingFields(list)).toEqual(['kwitansi']);
    expect(pinjamanGeneratedFieldsOf(list)).toEqual(['urutan_pinjaman']);
    expect(pinjamanMissingFields(null)).toEqual([]);
    expect(list.map((f) => pinjamanFieldLabels[f as keyof typeof pinjamanFieldLabels])).toEqual([
      'Foto kwitansi',
      'Urutan pinjaman',
    ]);
  });
});
