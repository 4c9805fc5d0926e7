import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonths } from './calendar';
import { murabahahAllocation } from './ledger';
import { instalmentsPaid, murabahahLoanOf } from './ledger-loan.fixture';
import { murabahahTermsArb } from './arbitraries.fixture';
import { loanIncome } from './pendapatan';
import { methodMargins, metodePengakuanMargin } from './margin';
import { bulanBerjalan, khasmAmount, khasmProblem, settlementQuote } from './pelunasan';

const loanOf = murabahahLoanOf({ jumlah: 100_000_000, persentase: 1 });

describe('bulanBerjalan', () => {
  it('counts the months of the akad that have begun, the running one included', () => {
    expect(bulanBerjalan('2024-01-15', 12, '2024-01-15')).toBe(0);
    expect(bulanBerjalan('2024-01-15', 12, '2024-01-16')).toBe(1);
    expect(bulanBerjalan('2024-01-15', 12, '2024-02-15')).toBe(1); // on a due date nothing new begins
    expect(bulanBerjalan('2024-01-15', 12, '2024-02-16')).toBe(2);
    expect(bulanBerjalan('2024-01-15', 12, '2024-06-20')).toBe(6);
    expect(bulanBerjalan('2024-01-15', 12, '2030-01-01')).toBe(12);
    // Month ends: a loan of 31 January has its second month from 29 February.
    expect(bulanBerjalan('2024-01-31', 12, '2024-02-29')).toBe(1);
    expect(bulanBerjalan('2024-01-31', 12, '2024-03-01')).toBe(2);
  });
});

describe('settlementQuote (fatwa 153/DSN-MUI/VI/2022)', () => {
  it("follows DSN's example: Rp 100 juta + Rp 12 juta over 12 months, settled in month 6", () => {
    const loan = loanOf();
    const quote = settlementQuote(loan, instalmentsPaid(loan, 5), '2024-06-20', 'proporsional')!;
    expect(quote.bulan_berjalan).toBe(6);
    expect(quote.margin_akad).toBe(12_000_000);
    // Each instalment of Rp 9.333.333 carries a margin of about Rp 1 juta (the ledger's
    // proportional split, whole rupiah): the margin of months 1–6 is taken, of months 7–12 not.
    expect(Math.abs(quote.margin_berjalan - 6_000_000)).toBeLessThanOrEqual(2);
    expect(quote.margin_tidak_ditagih).toBe(12_000_000 - quote.margin_berjalan);
    // Five instalments paid: the sixth month's margin and the principal left settle the loan.
    expect(Math.abs(quote.margin_sisa - 1_000_000)).toBeLessThanOrEqual(2);
    expect(quote.total_pelunasan).toBe(quote.pokok_sisa + quote.margin_sisa);
    expect(quote.total_pelunasan).toBe(100_000_000 + quote.margin_berjalan - 5 * 9_333_333);
    expect(quote.sisa_kewajiban).toBe(112_000_000 - 5 * 9_333_333);
  });

  it('at every month of the term takes exactly the margin of the months begun, and the rest is not collected', () => {
    fc.assert(
      fc.property(
        murabahahTermsArb({ jumlah: [1_000_000, 500_000_000], persentase: [0, 5], durasi: [1, 60] }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 27 }),
        fc.constantFrom(...metodePengakuanMargin),
        (terms, paidCount, dayInMonth, metode) => {
          const { jumlah, durasi_angsuran: durasi } = terms;
          const loan = loanOf(terms);
          const margins = methodMargins(murabahahAllocation(loan, []).dues, jumlah, metode);
          for (let month = 1; month <= durasi; month += 1) {
            const paid = Math.min(paidCount, month - 1);
            const tanggal = addDays(addMonths(loan.tanggal_pinjam, month - 1), 1 + (dayInMonth % 27));
            const bounded = tanggal < addMonths(loan.tanggal_pinjam, month) ? tanggal : addMonths(loan.tanggal_pinjam, month);
            const quote = settlementQuote(loan, instalmentsPaid(loan, paid), bounded, metode)!;
            expect(quote.bulan_berjalan).toBe(month);
            expect(quote.margin_berjalan).toBe(margins.slice(0, month).reduce((s, m) => s + m, 0));
            expect(quote.margin_berjalan + quote.margin_tidak_ditagih).toBe(quote.margin_akad);
            expect(quote.pokok_sisa).toBeGreaterThanOrEqual(0);
            expect(quote.margin_sisa).toBeGreaterThanOrEqual(0);
            // Never more than the akad's schedule still asks; what is not collected is exactly the difference.
            expect(quote.total_pelunasan).toBeLessThanOrEqual(quote.sisa_kewajiban);
            if (quote.margin_terbayar <= quote.margin_berjalan) {
              expect(quote.total_pelunasan + quote.margin_tidak_ditagih).toBe(quote.sisa_kewajiban);
              expect(quote.total_pelunasan).toBe(quote.pokok_sisa + quote.margin_sisa);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is null for a Mudharabah or a Murabahah without a term, and ignores payments after the day', () => {
    expect(settlementQuote(loanOf({ tipe: 'non-pokok' }), [], '2024-06-20', 'proporsional')).toBeNull();
    expect(settlementQuote(loanOf({ durasi_angsuran: null }), [], '2024-06-20', 'proporsional')).toBeNull();
    const loan = loanOf();
    const later = instalmentsPaid(loan, 8);
    expect(settlementQuote(loan, later, '2024-06-20', 'proporsional')).toEqual(
      settlementQuote(loan, instalmentsPaid(loan, 5), '2024-06-20', 'proporsional'),
    );
  });

  it('counts margin paid ahead of time against the principal (instalments paid before they began)', () => {
    const loan = loanOf();
    const ahead = instalmentsPaid(loan, 8).map((p) => ({ ...p, tanggal: '2024-02-01' }));
    const quote = settlementQuote(loan, ahead, '2024-02-10', 'proporsional')!;
    expect(quote.bulan_berjalan).toBe(1);
    expect(quote.margin_sisa).toBe(0);
    expect(quote.total_pelunasan).toBe(100_000_000 + quote.margin_berjalan - 8 * 9_333_333);
    // The margin paid beyond month 1 is principal repaid: the parts add up to the total (issue 47).
    expect(quote.pokok_sisa + quote.margin_sisa).toBe(quote.total_pelunasan);
  });
});

describe('khasm (fatwa 46/DSN-MUI/II/2005)', () => {
  it('never exceeds the margin still owed, never goes below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 10_000 }), (marginSisa, basisPoints) => {
        const quote = { margin_sisa: marginSisa };
        const persen = khasmAmount(quote, { jenis: 'persen', nilai: basisPoints / 100 });
        expect(persen).toBeGreaterThanOrEqual(0);
        expect(persen).toBeLessThanOrEqual(marginSisa);
        expect(khasmProblem(quote, persen)).toBeNull();
        expect(khasmProblem(quote, marginSisa + 1)).toMatch(/^Potongan tidak boleh melebihi sisa margin/);
        expect(khasmProblem(quote, -1)).not.toBeNull();
      }),
    );
    expect(khasmAmount({ margin_sisa: 1_000_000 }, { jenis: 'persen', nilai: 100 })).toBe(1_000_000);
    expect(khasmAmount({ margin_sisa: 1_000_001 }, { jenis: 'persen', nilai: 50 })).toBe(500_001);
    expect(khasmAmount({ margin_sisa: 1_000_000 }, { jenis: 'nominal', nilai: 250_000 })).toBe(250_000);
    expect(khasmAmount({ margin_sisa: 1_000_000 }, null)).toBe(0);
  });

  it('refuses, with the reason, a khasm asked for that comes to Rp 0 (issue 47: never stored silently as 0)', () => {
    const five = { jenis: 'persen' as const, nilai: 5 };
    expect(khasmProblem({ margin_sisa: 0 }, khasmAmount({ margin_sisa: 0 }, five), five)).toBe(
      'Tidak ada sisa margin yang dapat dipotong pada tanggal ini; kosongkan potongan',
    );
    const tiny = { jenis: 'persen' as const, nilai: 0.01 };
    expect(khasmAmount({ margin_sisa: 40 }, tiny)).toBe(0);
    expect(khasmProblem({ margin_sisa: 40 }, 0, tiny)).toBe(
      'Potongan 0,01% dari sisa margin Rp 40 kurang dari Rp 1; isi potongan yang lebih besar atau kosongkan',
    );
    expect(khasmProblem({ margin_sisa: 0 }, 0, { jenis: 'nominal', nilai: 50_000 })).not.toBeNull();
    // No khasm asked for, or 0 asked for, is no problem.
    expect(khasmProblem({ margin_sisa: 0 }, 0, null)).toBeNull();
    expect(khasmProblem({ margin_sisa: 0 }, 0, { jenis: 'persen', nilai: 0 })).toBeNull();
  });
});

describe('a settlement in the income report (core loanIncome)', () => {
  it('recognises the margin of the time passed less the khasm; the rest is not income', () => {
    fc.assert(
      fc.property(
        murabahahTermsArb({ jumlah: [1_000_000, 200_000_000], persentase: [0.01, 4], durasi: [2, 36] }),
        fc.integer({ min: 0, max: 36 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...metodePengakuanMargin),
        (terms, paidRaw, khasmPersen, metode) => {
          const loan = loanOf(terms);
          const paidCount = paidRaw % terms.durasi_angsuran;
          const tanggal = addDays(addMonths(loan.tanggal_pinjam, paidCount), 3);
          const payments = instalmentsPaid(loan, paidCount);
          const quote = settlementQuote(loan, payments, tanggal, metode)!;
          fc.pre(quote.margin_terbayar <= quote.margin_berjalan && quote.total_pelunasan > 0);
          const khasm = khasmAmount(quote, { jenis: 'persen', nilai: khasmPersen });
          const settled = [...payments, { id: 999, tanggal, jenis: 'pelunasan' as const, jumlah: quote.total_pelunasan - khasm }];
          const income = loanIncome(loan, settled, metode);
          const diakui = income.payments.reduce((s, p) => s + p.diakui, 0);
          const dibebaskan = income.payments.reduce((s, p) => s + p.dibebaskan, 0);
          expect(diakui).toBe(quote.margin_berjalan - khasm);
          expect(dibebaskan).toBe(quote.margin_tidak_ditagih + khasm);
        },
      ),
      { numRuns: 200 },
    );
  });
});
