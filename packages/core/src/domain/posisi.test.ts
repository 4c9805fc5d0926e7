import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ledgerPayment, specMurabahah, sumOf } from './spec-loan.fixture';
import { loanLedger, type LedgerLoan } from './ledger';
import { loanIncome } from './pendapatan';
import { loanPosition, type LoanPosition } from './posisi';
import { caseArb, TODAY } from './loan-cases.fixture';

const murabahah = specMurabahah;
const pay = ledgerPayment;
const sum = sumOf;

describe('loanPosition: Murabahah (issue 47’s examples)', () => {
  it('after one instalment of 1.240.000 on 12.000.000 at 2 % × 12: 11.000.000 principal and 2.640.000 margin left, 13.640.000 owed', () => {
    const p = loanPosition(murabahah, [pay(1, '2024-02-29', 1_240_000, 'angsuran', 1)], '2024-03-01');
    expect(p).toMatchObject({
      total_kewajiban: 14_880_000,
      pokok_terbayar: 1_000_000,
      margin_terbayar: 240_000,
      sisa_pokok: 11_000_000,
      sisa_margin: 2_640_000,
      sisa_kewajiban: 13_640_000,
      angsuran_lunas: 1,
      sisa_angsuran: 11,
      lebih_bayar: 0,
      dilunasi: false,
    });
    expect(p.progres_persen).toBeCloseTo(8.33, 2);
  });

  it('10.000.000 at 2 % × 10, one instalment of 1.200.000: principal left 9.000.000 (not 8.800.000), 10.800.000 owed', () => {
    const loan = { ...murabahah, jumlah: 10_000_000, durasi_angsuran: 10 };
    const p = loanPosition(loan, [pay(1, '2024-02-29', 1_200_000)], '2024-03-01');
    expect([p.sisa_pokok, p.sisa_margin, p.sisa_kewajiban]).toEqual([9_000_000, 1_800_000, 10_800_000]);
  });

  it('a paid-off loan has paid exactly its principal, never more, and no instalment left', () => {
    const payments = Array.from({ length: 12 }, (_, k) =>
      pay(k + 1, `2024-${String((k % 12) + 1).padStart(2, '0')}-28`, 1_240_000),
    );
    const p = loanPosition(murabahah, payments, '2025-02-01');
    expect(p).toMatchObject({ pokok_terbayar: 12_000_000, margin_terbayar: 2_880_000, sisa_kewajiban: 0, sisa_angsuran: 0 });
    expect(p.progres_persen).toBe(100);
    // One more payment is paid beyond the obligation: principal paid stays 12.000.000.
    const more = loanPosition(murabahah, [...payments, pay(99, '2025-01-31', 500_000)], '2025-02-01');
    expect(more).toMatchObject({ pokok_terbayar: 12_000_000, lebih_bayar: 500_000 });
  });

  it('a part-paid instalment carries margin in proportion (PSAK 102): 620.000 → 120.000 margin, 500.000 principal', () => {
    const p = loanPosition(murabahah, [pay(1, '2024-02-20', 620_000)], '2024-02-21');
    expect([p.pokok_terbayar, p.margin_terbayar, p.sisa_pokok, p.sisa_angsuran]).toEqual([500_000, 120_000, 11_500_000, 12]);
    // Under the annuity method the first instalment carries 417.031 of margin: 208.515 of it here.
    const a = loanPosition(murabahah, [pay(1, '2024-02-20', 620_000)], '2024-02-21', 'anuitas');
    expect([a.margin_terbayar, a.pokok_terbayar]).toEqual([208_515, 411_485]);
  });

  /** Issue 47's example: two instalments paid in month 1, then a settlement of `jumlah` still in month 1. */
  const paidAheadThenSettled = (jumlah: number) => [
    pay(1, '2024-02-10', 1_240_000),
    pay(2, '2024-02-11', 1_240_000),
    pay(3, '2024-02-12', jumlah, 'pelunasan'),
  ];

  it('paid ahead and settled in month 1: the loan is closed, nothing is owed, and the parts add up', () => {
    const payments = paidAheadThenSettled(9_760_000);
    const p = loanPosition(murabahah, payments, '2024-02-13');
    expect(p).toMatchObject({
      dilunasi: true,
      sisa_pokok: 0,
      sisa_margin: 0,
      sisa_kewajiban: 0,
      sisa_angsuran: 0,
      lebih_bayar: 0,
    });
    expect(p.pokok_terbayar + p.pokok_tidak_tertagih).toBe(12_000_000);
    expect(p.margin_terbayar + p.margin_tidak_ditagih).toBe(2_880_000);
  });

  it('paid ahead and settled in month 1: margin earned 240.000, not charged 2.640.000, principal all repaid', () => {
    // The second instalment's margin (240.000) was for month 2, not begun: it was principal repaid.
    const payments = paidAheadThenSettled(9_760_000);
    const p = loanPosition(murabahah, payments, '2024-02-13');
    expect(p).toMatchObject({
      pokok_terbayar: 12_000_000,
      pokok_tidak_tertagih: 0,
      margin_terbayar: 240_000,
      margin_tidak_ditagih: 2_640_000,
    });
    // The income report: 480.000 recognised by the instalments, 240.000 of it reversed by the settlement.
    expect(loanIncome(murabahah, payments, 'proporsional').payments.map((x) => [x.diakui, x.dibebaskan])).toEqual([
      [240_000, 0],
      [240_000, 0],
      [-240_000, 2_640_000],
    ]);
  });

  it('paid ahead, then settled below the principal left: only the margin paid ahead is reversed, the shortfall is principal not collected', () => {
    const payments = paidAheadThenSettled(9_000_000);
    const p = loanPosition(murabahah, payments, '2024-02-13');
    expect(p).toMatchObject({ margin_terbayar: 240_000, margin_tidak_ditagih: 2_640_000, pokok_tidak_tertagih: 760_000 });
    expect(p.pokok_terbayar).toBe(12_000_000 - 760_000);
  });

  it('a settlement of principal and the time passed: what it did not charge is margin_tidak_ditagih', () => {
    // Three instalments, then 9.500.000 (issue 26's worked example): 9.000.000 principal + 500.000 margin;
    // 1.660.000 of the 2.160.000 margin left is not charged.
    const payments = [1, 2, 3]
      .map((k) => pay(k, `2024-0${k + 1}-28`, 1_240_000))
      .concat(pay(4, '2024-05-10', 9_500_000, 'pelunasan'));
    const p = loanPosition(murabahah, payments, '2024-05-11');
    expect(p).toMatchObject({
      pokok_terbayar: 12_000_000,
      margin_terbayar: 720_000 + 500_000,
      margin_tidak_ditagih: 1_660_000,
      pokok_tidak_tertagih: 0,
      sisa_kewajiban: 0,
      lebih_bayar: 0,
    });
  });

  it('a loan without a valid term (old data) counts every payment as principal, up to jumlah', () => {
    const p = loanPosition({ ...murabahah, durasi_angsuran: null }, [pay(1, '2024-03-01', 2_000_000)], '2024-03-02');
    expect([p.sisa_pokok, p.sisa_kewajiban, p.sisa_angsuran]).toEqual([10_000_000, 10_000_000, null]);
  });
});

describe('loanPosition: Mudharabah', () => {
  const mudharabah: LedgerLoan = {
    tipe: 'non-pokok',
    jumlah: 10_000_000,
    persentase: 3,
    tanggal_pinjam: '2024-01-15',
    status: 'aktif',
  };

  it('principal returned, profit share paid, and the profit share due and unpaid is owed', () => {
    // One bagi hasil of 300.000 paid; on 2024-04-20 March and April are due and unpaid (600.000).
    const payments = [pay(1, '2024-02-15', 300_000, 'bagi_hasil'), pay(2, '2024-03-01', 4_000_000, 'pokok')];
    const p = loanPosition(mudharabah, payments, '2024-04-20');
    expect(p).toMatchObject({
      pokok_terbayar: 4_000_000,
      bagi_hasil_terbayar: 300_000,
      sisa_pokok: 6_000_000,
      bagi_hasil_tertunggak: loanLedger(mudharabah, payments, '2024-04-20').summary.tunggakan_bagi_hasil,
    });
    expect(p.sisa_kewajiban).toBe(6_000_000 + p.bagi_hasil_tertunggak);
  });

  it('a settlement above the principal left pays profit share with it', () => {
    const p = loanPosition(mudharabah, [pay(1, '2024-03-01', 10_500_000, 'pelunasan')], '2024-03-02');
    expect(p).toMatchObject({ pokok_terbayar: 10_000_000, bagi_hasil_terbayar: 500_000, sisa_kewajiban: 0, dilunasi: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random loans and payment histories (issue 47 item 6: at least 10 000 sequences)
// ---------------------------------------------------------------------------------------------

function consistent(loan: LedgerLoan, p: LoanPosition) {
  const figures = Object.entries(p).filter(([, v]) => typeof v === 'number') as [string, number][];
  for (const [name, value] of figures) {
    expect(Number.isInteger(value) || name === 'progres_persen', name).toBe(true);
    expect(value, name).toBeGreaterThanOrEqual(0);
  }
  expect(p.sisa_kewajiban).toBe(p.sisa_pokok + p.sisa_margin + p.bagi_hasil_tertunggak);
  // Paid + left (+ not collected by a settlement) = the contract, for principal and for margin.
  expect(p.pokok_terbayar + p.sisa_pokok + p.pokok_tidak_tertagih).toBe(loan.jumlah);
  expect(p.margin_terbayar + p.sisa_margin + p.margin_tidak_ditagih).toBe(p.margin_akad);
  expect(p.total_kewajiban).toBe(loan.jumlah + p.margin_akad);
  expect(p.progres_persen).toBeLessThanOrEqual(100);
  if (p.dilunasi) expect(p.sisa_kewajiban).toBe(0);
  if (p.sisa_angsuran !== null) expect(p.angsuran_lunas! + p.sisa_angsuran).toBeGreaterThan(0);
}

describe('loanPosition: properties', () => {
  it(
    'every figure is whole, never negative, and adds up (paid + left = contract; owed = principal + margin left)',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(caseArb, ([loan, payments, metode]) => {
          const p = loanPosition(loan, payments, TODAY, metode);
          consistent(loan, p);
          // Every rupiah paid is principal, margin, profit share, or paid beyond the obligation.
          expect(p.pokok_terbayar + p.margin_terbayar + p.bagi_hasil_terbayar + p.lebih_bayar).toBe(
            sum(payments.map((x) => x.jumlah)),
          );
        }),
        { numRuns: 10_000 },
      );
    },
  );

  it('agrees with the income report: margin paid is the margin recognised, margin not charged is what it waived', () => {
    fc.assert(
      fc.property(caseArb, ([loan, payments, metode]) => {
        const p = loanPosition(loan, payments, TODAY, metode);
        const income = loanIncome(loan, payments, metode).payments;
        if (loan.tipe === 'pokok' && p.angsuran_lunas !== null) {
          expect(p.margin_terbayar).toBe(sum(income.map((x) => x.diakui)));
          expect(p.margin_tidak_ditagih).toBe(sum(income.map((x) => x.dibebaskan)));
        } else expect(p.margin_terbayar).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a payment cancelled (the latest) gives back exactly the position before it', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 50_000_000 }), ([loan, payments, metode], jumlah) => {
        const before = loanPosition(loan, payments, TODAY, metode);
        const latest = payments.reduce((max, x) => (x.tanggal > max ? x.tanggal : max), loan.tanggal_pinjam);
        const added = [...payments, pay(payments.length + 1, latest, jumlah)];
        consistent(loan, loanPosition(loan, added, TODAY, metode));
        expect(loanPosition(loan, added.slice(0, -1), TODAY, metode)).toEqual(before);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the order payments come in does not matter (they are applied by date, then id)', () => {
    fc.assert(
      fc.property(caseArb, ([loan, payments, metode]) => {
        expect(loanPosition(loan, [...payments].reverse(), TODAY, metode)).toEqual(loanPosition(loan, payments, TODAY, metode));
      }),
      { numRuns: 2_000 },
    );
  });

  it('a payment never raises what is owed, and principal paid never exceeds jumlah', () => {
    fc.assert(
      fc.property(caseArb, ([loan, payments, metode]) => {
        const ordered = [...payments].sort((a, b) => (a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : a.id - b.id));
        let owed = Infinity;
        for (let k = 0; k <= ordered.length; k += 1) {
          // Measured on a day after every payment, so a Mudharabah's arrears do not move with the day.
          const p = loanPosition(loan, ordered.slice(0, k), TODAY, metode);
          if (loan.tipe === 'pokok') {
            expect(p.sisa_kewajiban).toBeLessThanOrEqual(owed);
            owed = p.sisa_kewajiban;
          }
          expect(p.pokok_terbayar).toBeLessThanOrEqual(loan.jumlah);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
