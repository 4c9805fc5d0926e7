/**
 * Random loans and payment histories for the core's property tests (issue 47 item 6): Murabahah and
 * Mudharabah of any size, rate and term (some without a valid term, as old data has), payments of a
 * rupiah to several instalments at once, of every kind, on any day, under either margin method.
 */
import fc from 'fast-check';
import { addDays } from './calendar';
import type { LedgerLoan, LedgerPayment } from './ledger';
import type { MetodePengakuanMargin } from './margin';

export const loanArb = fc.record({
  tipe: fc.constantFrom<LedgerLoan['tipe']>('pokok', 'pokok', 'pokok', 'non-pokok'),
  jumlah: fc.integer({ min: 100_000, max: 500_000_000 }),
  persentase: fc.constantFrom(0, 0.5, 1, 1.25, 2, 2.5, 3),
  durasi_angsuran: fc.option(fc.integer({ min: 1, max: 36 }), { nil: null, freq: 8 }),
  tanggal_pinjam: fc.constantFrom('2024-01-31', '2024-02-29', '2024-03-15', '2024-12-31'),
  status: fc.constantFrom('aktif', 'aktif', 'macet'),
});
export const historyArb = (loan: LedgerLoan) =>
  fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: 1200 }),
        // Amounts around an instalment, from a rupiah to several instalments at once.
        share: fc.integer({ min: 1, max: 4000 }),
        jenis: fc.constantFrom<LedgerPayment['jenis']>('angsuran', 'angsuran', 'angsuran', 'pokok', 'bagi_hasil', 'pelunasan'),
        angsuran_ke: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
      }),
      { maxLength: 30 },
    )
    .map((xs) =>
      xs.map((x, i): LedgerPayment => ({
        id: i + 1,
        tanggal: addDays(loan.tanggal_pinjam, x.day),
        jumlah: Math.max(1, Math.round((loan.jumlah * x.share) / 20_000)),
        jenis: loan.tipe === 'pokok' && x.jenis === 'bagi_hasil' ? 'angsuran' : x.jenis,
        angsuran_ke: x.angsuran_ke,
      })),
    );
export const caseArb = loanArb.chain((loan) =>
  fc.tuple(
    fc.constant(loan as LedgerLoan),
    historyArb(loan as LedgerLoan),
    fc.constantFrom<MetodePengakuanMargin>('proporsional', 'anuitas'),
  ),
);
/** A day after every payment the histories make. */
export const TODAY = '2027-06-30';
