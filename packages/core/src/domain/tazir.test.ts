import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from './calendar';
import type { LedgerLoan, LedgerPayment } from './ledger';
import { buildMurabahahSchedule } from './schedule';
import { saldoDanaKebajikan, tazirCandidates } from './tazir';
import { specMurabahah } from './spec-loan.fixture';

const loan: LedgerLoan = specMurabahah;
const schedule = buildMurabahahSchedule({ ...loan, durasi_angsuran: 12 });

/** Instalment k paid in full `late` days after its due date. */
const paidLate = (k: number, late: number, id = k): LedgerPayment => ({
  id,
  tanggal: addDays(schedule[k - 1]!.jatuh_tempo, late),
  jenis: 'angsuran',
  jumlah: schedule[k - 1]!.jumlah,
  angsuran_ke: k,
});

describe('tazirCandidates (fatwa 17/DSN-MUI/IX/2000)', () => {
  it('proposes nothing for an instalment paid within the grace, one for an instalment paid after it', () => {
    expect(tazirCandidates(loan, [paidLate(1, 0), paidLate(2, 7)], 7)).toEqual([]);
    expect(tazirCandidates(loan, [paidLate(1, 0), paidLate(2, 8)], 7)).toEqual([
      { angsuran_ke: 2, jatuh_tempo: '2024-03-31', tanggal_lunas: '2024-04-08', hari_terlambat: 8 },
    ]);
    // The due date of 29 February (a loan of 31 January) counts from the clamped month end.
    expect(tazirCandidates(loan, [paidLate(1, 10)], 7)[0]).toMatchObject({ jatuh_tempo: '2024-02-29', hari_terlambat: 10 });
  });

  it('proposes when the late instalment is completed, not while it is partly paid', () => {
    const half = { ...paidLate(1, 20), jumlah: 620_000 };
    expect(tazirCandidates(loan, [half], 7)).toEqual([]);
    const rest = { ...paidLate(1, 30, 2), jumlah: 620_000 };
    expect(tazirCandidates(loan, [half, rest], 7)).toEqual([
      { angsuran_ke: 1, jatuh_tempo: '2024-02-29', tanggal_lunas: '2024-03-30', hari_terlambat: 30 },
    ]);
  });

  it('is nothing for a Mudharabah', () => {
    expect(tazirCandidates({ ...loan, tipe: 'non-pokok' }, [paidLate(1, 30)], 7)).toEqual([]);
  });

  it('proposes exactly the instalments completed more than the grace after their due date', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 60 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 30 }),
        (lates, grace) => {
          const payments = lates.map((late, i) => paidLate(i + 1, late));
          const proposed = tazirCandidates(loan, payments, grace).map((c) => c.angsuran_ke);
          expect(proposed).toEqual(lates.flatMap((late, i) => (late > grace ? [i + 1] : [])));
        },
      ),
    );
  });
});

describe('saldoDanaKebajikan', () => {
  it('is what came in less what went out', () => {
    expect(
      saldoDanaKebajikan([
        { arah: 'masuk', jumlah: 50_000 },
        { arah: 'masuk', jumlah: 25_000 },
        { arah: 'keluar', jumlah: 60_000 },
      ]),
    ).toBe(15_000);
  });
});
