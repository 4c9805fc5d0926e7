import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { collectionRate, loanCollectionInMonth } from './penagihan';
import { buildMurabahahSchedule } from './schedule';
import type { LedgerPayment } from './ledger';

// Rp 12.000.000 Murabahah at 2 % for 12 months granted 31 Jan 2024 (the spec's example): 12
// instalments of Rp 1.240.000 due on the 29th of February (clamped), then the 31st or month end.
const murabahah = {
  tipe: 'pokok' as const,
  jumlah: 12_000_000,
  persentase: 2,
  durasi_angsuran: 12,
  tanggal_pinjam: '2024-01-31',
  status: 'aktif',
};
const pay = (id: number, tanggal: string, jumlah: number, jenis: LedgerPayment['jenis'] = 'angsuran'): LedgerPayment => ({
  id,
  tanggal,
  jumlah,
  jenis,
  angsuran_ke: null,
});

describe('loanCollectionInMonth', () => {
  it('counts the instalment due in the month as target and the month’s payments as realisasi', () => {
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-03-05', 1_000_000)], '2024-03-01', '2024-03-31')).toEqual({
      target: 1_240_000,
      realisasi: 1_000_000,
      angsuran_jatuh_tempo: 1,
    });
    // February's instalment is due on the 29th (clamped): a payment in January is not February's realisasi.
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-01-31', 500_000)], '2024-02-01', '2024-02-29')).toEqual({
      target: 1_240_000,
      realisasi: 0,
      angsuran_jatuh_tempo: 1,
    });
  });

  it('leaves out a loan granted after the month, pending, or paid off before it began', () => {
    expect(loanCollectionInMonth(murabahah, [], '2023-12-01', '2023-12-31')).toBeNull();
    expect(loanCollectionInMonth({ ...murabahah, status: 'pending' }, [], '2024-03-01', '2024-03-31')).toBeNull();
    expect(
      loanCollectionInMonth(murabahah, [pay(1, '2024-02-10', 14_880_000, 'pelunasan')], '2024-03-01', '2024-03-31'),
    ).toBeNull();
    // Settled during the month: it still had its instalment due, and the settlement is collected.
    expect(loanCollectionInMonth(murabahah, [pay(1, '2024-03-10', 14_880_000, 'pelunasan')], '2024-03-01', '2024-03-31')).toEqual(
      {
        target: 1_240_000,
        realisasi: 14_880_000,
        angsuran_jatuh_tempo: 1,
      },
    );
  });

  it('counts a Mudharabah’s profit share due in the month', () => {
    const mudharabah = { ...murabahah, tipe: 'non-pokok' as const, durasi_angsuran: null, persentase: 3 };
    const month = loanCollectionInMonth(mudharabah, [pay(1, '2024-03-02', 360_000, 'bagi_hasil')], '2024-03-01', '2024-03-31');
    expect(month).toEqual({ target: 360_000, realisasi: 360_000, angsuran_jatuh_tempo: 1 });
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
