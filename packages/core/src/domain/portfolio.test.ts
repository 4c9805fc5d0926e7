import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysInMonth, parseIsoDate } from './calendar';
import { classify, figuresOfTotals, portfolioFigures, portfolioTotals, type Kolektibilitas } from './kolektibilitas';
import { loanLedger } from './ledger';
import { figureChange, formatFigureChange, monthEndsBefore, portfolioLoanAt, previousMonthEnd } from './portfolio';
import { loanPosition } from './posisi';
import type { TipePinjaman } from './types';
import { paymentsAfterArb } from './arbitraries.fixture';
import { ledgerPayment } from './spec-loan.fixture';

const murabahah = {
  tipe: 'pokok' as TipePinjaman,
  jumlah: 12_000_000,
  persentase: 1,
  durasi_angsuran: 12,
  tanggal_pinjam: '2026-01-10',
  status: 'aktif',
};
const pay = ledgerPayment;

describe('portfolioLoanAt', () => {
  it('is absent before the loan was granted and after it was paid off', () => {
    expect(portfolioLoanAt(murabahah, [], '2026-01-09')).toBeNull();
    expect(portfolioLoanAt(murabahah, [], '2026-01-10')).toEqual({
      outstanding: 12_000_000,
      hari_tunggakan: 0,
      kolektibilitas: 1,
    });
    const payments = [pay(1, '2026-03-01', 0, 'pelunasan')];
    expect(portfolioLoanAt(murabahah, payments, '2026-02-28')).not.toBeNull();
    expect(portfolioLoanAt(murabahah, payments, '2026-03-01')).toBeNull();
  });

  it('counts the days past due of that date, not of today', () => {
    // Instalments of 1 120 000 due on the 10th from February; one paid on 2026-02-10.
    const payments = [pay(1, '2026-02-10', 1_120_000)];
    const endOfApril = portfolioLoanAt(murabahah, payments, '2026-04-30');
    // Of the 1 120 000 paid, 120 000 is the instalment's margin: 11 000 000 of principal left (issue 47).
    expect(endOfApril).toEqual({ outstanding: 11_000_000, hari_tunggakan: 51, kolektibilitas: 2 });
    // A payment made later does not change the past.
    expect(portfolioLoanAt(murabahah, [...payments, pay(2, '2026-05-02', 5_000_000)], '2026-04-30')).toEqual(endOfApril);
  });

  it('leaves a pending loan out and takes a macet or lunas-by-hand loan as running then', () => {
    expect(portfolioLoanAt({ ...murabahah, status: 'pending' }, [], '2026-06-30')).toBeNull();
    expect(portfolioLoanAt({ ...murabahah, status: 'ditolak' }, [], '2026-06-30')).toBeNull();
    const macet = portfolioLoanAt({ ...murabahah, status: 'macet' }, [], '2026-06-30');
    const lunas = portfolioLoanAt({ ...murabahah, status: 'lunas' }, [], '2026-06-30');
    expect(macet).toEqual(lunas);
    expect(macet).toMatchObject({ outstanding: 12_000_000, hari_tunggakan: 140, kolektibilitas: 4 });
  });

  it('agrees with the ledger of that day and never owes more as days pass (property)', () => {
    fc.assert(
      fc.property(
        paymentsAfterArb(murabahah.tanggal_pinjam, 500, 12),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 60 }),
        (payments, at, later) => {
          const tanggal = addDays(murabahah.tanggal_pinjam, at);
          const loan = portfolioLoanAt(murabahah, payments, tanggal);
          const upTo = payments.filter((p) => p.tanggal <= tanggal);
          const paid = upTo.reduce((s, p) => s + p.jumlah, 0);
          if (loan === null) {
            expect(paid).toBeGreaterThanOrEqual(13_440_000);
            return;
          }
          const { summary } = loanLedger(murabahah, upTo, tanggal);
          expect(loan.hari_tunggakan).toBe(summary.hari_tunggakan);
          expect(loan.kolektibilitas).toBe(classify(summary.hari_tunggakan));
          // The principal left then is the loan's position on the payments of that time; never
          // more than jumlah less what was paid above the margin of the whole akad.
          expect(loan.outstanding).toBe(loanPosition(murabahah, upTo, tanggal).sisa_pokok);
          expect(loan.outstanding).toBeGreaterThanOrEqual(Math.max(0, 12_000_000 - paid));
          const next = portfolioLoanAt(murabahah, payments, addDays(tanggal, later));
          if (next) expect(next.outstanding).toBeLessThanOrEqual(loan.outstanding);
        },
      ),
    );
  });
});

describe('month-ends', () => {
  it.each([
    ['2026-11-25', '2026-10-31'],
    ['2026-11-01', '2026-10-31'],
    ['2026-11-30', '2026-10-31'],
    ['2026-01-01', '2025-12-31'], // across years
    ['2024-03-31', '2024-02-29'], // leap February
    ['2026-03-01', '2026-02-28'],
  ])('gives the last day of the month before %s: %s', (tanggal, monthEnd) => {
    expect(previousMonthEnd(tanggal)).toBe(monthEnd);
  });

  it('lists the month-ends before a date', () => {
    expect(monthEndsBefore('2026-11-25', 3)).toEqual(['2026-08-31', '2026-09-30', '2026-10-31']);
  });

  it('lists month-ends, oldest first, each the last day of its month and before the date (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 1, max: 24 }), (offset, count) => {
        const tanggal = addDays('1950-01-01', offset);
        const ends = monthEndsBefore(tanggal, count);
        expect(ends).toHaveLength(count);
        for (let i = 0; i < ends.length; i += 1) {
          const d = parseIsoDate(ends[i]!)!;
          expect(d.day).toBe(daysInMonth(d.year, d.month));
          expect(ends[i]! < tanggal).toBe(true);
          if (i > 0) expect(ends[i - 1]! < ends[i]!).toBe(true);
        }
        // The newest is the day before the first of the date's month.
        expect(addDays(ends.at(-1)!, 1).slice(0, 7)).toBe(tanggal.slice(0, 7));
      }),
    );
  });
});

describe('figureChange', () => {
  it.each([
    [110, 100, 'jumlah', { arah: 'naik', nilai: 10, satuan: 'persen' }, '↑ 10,0%'],
    [90, 100, 'jumlah', { arah: 'turun', nilai: -10, satuan: 'persen' }, '↓ 10,0%'],
    [1, 3, 'jumlah', { arah: 'turun', nilai: -66.7, satuan: 'persen' }, '↓ 66,7%'],
    [100, 100, 'jumlah', { arah: 'tetap', nilai: 0, satuan: 'persen' }, 'Tetap'],
    [5, 0, 'jumlah', { arah: 'naik', nilai: null, satuan: 'persen' }, '↑ dari nol'],
    [0, 0, 'jumlah', { arah: 'tetap', nilai: 0, satuan: 'persen' }, 'Tetap'],
    [3, 2, 'rasio', { arah: 'naik', nilai: 1, satuan: 'poin' }, '↑ 1,00 poin'],
    [2.04, 2.29, 'rasio', { arah: 'turun', nilai: -0.25, satuan: 'poin' }, '↓ 0,25 poin'],
  ] as const)('%s against %s (%s)', (now, before, kind, change, label) => {
    expect(figureChange(now, before, kind)).toEqual(change);
    expect(formatFigureChange(figureChange(now, before, kind))).toBe(label);
  });

  it('has nothing to say without a reference', () => {
    expect(figureChange(5, null, 'jumlah')).toBeNull();
    expect(figureChange(null, 5, 'rasio')).toBeNull();
    expect(formatFigureChange(null)).toBeNull();
  });

  it('points the arrow the way the figure moved (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 10 ** 12 }), (now, before) => {
        const change = figureChange(now, before, 'jumlah')!;
        expect(change.arah).toBe(now > before ? 'naik' : now < before ? 'turun' : 'tetap');
        if (change.arah === 'naik') expect(change.nilai!).toBeGreaterThanOrEqual(0);
        if (change.arah === 'turun') expect(change.nilai!).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('figuresOfTotals', () => {
  it('gives the figures of the loans it sums, however the classes are split or missing (property)', () => {
    const loanArb = fc.record({
      outstanding: fc.integer({ min: 0, max: 10 ** 10 }),
      kolektibilitas: fc.constantFrom<Kolektibilitas>(1, 2, 3, 4, 5),
      hari_tunggakan: fc.integer({ min: 0, max: 400 }),
    });
    fc.assert(
      fc.property(fc.array(loanArb, { maxLength: 40 }), fc.integer({ min: 0, max: 40 }), (loans, cut) => {
        const a = portfolioTotals(loans.slice(0, cut));
        const b = portfolioTotals(loans.slice(cut));
        const split = {
          per_kelas: [...a.per_kelas, ...b.per_kelas].filter((c) => c.jumlah_pinjaman > 0),
          outstanding_par30: a.outstanding_par30 + b.outstanding_par30,
        };
        expect(figuresOfTotals(split)).toEqual(portfolioFigures(loans));
      }),
    );
  });
});
