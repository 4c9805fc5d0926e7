import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonths, todayJakarta } from './calendar';
import { calculateMurabahah } from './murabahah';
import { loanLedger, paymentsByLoan, splitPrincipal, type LedgerLoan, type LedgerPayment } from './ledger';
import { classify } from './kolektibilitas';
import { loanPosition } from './posisi';
import { specMurabahah } from './spec-loan.fixture';
import { paymentsAfterArb } from './arbitraries.fixture';
import type { MetodePengakuanMargin } from './margin';

/** The spec's worked example: Rp 12 000 000 at 2 % a month over 12 months, lent 2024-01-31. */
const murabahah: LedgerLoan = specMurabahah;
const pay = (id: number, tanggal: string, jumlah: number, extra: Partial<LedgerPayment> = {}): LedgerPayment => ({
  id,
  tanggal,
  jumlah,
  jenis: 'angsuran',
  angsuran_ke: null,
  ...extra,
});

describe('loanLedger, Murabahah', () => {
  it('splits every instalment into pokok and margin, summing to jumlah and the total margin exactly', () => {
    const { instalments } = loanLedger(murabahah, [], '2024-01-31');
    expect(instalments).toHaveLength(12);
    expect(instalments[0]).toMatchObject({ jumlah: 1_240_000, pokok: 1_000_000, margin: 240_000, status: 'belum' });
    expect(instalments.reduce((s, l) => s + l.pokok, 0)).toBe(12_000_000);
    expect(instalments.reduce((s, l) => s + l.margin, 0)).toBe(2_880_000);
  });

  it('counts days past due from the oldest due date not fully paid', () => {
    // Two instalments paid; on 2024-06-15 the third (due 2024-04-30) is 46 days late.
    const payments = [pay(1, '2024-02-28', 1_240_000, { angsuran_ke: 1 }), pay(2, '2024-03-30', 1_240_000, { angsuran_ke: 2 })];
    const { instalments, summary } = loanLedger(murabahah, payments, '2024-06-15');
    expect(instalments.slice(0, 5).map((l) => l.status)).toEqual(['lunas', 'lunas', 'terlambat', 'terlambat', 'belum']);
    expect(instalments[2]!.hari_terlambat).toBe(46);
    expect(summary).toMatchObject({
      angsuran_tertunggak: 2,
      hari_tunggakan: 46,
      jatuh_tempo_tertua: '2024-04-30',
      tunggakan_total: 2_480_000,
      tunggakan_pokok: 2_000_000,
      tunggakan_margin: 480_000,
      jatuh_tempo_berikutnya: '2024-06-30',
      jumlah_berikutnya: 1_240_000,
    });
    expect(classify(summary.hari_tunggakan)).toBe(2);
  });

  it('lets a payment of jenis pokok without angsuran_ke clear the oldest instalments', () => {
    const payments = [pay(1, '2024-05-01', 2_480_000, { jenis: 'pokok' })];
    const { instalments, summary } = loanLedger(murabahah, payments, '2024-05-01');
    expect(instalments.slice(0, 4).map((l) => l.status)).toEqual(['lunas', 'lunas', 'terlambat', 'belum']);
    expect(summary.hari_tunggakan).toBe(1);
  });

  it('fills the named instalment first and the oldest with the rest; a part payment is sebagian', () => {
    const payments = [pay(1, '2024-02-10', 1_500_000, { angsuran_ke: 2 })];
    const { instalments } = loanLedger(murabahah, payments, '2024-02-10');
    expect(instalments.slice(0, 3).map((l) => [l.terbayar, l.status])).toEqual([
      [260_000, 'sebagian'],
      [1_240_000, 'lunas'],
      [0, 'belum'],
    ]);
  });

  it('splits a late part-paid instalment’s arrears in proportion, as its margin is recognised (issue 47)', () => {
    // 300 000 of an instalment of 1 240 000 (240 000 margin) carried ⌊300 000 × 240 000 ÷ 1 240 000⌋
    // = 58 064 of margin: 181 936 of margin and 758 064 of principal are in arrears.
    const payments = [pay(1, '2024-02-29', 300_000, { angsuran_ke: 1 })];
    const { summary } = loanLedger(murabahah, payments, '2024-03-01');
    expect(summary).toMatchObject({
      tunggakan_total: 940_000,
      tunggakan_margin: 181_936,
      tunggakan_pokok: 758_064,
      hari_tunggakan: 1,
    });
    // Under the annuity method the first instalment carries 417 031 of margin: 100 894 of it paid.
    const annuity = loanLedger(murabahah, payments, '2024-03-01', 'anuitas').summary;
    expect(annuity).toMatchObject({ tunggakan_margin: 417_031 - 100_894, tunggakan_pokok: 940_000 - (417_031 - 100_894) });
  });

  it('never has more principal in arrears than principal left (issue 47, property)', () => {
    fc.assert(
      fc.property(
        paymentsAfterArb(murabahah.tanggal_pinjam, 420, 14),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom<MetodePengakuanMargin>('proporsional', 'anuitas'),
        (payments, at, metode) => {
          const today = addDays(murabahah.tanggal_pinjam, at);
          const upTo = payments.filter((p) => p.tanggal <= today);
          const { summary } = loanLedger(murabahah, upTo, today, metode);
          const position = loanPosition(murabahah, upTo, today, metode);
          expect(summary.tunggakan_pokok).toBeLessThanOrEqual(position.sisa_pokok);
          expect(summary.tunggakan_margin).toBeLessThanOrEqual(position.sisa_margin);
          expect(summary.tunggakan_total).toBeLessThanOrEqual(position.sisa_kewajiban);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('settles everything with a pelunasan, and a lunas loan has no arrears', () => {
    const settled = loanLedger(murabahah, [pay(1, '2024-09-01', 9_000_000, { jenis: 'pelunasan' })], '2025-06-01');
    expect(settled.instalments.every((l) => l.status === 'lunas')).toBe(true);
    expect(settled.summary.tunggakan_total).toBe(0);
    const closed = loanLedger({ ...murabahah, status: 'lunas' }, [], '2025-06-01');
    expect(closed.summary).toMatchObject({ tunggakan_total: 0, hari_tunggakan: 0, angsuran_tertunggak: 0 });
    // Not disbursed yet: no arrears either, however old its date.
    const pending = loanLedger({ ...murabahah, status: 'pending' }, [], '2025-06-01');
    expect(pending.summary).toMatchObject({ tunggakan_total: 0, hari_tunggakan: 0, angsuran_tertunggak: 0 });
    const rejected = loanLedger({ ...murabahah, status: 'ditolak' }, [], '2025-06-01');
    expect(rejected.summary).toEqual(pending.summary);
    // Their schedules agree with the summary: unpaid lines are not late, and no day is counted.
    for (const { instalments } of [closed, pending, rejected]) {
      expect(new Set(instalments.map((l) => l.status))).toEqual(new Set(['belum']));
      expect(instalments.every((l) => l.hari_terlambat === 0)).toBe(true);
    }
    expect(loanLedger(murabahah, [], '2025-06-01').summary.angsuran_tertunggak).toBe(12);
  });

  it('is not late on the due date itself, and one day late the day after', () => {
    expect(loanLedger(murabahah, [], '2024-02-29').summary.hari_tunggakan).toBe(0);
    expect(loanLedger(murabahah, [], '2024-03-01').summary.hari_tunggakan).toBe(1);
  });

  it('turns late at midnight in Jakarta, whatever the server clock zone (a month end)', () => {
    // The first instalment is due 2024-02-29; Jakarta is UTC+7.
    const before = todayJakarta(new Date('2024-02-29T16:59:59Z'));
    const after = todayJakarta(new Date('2024-02-29T17:00:00Z'));
    expect([before, after]).toEqual(['2024-02-29', '2024-03-01']);
    expect(loanLedger(murabahah, [], before).summary.hari_tunggakan).toBe(0);
    expect(loanLedger(murabahah, [], after).summary.hari_tunggakan).toBe(1);
  });

  it('has no schedule, and so no arrears, without a valid durasi (old data)', () => {
    const { instalments, summary } = loanLedger({ ...murabahah, durasi_angsuran: null }, [], '2030-01-01');
    expect(instalments).toEqual([]);
    expect(summary.hari_tunggakan).toBe(0);
  });
});

describe('loanLedger after a settlement (issue 47: what was paid and what was not charged)', () => {
  it('shows the cash paid and the rest closed without payment, not every instalment paid in full', () => {
    // Three instalments, then 9.500.000 settles the loan in month 4 (1.660.000 of margin not charged).
    const payments = [1, 2, 3]
      .map((k) => pay(k, `2024-0${k + 1}-28`, 1_240_000))
      .concat(pay(4, '2024-05-10', 9_500_000, { jenis: 'pelunasan' }));
    const { instalments } = loanLedger({ ...murabahah, status: 'lunas' }, payments, '2024-05-11');
    const total = (key: 'jumlah' | 'terbayar' | 'tidak_ditagih' | 'sisa') => instalments.reduce((s, a) => s + a[key], 0);
    expect(total('terbayar')).toBe(3 * 1_240_000 + 9_500_000);
    expect(total('tidak_ditagih')).toBe(1_660_000);
    expect(total('terbayar') + total('tidak_ditagih')).toBe(total('jumlah'));
    expect(total('sisa')).toBe(0);
    expect(instalments.every((a) => a.status === 'lunas')).toBe(true);
    // The settlement's cash pays the oldest instalments first; the last ones are closed unpaid.
    expect(instalments[3]).toMatchObject({ terbayar: 1_240_000, tidak_ditagih: 0 });
    expect(instalments[11]!.tidak_ditagih).toBeGreaterThan(0);
  });

  it('for any history ending in a settlement: cash paid + closed unpaid = the schedule, and the cash is never more than was paid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3_000_000 }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (amounts, settlement) => {
          const payments = amounts.map((jumlah, i) => pay(i + 1, '2024-03-01', jumlah));
          payments.push(pay(amounts.length + 1, '2024-06-01', settlement, { jenis: 'pelunasan' }));
          const { instalments } = loanLedger({ ...murabahah, status: 'lunas' }, payments, '2024-06-02');
          const sum = (key: 'jumlah' | 'terbayar' | 'tidak_ditagih') => instalments.reduce((s, a) => s + a[key], 0);
          expect(sum('terbayar') + sum('tidak_ditagih')).toBe(sum('jumlah'));
          expect(sum('terbayar')).toBeLessThanOrEqual(payments.reduce((s, p) => s + p.jumlah, 0));
          for (const a of instalments) expect(Math.min(a.terbayar, a.tidak_ditagih, a.sisa)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('loanLedger, Mudharabah', () => {
  const mudharabah: LedgerLoan = {
    tipe: 'non-pokok',
    jumlah: 10_000_000,
    persentase: 3,
    durasi_angsuran: null,
    tanggal_pinjam: '2024-01-15',
    status: 'aktif',
  };

  it('asks a monthly bagi hasil while principal is outstanding, up to the next due date', () => {
    const { instalments, summary } = loanLedger(
      mudharabah,
      [pay(1, '2024-02-15', 300_000, { jenis: 'bagi_hasil' })],
      '2024-04-20',
    );
    expect(instalments.map((l) => [l.jatuh_tempo, l.bagi_hasil, l.pokok, l.status])).toEqual([
      ['2024-02-15', 300_000, 0, 'lunas'],
      ['2024-03-15', 300_000, 0, 'terlambat'],
      ['2024-04-15', 300_000, 0, 'terlambat'],
      ['2024-05-15', 300_000, 0, 'belum'],
    ]);
    expect(summary).toMatchObject({ tunggakan_bagi_hasil: 600_000, tunggakan_pokok: 0, hari_tunggakan: 36 });
  });

  it('asks nothing after the principal came back, and the principal at the end of a term', () => {
    const returned = loanLedger(mudharabah, [pay(1, '2024-03-01', 10_000_000, { jenis: 'pokok' })], '2024-12-01');
    expect(returned.instalments.map((l) => l.jatuh_tempo)).toEqual(['2024-02-15']);
    const term = loanLedger({ ...mudharabah, durasi_angsuran: 3 }, [], '2024-04-16');
    expect(term.instalments.map((l) => [l.pokok, l.bagi_hasil])).toEqual([
      [0, 300_000],
      [0, 300_000],
      [10_000_000, 300_000],
      [0, 300_000],
    ]);
    expect(term.summary).toMatchObject({ tunggakan_pokok: 10_000_000, tunggakan_bagi_hasil: 900_000, hari_tunggakan: 61 });
  });
});

const loanArb = fc.record({
  jumlah: fc.integer({ min: 1, max: 2_000_000_000 }),
  persentase: fc.integer({ min: 0, max: 1000 }).map((bp) => bp / 100),
  durasi: fc.integer({ min: 1, max: 60 }),
  start: fc.integer({ min: 0, max: 3000 }).map((d) => addDays('2020-01-01', d)),
});

describe('loanLedger properties', () => {
  it('splits instalments exactly: Σ pokok = jumlah, Σ margin = total margin, each part within its instalment', () => {
    fc.assert(
      fc.property(loanArb, ({ jumlah, persentase, durasi, start }) => {
        const loan: LedgerLoan = { ...murabahah, jumlah, persentase, durasi_angsuran: durasi, tanggal_pinjam: start };
        const { instalments } = loanLedger(loan, [], start);
        const { totalProfit } = calculateMurabahah(jumlah, persentase, durasi);
        expect(instalments.reduce((s, l) => s + l.pokok, 0)).toBe(jumlah);
        expect(instalments.reduce((s, l) => s + l.margin, 0)).toBe(totalProfit);
        for (const l of instalments) {
          expect(l.pokok).toBeGreaterThanOrEqual(0);
          expect(l.margin).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('never assigns more than was paid, and paying everything leaves no arrears', () => {
    fc.assert(
      fc.property(
        loanArb,
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 2000 }),
            amount: fc.integer({ min: 1, max: 500_000_000 }),
            k: fc.option(fc.integer({ min: 0, max: 70 })),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 4000 }),
        ({ jumlah, persentase, durasi, start }, raw, after) => {
          const loan: LedgerLoan = { ...murabahah, jumlah, persentase, durasi_angsuran: durasi, tanggal_pinjam: start };
          const payments = raw.map((p, i) => pay(i + 1, addDays(start, p.day), p.amount, { angsuran_ke: p.k }));
          const today = addDays(start, after);
          const { instalments } = loanLedger(loan, payments, today);
          const assigned = instalments.reduce((s, l) => s + l.terbayar, 0);
          expect(assigned).toBeLessThanOrEqual(payments.reduce((s, p) => s + p.jumlah, 0));
          for (const l of instalments) expect(l.terbayar).toBeLessThanOrEqual(l.jumlah);

          const everything = instalments.reduce((s, l) => s + l.jumlah, 0);
          const full = loanLedger(loan, [pay(999, start, everything)], today);
          expect(full.instalments.every((l) => l.status === 'lunas')).toBe(true);
          expect(full.summary.tunggakan_total).toBe(0);
        },
      ),
    );
  });

  it('grows hari_tunggakan by exactly one a day without payments, once late', () => {
    // Loans of at least Rp 100 000, so that the first instalment is not a zero one (a tiny loan
    // over many months can have instalments of Rp 0, which are paid by definition).
    fc.assert(
      fc.property(
        loanArb.filter((l) => l.jumlah >= 100_000),
        fc.integer({ min: 1, max: 2000 }),
        ({ jumlah, persentase, durasi, start }, days) => {
          const loan: LedgerLoan = { ...murabahah, jumlah, persentase, durasi_angsuran: durasi, tanggal_pinjam: start };
          const firstDue = addMonths(start, 1);
          const today = addDays(firstDue, days);
          expect(loanLedger(loan, [], today).summary.hari_tunggakan).toBe(days);
          expect(loanLedger(loan, [], addDays(today, 1)).summary.hari_tunggakan).toBe(days + 1);
        },
      ),
    );
  });

  it('splitPrincipal keeps the principal parts summing to the principal for any amounts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 100 }),
        (amounts, share) => {
          const total = amounts.reduce((s, a) => s + a, 0);
          const principal = Math.floor((total * share) / 100);
          const parts = splitPrincipal(amounts, principal);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total === 0 ? 0 : principal);
          parts.forEach((p, i) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(amounts[i]!);
          });
        },
      ),
    );
  });
});

describe('paymentsByLoan', () => {
  it('groups payments by their loan, keeping their order', () => {
    const rows = [
      { pinjaman_id: 2, id: 1 },
      { pinjaman_id: 1, id: 2 },
      { pinjaman_id: 2, id: 3 },
    ];
    expect([...paymentsByLoan(rows)]).toEqual([
      [2, [rows[0], rows[2]]],
      [1, [rows[1]]],
    ]);
  });
});
