import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bandsProblem,
  classify,
  classOfLoan,
  customerGrades,
  kolektibilitasPresets,
  isPortfolioAtRisk,
  OJK_BANK_BANDS,
  portfolioFigures,
  portfolioTotals,
  presetOf,
  provision,
  ratioPercent,
  worstClass,
  type Kolektibilitas,
  type KolektibilitasBand,
} from './kolektibilitas';

describe('classOfLoan (issue 47: one meaning of Macet)', () => {
  it('grades a loan declared macet as class 5, Macet, whatever its days; any other by its days', () => {
    expect(classOfLoan(0, 'macet')).toBe(5);
    expect(classOfLoan(150, 'macet')).toBe(5);
    expect(classOfLoan(150, 'aktif')).toBe(classify(150));
  });

  it('gives every running loan of a customer the class 5 of a loan declared macet (one customer, one grade)', () => {
    const grades = customerGrades([
      { id: 1, nasabah_id: 7, hari_tunggakan: 0, status: 'aktif' },
      { id: 2, nasabah_id: 7, hari_tunggakan: 10, status: 'macet' },
      { id: 3, nasabah_id: 8, hari_tunggakan: 100, status: 'aktif' },
    ]);
    expect([...grades.entries()]).toEqual([
      [1, 5],
      [2, 5],
      [3, 3],
    ]);
  });
});

describe('classify', () => {
  it('puts the OJK boundaries where the regulation does', () => {
    const at = [0, 1, 90, 91, 120, 121, 180, 181].map((d) => classify(d, OJK_BANK_BANDS));
    expect(at).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
  });

  it('never improves as days grow, and ends in Macet', () => {
    for (const preset of kolektibilitasPresets) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(classify(low, preset.setting.bands)).toBeLessThanOrEqual(classify(high, preset.setting.bands));
        }),
      );
      expect(classify(100_000, preset.setting.bands)).toBe(5);
      expect(classify(0, preset.setting.bands)).toBe(1);
    }
  });

  it('offers only valid presets, the koperasi one without DPK', () => {
    for (const preset of kolektibilitasPresets) expect(bandsProblem(preset.setting.bands)).toBeNull();
    const kspps = kolektibilitasPresets.find((p) => p.id === 'kspps')!;
    expect(kspps.setting.bands.map((b) => b.kelas)).not.toContain(2);
    expect(kolektibilitasPresets.find((p) => p.id === 'bprs')!.setting.satu_nasabah_satu_kualitas).toBe(true);
  });
});

describe('bandsProblem', () => {
  const band = (kelas: Kolektibilitas, sampai_hari: number | null): KolektibilitasBand => ({ kelas, sampai_hari });

  it.each([
    ['bounds that do not rise strictly', [band(1, 30), band(2, 30), band(5, null)], 'Batas hari harus naik berurutan'],
    ['classes out of order', [band(1, 0), band(3, 10), band(2, 20), band(5, null)], 'Golongan harus naik dari Lancar ke Macet'],
    ['a bounded last band', [band(1, 0), band(5, 10)], 'Golongan Macet tidak punya batas atas'],
    ['a single band', [band(1, null)], 'Minimal dua golongan kolektibilitas'],
    ['a negative bound', [band(1, -1), band(5, null)], 'Batas hari harus bilangan bulat 0 atau lebih'],
  ])('refuses %s', (_case, bands, problem) => {
    expect(bandsProblem(bands)).toBe(problem);
  });
});

describe('portfolio figures', () => {
  it('counts in PAR 30 a loan more than 30 days past due, not one of 30 days (issue 47: one boundary)', () => {
    expect([29, 30, 31, 91].map(isPortfolioAtRisk)).toEqual([false, false, true, true]);
    const loan = (hari_tunggakan: number) => ({ kolektibilitas: 2 as const, outstanding: 1_000_000, hari_tunggakan });
    expect(portfolioTotals([loan(30), loan(31)]).outstanding_par30).toBe(1_000_000);
  });

  it('computes NPF gross and net, PAR 30 and PPAP of a worked portfolio', () => {
    // Rp 100 000 000 outstanding: 70 M Lancar, 10 M DPK (45 days), 8 M KL, 7 M D, 5 M Macet.
    const loans = [
      { outstanding: 70_000_000, kolektibilitas: 1 as Kolektibilitas, hari_tunggakan: 0 },
      { outstanding: 10_000_000, kolektibilitas: 2 as Kolektibilitas, hari_tunggakan: 45 },
      { outstanding: 8_000_000, kolektibilitas: 3 as Kolektibilitas, hari_tunggakan: 100 },
      { outstanding: 7_000_000, kolektibilitas: 4 as Kolektibilitas, hari_tunggakan: 150 },
      { outstanding: 5_000_000, kolektibilitas: 5 as Kolektibilitas, hari_tunggakan: 400 },
    ];
    const f = portfolioFigures(loans);
    expect(f.outstanding).toBe(100_000_000);
    expect(f.outstanding_bermasalah).toBe(20_000_000);
    expect(f.npf_gross).toBe(20);
    expect(f.par30).toBe(30);
    // PPAP: 350 000 + 300 000 + 800 000 + 3 500 000 + 5 000 000.
    expect(f.per_kelas.map((c) => c.ppap)).toEqual([350_000, 300_000, 800_000, 3_500_000, 5_000_000]);
    expect(f.ppap_total).toBe(9_950_000);
    // NPF net: (20 000 000 − 9 300 000) / 100 000 000.
    expect(f.npf_net).toBe(10.7);
  });

  it('has no ratios for an empty portfolio', () => {
    const f = portfolioFigures([]);
    expect([f.npf_gross, f.npf_net, f.par30]).toEqual([null, null, null]);
    expect(ratioPercent(1, 3)).toBe(33.33);
    expect(provision(1_000_001, 0.5)).toBe(5_000);
  });

  it('takes the worst class of a customer', () => {
    expect(worstClass([1, 3, 2])).toBe(3);
    expect(worstClass([])).toBe(1);
  });
});

describe('presetOf', () => {
  it('names the preset a setting equals, and none for a setting of its own', () => {
    for (const preset of kolektibilitasPresets) expect(presetOf(structuredClone(preset.setting))).toBe(preset.id);
    const own = structuredClone(kolektibilitasPresets[0]!.setting);
    own.bands[1] = { kelas: 2, sampai_hari: 60 };
    expect(presetOf(own)).toBeNull();
    const provision = structuredClone(kolektibilitasPresets[0]!.setting);
    provision.ppap_persen[1] = 1;
    expect(presetOf(provision)).toBeNull();
  });
});

describe('customerGrades', () => {
  it('gives every loan of a customer the worst class among them, and nothing better than its own (property)', () => {
    const loanArb = fc.record({ nasabah_id: fc.integer({ min: 1, max: 4 }), hari_tunggakan: fc.integer({ min: 0, max: 400 }) });
    fc.assert(
      fc.property(fc.array(loanArb, { maxLength: 20 }), (raw) => {
        const loans = raw.map((l, i) => ({ ...l, id: i + 1 }));
        const grades = customerGrades(loans);
        for (const loan of loans) {
          const own = classify(loan.hari_tunggakan);
          const worst = worstClass(loans.filter((l) => l.nasabah_id === loan.nasabah_id).map((l) => classify(l.hari_tunggakan)));
          expect(grades.get(loan.id)).toBe(worst);
          expect(grades.get(loan.id)!).toBeGreaterThanOrEqual(own);
        }
      }),
    );
  });

  it('grades a current loan with its customer’s loan 100 days late as Kurang Lancar', () => {
    const grades = customerGrades([
      { id: 1, nasabah_id: 7, hari_tunggakan: 0 },
      { id: 2, nasabah_id: 7, hari_tunggakan: 100 },
      { id: 3, nasabah_id: 8, hari_tunggakan: 0 },
    ]);
    expect([...grades]).toEqual([
      [1, 3],
      [2, 3],
      [3, 1],
    ]);
  });
});
