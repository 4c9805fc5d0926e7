import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collectionRate, loanCollectionInMonth } from './penagihan';
import { buildMurabahahSchedule } from './schedule';
import type { LedgerPayment } from './ledger';
import { addDays, addMonths, monthDateRange } from './calendar';
import { ledgerPayment, specMurabahah } from './spec-loan.fixture';

// Rp 12.000.000 Murabahah at 2 % for 12 months granted 31 Jan 2024 (the spec's example): 12
// instalments of Rp 1.240.000 due on the 29th of February (clamped), then the 31st or month end.
const murabahah = specMurabahah;
const pay = ledgerPayment;

describe('loanCollectionInMonth', () => {
  it('counts the instalment due in the month as target and what the month’s payments paid of it as realisasi', () => {
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-03-05', 1_000_000)], '2024-03-01', '2024-03-31')).toEqual({
      target: 1_240_000,
      realisasi: 1_000_000,
      di_muka: 0,
      angsuran_jatuh_tempo: 1,
    });
    // February's instalment is due on the 29th (clamped): 500.000 paid of it on 31 January was paid
    // ahead in January, and February had the other 740.000 to collect.
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-01-31', 500_000)], '2024-02-01', '2024-02-29')).toEqual({
      target: 740_000,
      realisasi: 0,
      di_muka: 0,
      angsuran_jatuh_tempo: 1,
    });
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-01-31', 500_000)], '2024-01-01', '2024-01-31')).toEqual({
      target: 0,
      realisasi: 0,
      di_muka: 500_000,
      angsuran_jatuh_tempo: 0,
    });
  });

  it('counts arrears collected as realisasi, and instalments paid ahead apart', () => {
    // Nothing paid in February; in March 3 instalments: February's, March's and April's.
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-03-05', 3_720_000)], '2024-03-01', '2024-03-31')).toEqual({
      target: 1_240_000,
      realisasi: 2_480_000,
      di_muka: 1_240_000,
      angsuran_jatuh_tempo: 1,
    });
  });

  it('leaves out a loan granted after the month or with nothing due or paid in it, pending, or paid off before it began', () => {
    expect(loanCollectionInMonth(murabahah, [], '2023-12-01', '2023-12-31')).toBeNull();
    // Granted on 31 January: its first instalment is due in February.
    expect(loanCollectionInMonth(murabahah, [], '2024-01-01', '2024-01-31')).toBeNull();
    expect(loanCollectionInMonth({ ...murabahah, status: 'pending' }, [], '2024-03-01', '2024-03-31')).toBeNull();
    expect(
      loanCollectionInMonth(murabahah, [pay(1, '2024-02-10', 14_880_000, 'pelunasan')], '2024-03-01', '2024-03-31'),
    ).toBeNull();
  });

  it('counts of an early settlement only what was due by the month’s end (issue 47)', () => {
    // Settled on 10 March with February unpaid: February's and March's instalments are collected,
    // the other ten instalments' cash is settlement, not collection.
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-03-10', 14_880_000, 'pelunasan')], '2024-03-01', '2024-03-31')).toEqual(
      {
        target: 1_240_000,
        realisasi: 2_480_000,
        di_muka: 12_400_000,
        angsuran_jatuh_tempo: 1,
      },
    );
  });

  it('counts a Mudharabah’s profit share due in the month', () => {
    const mudharabah = { ...murabahah, tipe: 'non-pokok' as const, durasi_angsuran: null, persentase: 3 };
    const month = loanCollectionInMonth(mudharabah, [pay(1, '2024-03-02', 360_000, 'bagi_hasil')], '2024-03-01', '2024-03-31');
    expect(month).toEqual({ target: 360_000, realisasi: 360_000, di_muka: 0, angsuran_jatuh_tempo: 1 });
  });

  it('counts the profit share a Mudharabah pays after its principal came back (issue 47)', () => {
    // 12.000.000 at 3 % granted 31 January: the share due 29 February (360.000) unpaid, principal
    // returned on 15 March (no share due after it), the share paid on 5 April: the loan is lunas,
    // its April still collects the arrears.
    const mudharabah = { ...murabahah, tipe: 'non-pokok' as const, durasi_angsuran: null, persentase: 3, status: 'lunas' };
    const payments = [pay(1, '2024-03-15', 12_000_000, 'pokok'), pay(2, '2024-04-05', 360_000, 'bagi_hasil')];
    expect(loanCollectionInMonth(mudharabah, payments, '2024-04-01', '2024-04-30')).toEqual({
      target: 0,
      realisasi: 360_000,
      di_muka: 0,
      angsuran_jatuh_tempo: 0,
    });
    expect(loanCollectionInMonth(mudharabah, payments, '2024-05-01', '2024-05-31')).toBeNull();
  });

  it('splits every month’s payments into realisasi and di muka exactly, nothing negative', () => {
    const day = fc.integer({ min: 0, max: 500 }).map((n) => addDays('2024-01-31', n));
    fc.assert(
      fc.property(
        fc.constantFrom('pokok' as const, 'non-pokok' as const),
        fc.array(
          fc.record({
            tanggal: day,
            jumlah: fc.integer({ min: 1, max: 40 }).map((n) => n * 100_000),
            jenis: fc.constantFrom<LedgerPayment['jenis']>('angsuran', 'bagi_hasil', 'pokok', 'pelunasan'),
          }),
          { maxLength: 20 },
        ),
        (tipe, raw) => {
          const loan = tipe === 'pokok' ? murabahah : { ...murabahah, tipe, durasi_angsuran: 12, persentase: 3 };
          const payments = raw.map((p, i) =>
            pay(i + 1, p.tanggal, p.jumlah, tipe === 'pokok' && p.jenis === 'bagi_hasil' ? 'angsuran' : p.jenis),
          );
          for (let m = 0; m < 18; m += 1) {
            const first = addMonths('2024-01-01', m);
            const { first: dari, last: sampai } = monthDateRange(Number(first.slice(0, 4)), Number(first.slice(5, 7)));
            const month = loanCollectionInMonth(loan, payments, dari, sampai);
            const paid = payments.filter((p) => p.tanggal >= dari && p.tanggal <= sampai).reduce((s, p) => s + p.jumlah, 0);
            if (!month) {
              expect(paid).toBe(0);
              continue;
            }
            expect(month.realisasi + month.di_muka).toBe(paid);
            expect(Math.min(month.target, month.realisasi, month.di_muka)).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('over a whole Murabahah term, the months’ targets add up to the total obligation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }).map((n) => n * 100_000),
        fc.integer({ min: 1, max: 500 }).map((n) => n / 100),
        fc.integer({ min: 1, max: 36 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (jumlah, persentase, durasi, granted) => {
          const loan = {
            ...murabahah,
            jumlah,
            persentase,
            durasi_angsuran: durasi,
            tanggal_pinjam: granted.toISOString().slice(0, 10),
          };
          const schedule = buildMurabahahSchedule(loan);
          const total = schedule.reduce((sum, line) => sum + line.jumlah, 0);
          let targets = 0;
          const [y, m] = loan.tanggal_pinjam.split('-').map(Number) as [number, number];
          for (let k = 0; k <= durasi + 1; k++) {
            const index = y * 12 + (m - 1) + k;
            const year = Math.floor(index / 12);
            const month = (index % 12) + 1;
            const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
            const dari = `${year}-${String(month).padStart(2, '0')}-01`;
            const sampai = `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
            targets += loanCollectionInMonth(loan, [], dari, sampai)?.target ?? 0;
          }
          expect(targets).toBe(total);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('collectionRate', () => {
  it('is realisasi over target in percent, rounded half up to two decimals; null without target', () => {
    expect(collectionRate(1_240_000, 1_000_000)).toBe(80.65);
    expect(collectionRate(3, 1)).toBe(33.33);
    expect(collectionRate(8, 1)).toBe(12.5);
    expect(collectionRate(0, 500)).toBeNull();
    expect(collectionRate(1_000, 2_000)).toBe(200);
  });
});
