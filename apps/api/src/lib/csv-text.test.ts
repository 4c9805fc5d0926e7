import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText, csvTextRead } from './csv-text';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

describe('csvText', () => {
  it('marks what a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("http://x.test","klik")')).toBe(`'=HYPERLINK("http://x.test","klik")`);
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('+62 812')).toBe("'+62 812");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\t=1')).toBe("'\t=1");
    expect(csvText('\r=1')).toBe("'\r=1");
  });

  it('leaves ordinary text as it is, digits in a name or an address included', () => {
    for (const text of ['Siti Aminah', 'Jl. Mawar 12', '2 ruko', 'A079', 'Kota Bandung', '']) expect(csvText(text)).toBe(text);
  });

  it('marks identifiers a spreadsheet would turn into numbers, and only those', () => {
    expect(csvText('3201234567890123', true)).toBe("'3201234567890123");
    expect(csvText('081234567890', true)).toBe("'081234567890");
    expect(csvText('6281234567890', true)).toBe("'6281234567890");
    expect(csvText('A079', true)).toBe('A079');
    expect(csvText('KW/2026/11/0001', true)).toBe('KW/2026/11/0001');
  });

  it('gives back exactly what was written, and never starts with what a spreadsheet runs or reads as a number', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite' }),
        fc.boolean(),
        fc.constantFrom('', "'", ...FORMULA_START, '0', '9'),
        (tail, identifier, head) => {
          const text = head + tail;
          const cell = csvText(text, identifier);
          expect(csvTextRead(cell)).toBe(text);
          expect(FORMULA_START.some((c) => cell.startsWith(c))).toBe(false);
          if (identifier) expect(/^[0-9+]/.test(cell)).toBe(false);
        },
      ),
    );
  });
});
