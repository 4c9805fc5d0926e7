import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { headerKey, importCell, importChoice, importDate, importNumber, importText, kolomImpor } from './impor';

describe('importNumber', () => {
  it('reads rupiah as people type them', () => {
    expect(importNumber('Rp 1.250.000')).toBe(1_250_000);
    expect(importNumber('Rp. 12.000.000,00')).toBe(12_000_000);
    expect(importNumber('1.250.000')).toBe(1_250_000);
    expect(importNumber('1250000')).toBe(1_250_000);
    expect(importNumber('1,5')).toBe(1.5);
    expect(importNumber('2.5')).toBe(2.5);
    expect(importNumber(1_240_000)).toBe(1_240_000);
  });

  it('passes on what is not a number as typed, for the schema to refuse', () => {
    expect(importNumber('satu juta')).toBe('satu juta');
    expect(importNumber('1.25.000')).toBe('1.25.000');
  });

  it('reads back any whole rupiah written with thousands dots and Rp', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const dotted = n.toLocaleString('id-ID');
        expect(importNumber(`Rp ${dotted}`)).toBe(n);
        expect(importNumber(dotted)).toBe(n);
        expect(importNumber(String(n))).toBe(n);
      }),
    );
  });
});

describe('importDate', () => {
  it('reads dates written the Indonesian way, day first', () => {
    expect(importDate('05/11/2024')).toBe('2024-11-05');
    expect(importDate('5-11-2024')).toBe('2024-11-05');
    expect(importDate('5 Nov 2024')).toBe('2024-11-05');
    expect(importDate('5 Nop 2024')).toBe('2024-11-05');
    expect(importDate('17 Agustus 2024')).toBe('2024-08-17');
    expect(importDate('1 Mei 2024')).toBe('2024-05-01');
    expect(importDate('2024-11-05')).toBe('2024-11-05');
    expect(importDate(new Date(Date.UTC(2024, 10, 5)))).toBe('2024-11-05');
  });

  it('passes on a day that does not exist or text that is no date, as typed', () => {
    expect(importDate('31/02/2024')).toBe('31/02/2024');
    expect(importDate('kemarin')).toBe('kemarin');
    expect(importDate('5 Foo 2024')).toBe('5 Foo 2024');
  });

  it('reads every day of 1990–2060 in each written form alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 11, 31) }), (ms) => {
        const d = new Date(ms - (ms % 86_400_000));
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(importDate(`${day}/${m}/${y}`)).toBe(iso);
        expect(importDate(`${Number(day)}-${Number(m)}-${y}`)).toBe(iso);
        expect(importDate(d)).toBe(iso);
      }),
    );
  });
});

describe('cells', () => {
  it('reads choices by their labels too, and text from numbers', () => {
    expect(importChoice(' Murabahah ')).toBe('pokok');
    expect(importChoice('Bagi Hasil')).toBe('bagi_hasil');
    expect(importChoice('NON POKOK')).toBe('non-pokok');
    expect(importText(3201000000000101)).toBe('3201000000000101');
    expect(importText('  ')).toBeNull();
    expect(importCell('angka', '   ')).toBeNull();
  });

  it('matches headers without case, spaces or punctuation; no two columns of a template alike', () => {
    expect(headerKey('Tanggal  Pinjam')).toBe(headerKey('tanggal_pinjam'));
    for (const columns of Object.values(kolomImpor)) {
      const keys = columns.map((k) => headerKey(k.header));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
