import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ledgerPayment, specMurabahah, sumOf } from './spec-loan.fixture';
import { deferredMargin, loanIncome } from './pendapatan';
import { annuityMargins, type MetodePengakuanMargin } from './margin';
import { buildMurabahahSchedule } from './schedule';
import { murabahahTermsArb } from './arbitraries.fixture';
import type { LedgerPayment } from './ledger';

const murabahah = specMurabahah;
const pay = ledgerPayment;
const sum = sumOf;

describe('annuityMargins', () => {
  it('works the spec’s example: the margin falls as the principal is repaid', () => {
    // Independently: the monthly rate r with Σ 1.240.000/(1+r)^k = 12.000.000 over k = 1..12 is
    // 3,4753 %; the first instalment's margin is 12.000.000 × r = 417.031.
    const parts = annuityMargins(Array(12).fill(1_240_000), 12_000_000);
    expect(parts[0]).toBe(417_031);
    expect(parts[11]).toBe(41_646);
    expect(sum(parts)).toBe(2_880_000);
  });

  it('gives nothing when there is no margin', () => {
    expect(annuityMargins([500, 500], 1000)).toEqual([0, 0]);
  });

  it('adds up to the margin; each part lies within its instalment; the parts never grow', () => {
    fc.assert(
      fc.property(murabahahTermsArb({ jumlah: [1, 1_000_000_000], persentase: [0, 10], durasi: [1, 60] }), (terms) => {
        const schedule = buildMurabahahSchedule({ tanggal_pinjam: '2024-01-31', ...terms });
        const amounts = schedule.map((l) => l.jumlah);
        const parts = annuityMargins(amounts, terms.jumlah);
        expect(sum(parts)).toBe(sum(amounts) - terms.jumlah);
        parts.forEach((part, k) => {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(amounts[k]!);
          // Equal instalments: a later margin is never more than a rupiah above an earlier one.
          if (k > 0 && amounts[k] === amounts[k - 1]) expect(part).toBeLessThanOrEqual(parts[k - 1]! + 1);
        });
      }),
    );
  });
});

describe('loanIncome: Murabahah', () => {
  it('receives and recognises the margin of whole instalments paid (proportional: Rp 240.000 each)', () => {
    const income = loanIncome(murabahah, [pay(1, '2024-02-29', 1_240_000), pay(2, '2024-03-31', 1_240_000)], 'proporsional');
    expect(income.margin).toBe(2_880_000);
    expect(income.payments).toEqual([
      { id: 1, tanggal: '2024-02-29', diterima: 240_000, diakui: 240_000, dibebaskan: 0 },
      { id: 2, tanggal: '2024-03-31', diterima: 240_000, diakui: 240_000, dibebaskan: 0 },
    ]);
  });

  it('takes the margin first when receiving, in proportion when recognising a part payment', () => {
    // Rp 620.000 of an instalment of 1.240.000: received = all 240.000 of its margin first;
    // recognised = 620.000 × 240.000 / 1.240.000 = 120.000.
    const [p] = loanIncome(murabahah, [pay(1, '2024-02-20', 620_000)], 'proporsional').payments;
    expect(p).toMatchObject({ diterima: 240_000, diakui: 120_000 });
    // The annuity method recognises the first instalment's larger margin: 620.000 × 417.031 / 1.240.000.
    const [a] = loanIncome(murabahah, [pay(1, '2024-02-20', 620_000)], 'anuitas').payments;
    expect(a!.diakui).toBe(Math.floor((620_000 * 417_031) / 1_240_000));
  });

  it('counts at a settlement the margin above the principal left, and the rest as not collected', () => {
    // Three instalments paid (principal 3.000.000 of 12.000.000 repaid); the settlement pays the
    // 9.000.000 principal and 500.000 of the 2.160.000 margin left.
    const payments = [1, 2, 3].map((k) => pay(k, `2024-0${k + 1}-28`, 1_240_000));
    const income = loanIncome(murabahah, [...payments, pay(4, '2024-05-10', 9_500_000, 'pelunasan')], 'proporsional');
    expect(income.payments[3]).toEqual({
      id: 4,
      tanggal: '2024-05-10',
      diterima: 500_000,
      diakui: 500_000,
      dibebaskan: 1_660_000,
    });
    // A settlement below the principal left brings no margin.
    const short = loanIncome(murabahah, [...payments, pay(4, '2024-05-10', 8_000_000, 'pelunasan')], 'proporsional');
    expect(short.payments[3]).toMatchObject({ diterima: 0, diakui: 0, dibebaskan: 2_160_000 });
  });

  it('brings nothing after the settlement or beyond the obligation', () => {
    const income = loanIncome(
      murabahah,
      [pay(1, '2024-02-10', 14_880_000, 'pelunasan'), pay(2, '2024-03-10', 1_240_000)],
      'proporsional',
    );
    expect(income.payments.map((p) => p.diterima)).toEqual([2_880_000]);
    const over = loanIncome(murabahah, [pay(1, '2024-02-10', 20_000_000)], 'proporsional');
    expect(over.payments[0]!.diterima).toBe(2_880_000);
  });

  const paymentsArb = fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 500 }),
      jumlah: fc.integer({ min: 1, max: 3_000_000 }),
      jenis: fc.constantFrom<LedgerPayment['jenis']>('angsuran', 'angsuran', 'angsuran', 'pelunasan'),
      angsuran_ke: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
    }),
    { maxLength: 20 },
  );
  const toPayments = (xs: { day: number; jumlah: number; jenis: LedgerPayment['jenis']; angsuran_ke: number | null }[]) =>
    xs.map((x, i) =>
      pay(i + 1, new Date(Date.UTC(2024, 1, 1 + x.day)).toISOString().slice(0, 10), x.jumlah, x.jenis, x.angsuran_ke),
    );

  it.each<MetodePengakuanMargin>(['proporsional', 'anuitas'])(
    'never counts more than the margin, nor more than a payment (%s)',
    (metode) => {
      fc.assert(
        fc.property(paymentsArb, (xs) => {
          const payments = toPayments(xs);
          const income = loanIncome(murabahah, payments, metode);
          expect(sum(income.payments.map((p) => p.diterima))).toBeLessThanOrEqual(income.margin);
          expect(sum(income.payments.map((p) => p.diakui + p.dibebaskan))).toBeLessThanOrEqual(income.margin);
          let recognised = 0;
          for (const p of income.payments) {
            const payment = payments.find((x) => x.id === p.id)!;
            expect(p.diterima).toBeGreaterThanOrEqual(0);
            // Only a settlement recognises less than nothing: it reverses margin paid ahead of the
            // months begun (issue 47), never more than was recognised before it.
            expect(p.diakui).toBeGreaterThanOrEqual(payment.jenis === 'pelunasan' ? -recognised : 0);
            expect(p.diterima).toBeLessThanOrEqual(payment.jumlah);
            expect(p.diakui).toBeLessThanOrEqual(payment.jumlah);
            recognised += p.diakui;
          }
        }),
      );
    },
  );

  it.each<MetodePengakuanMargin>(['proporsional', 'anuitas'])(
    'has received and recognised the whole margin once every instalment is paid (%s)',
    (metode) => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 30 }), (amounts) => {
          // Payments of any sizes, then one that pays whatever is left.
          const payments = amounts.map((jumlah, i) => pay(i + 1, '2024-03-01', jumlah));
          payments.push(pay(amounts.length + 1, '2025-03-01', 14_880_000));
          const income = loanIncome(murabahah, payments, metode);
          expect(sum(income.payments.map((p) => p.diterima))).toBe(2_880_000);
          expect(sum(income.payments.map((p) => p.diakui))).toBe(2_880_000);
        }),
      );
    },
  );

  it('recognises at least as much under the annuity method after any number of whole instalments', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), (paidCount) => {
        const payments = Array.from({ length: paidCount }, (_, i) => pay(i + 1, '2024-03-01', 1_240_000));
        const total = (m: MetodePengakuanMargin) => sum(loanIncome(murabahah, payments, m).payments.map((p) => p.diakui));
        expect(total('anuitas')).toBeGreaterThanOrEqual(total('proporsional'));
      }),
    );
  });
});

describe('loanIncome: Mudharabah', () => {
  const mudharabah = { ...murabahah, tipe: 'non-pokok' as const, durasi_angsuran: null, persentase: 3 };

  it('counts profit share payments whole, and what a settlement pays above the principal left', () => {
    const income = loanIncome(
      mudharabah,
      [
        pay(1, '2024-03-01', 360_000, 'bagi_hasil'),
        pay(2, '2024-03-05', 2_000_000, 'pokok'),
        pay(3, '2024-04-01', 10_300_000, 'pelunasan'),
      ],
      'proporsional',
    );
    expect(income.margin).toBe(0);
    expect(income.payments.map((p) => [p.diterima, p.diakui])).toEqual([
      [360_000, 360_000],
      [0, 0],
      [300_000, 300_000],
    ]);
  });
});

describe('deferredMargin', () => {
  const income = loanIncome(murabahah, [pay(1, '2024-02-29', 1_240_000), pay(2, '2024-03-31', 1_240_000)], 'proporsional');

  it('is the margin not recognised by the end of the day', () => {
    expect(deferredMargin(murabahah, income, '2024-01-31', null)).toBe(2_880_000);
    expect(deferredMargin(murabahah, income, '2024-02-29', null)).toBe(2_640_000);
    expect(deferredMargin(murabahah, income, '2024-03-31', null)).toBe(2_400_000);
  });

  it('is nothing before the loan was granted or once it was closed', () => {
    expect(deferredMargin(murabahah, income, '2024-01-30', null)).toBe(0);
    expect(deferredMargin(murabahah, income, '2024-03-31', '2024-03-31')).toBe(0);
    expect(deferredMargin(murabahah, income, '2024-03-30', '2024-03-31')).toBe(2_640_000);
  });
});
