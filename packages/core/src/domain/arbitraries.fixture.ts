/** fast-check arbitraries the core's property tests share. */
import fc from 'fast-check';
import { addDays } from './calendar';
import type { LedgerPayment } from './ledger';
import { ledgerPayment } from './spec-loan.fixture';

type Range = readonly [min: number, max: number];

/**
 * A Murabahah's terms within the ranges given: the principal in whole rupiah, the margin a month in
 * percent with at most two decimals, the months; ready to spread into a loan.
 */
export const murabahahTermsArb = (ranges: { jumlah: Range; persentase: Range; durasi: Range }) =>
  fc.record({
    jumlah: fc.integer({ min: ranges.jumlah[0], max: ranges.jumlah[1] }),
    persentase: fc
      .integer({ min: Math.round(ranges.persentase[0] * 100), max: Math.round(ranges.persentase[1] * 100) })
      .map((hundredths) => hundredths / 100),
    durasi_angsuran: fc.integer({ min: ranges.durasi[0], max: ranges.durasi[1] }),
  });

/** Up to `maxLength` instalment payments of Rp 1 to Rp 3.000.000, each 0 to `maxDay` days after `from`. */
export const paymentsAfterArb = (from: string, maxDay: number, maxLength: number): fc.Arbitrary<LedgerPayment[]> =>
  fc
    .array(fc.record({ day: fc.integer({ min: 0, max: maxDay }), amount: fc.integer({ min: 1, max: 3_000_000 }) }), {
      maxLength,
    })
    .map((raw) => raw.map((p, i) => ledgerPayment(i + 1, addDays(from, p.day), p.amount)));
