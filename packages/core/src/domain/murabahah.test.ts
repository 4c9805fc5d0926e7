import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  angsuranPerBulan,
  calculateMurabahah,
  isValidDurasi,
  murabahahMonthlyInstalment,
  murabahahProfitPerMonth,
  murabahahTotalObligation,
  murabahahTotalProfit,
  previewMurabahah,
} from './murabahah';

describe('Murabahah figures (spec §9)', () => {
  it('computes the worked example: 12 000 000 at 2 % for 12 months', () => {
    expect(calculateMurabahah(12_000_000, 2, 12)).toEqual({
      durasi: 12,
      profitPerMonth: 240_000,
      totalProfit: 2_880_000,
      totalObligation: 14_880_000,
      monthlyInstalment: 1_240_000,
    });
    expect(murabahahProfitPerMonth(12_000_000, 2)).toBe(240_000);
    expect(murabahahTotalProfit(12_000_000, 2, 12)).toBe(2_880_000);
    expect(murabahahTotalObligation(12_000_000, 2, 12)).toBe(14_880_000);
    expect(murabahahMonthlyInstalment(12_000_000, 2, 12)).toBe(1_240_000);
  });

  it.each([
    // jumlah, persentase, durasi, profit/month, total profit, obligation, instalment
    [10_000_000, 0, 10, 0, 0, 10_000_000, 1_000_000], // 0 %
    [5_000_000, 2.5, 1, 125_000, 125_000, 5_125_000, 5_125_000], // 1-month loan
    [1, 2, 1, 0, 0, 1, 1], // 1 rupiah: 0.02 rounds to 0
    [1, 50, 1, 1, 1, 2, 2], // 0.5 rounds half-up to 1
    [1_000_000, 0, 3, 0, 0, 1_000_000, 333_333],
    [200, 0, 3, 0, 0, 200, 67], // 66.67 rounds to 67
    [1_234_567, 1.75, 7, 21_605, 151_235, 1_385_802, 197_972], // 21 604.9225 per month
    [1000, 1.15, 2, 12, 24, 1024, 512], // 11.5 exactly, no float drift
    [999_999_999_999, 2.75, 360, 27_500_000_000, 9_900_000_000_000, 10_899_999_999_999, 30_277_777_778],
    [1_000_000_000_000, 100, 360, 1_000_000_000_000, 360_000_000_000_000, 361_000_000_000_000, 1_002_777_777_778],
  ])('%s at %s %% for %s months', (jumlah, persentase, durasi, perMonth, totalProfit, obligation, instalment) => {
    expect(calculateMurabahah(jumlah, persentase, durasi)).toEqual({
      durasi,
      profitPerMonth: perMonth,
      totalProfit,
      totalObligation: obligation,
      monthlyInstalment: instalment,
    });
  });

  it('rejects a durasi that is not a positive integer', () => {
    expect(() => calculateMurabahah(1000, 2, 0)).toThrow(RangeError);
    expect(() => calculateMurabahah(1000, 2, 1.5)).toThrow(RangeError);
    expect(() => murabahahTotalProfit(1000, 2, -3)).toThrow(RangeError);
    expect(isValidDurasi(12)).toBe(true);
    expect(isValidDurasi(null)).toBe(false);
    expect(isValidDurasi(undefined)).toBe(false);
    expect(isValidDurasi(0)).toBe(false);
  });
});

describe('add-form preview', () => {
  it('matches the worked example', () => {
    expect(previewMurabahah({ jumlah: 12_000_000, persentase: 2, durasi: 12 })).toEqual(calculateMurabahah(12_000_000, 2, 12));
    expect(previewMurabahah({ jumlah: 12_000_000, persentase: 2, durasi: 12 })?.monthlyInstalment).toBe(1_240_000);
    expect(previewMurabahah({ jumlah: 3_000_000, persentase: 0, durasi: 6 })?.monthlyInstalment).toBe(500_000);
  });

  it.each([
    [{ jumlah: null, persentase: 2, durasi: 12 }],
    [{ jumlah: 0, persentase: 2, durasi: 12 }],
    [{ jumlah: 1000, persentase: null, durasi: 12 }],
    [{ jumlah: 1000, persentase: -1, durasi: 12 }],
    [{ jumlah: 1000, persentase: 2, durasi: null }],
    [{ jumlah: 1000, persentase: 2, durasi: 0 }],
    [{ jumlah: Number.NaN, persentase: 2, durasi: 12 }],
    [{}],
  ])('is null while the form is incomplete: %j', (input) => {
    expect(previewMurabahah(input)).toBeNull();
  });
});

describe('angsuran_per_bulan', () => {
  it('is the monthly instalment of a pokok loan, null otherwise', () => {
    expect(angsuranPerBulan({ tipe: 'pokok', jumlah: 12_000_000, persentase: 2, durasi_angsuran: 12 })).toBe(1_240_000);
    expect(angsuranPerBulan({ tipe: 'pokok', jumlah: 12_000_000, persentase: 2, durasi_angsuran: null })).toBeNull();
    expect(angsuranPerBulan({ tipe: 'non-pokok', jumlah: 12_000_000, persentase: 2, durasi_angsuran: 12 })).toBeNull();
  });
});

describe('Murabahah properties', () => {
  const terms = fc.record({
    jumlah: fc.integer({ min: 1, max: 1_000_000_000_000 }),
    persentase: fc.integer({ min: 0, max: 10_000 }).map((bps) => bps / 100),
    durasi_angsuran: fc.option(fc.integer({ min: 1, max: 360 }), { nil: null }),
  });

  it('instalment × durasi is within durasi/2 rupiah of the obligation', () => {
    fc.assert(
      fc.property(terms, ({ jumlah, persentase, durasi_angsuran }) => {
        const durasi = durasi_angsuran ?? 12;
        const f = calculateMurabahah(jumlah, persentase, durasi);
        expect(f.totalProfit).toBe(f.profitPerMonth * durasi);
        expect(f.totalObligation).toBe(jumlah + f.totalProfit);
        expect(Math.abs(f.monthlyInstalment * durasi - f.totalObligation)).toBeLessThanOrEqual(durasi / 2);
      }),
    );
  });
});
