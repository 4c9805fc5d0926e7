import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loanLedger } from './ledger';
import { instalmentsPaid, murabahahLoanOf } from './ledger-loan.fixture';
import { murabahahTermsArb } from './arbitraries.fixture';
import { calculateMurabahah } from './murabahah';
import { penjadwalan } from './penjadwalan';

const loanOf = murabahahLoanOf({ jumlah: 12_000_000, persentase: 2 });

describe('penjadwalan (fatwa 48/DSN-MUI/II/2005)', () => {
  it('spreads what is still owed, arrears included, over the new months without adding anything', () => {
    // Rp 12.000.000 at 2 % for 12 months: 12 × Rp 1.240.000. Three paid, two in arrears on 20 June.
    const loan = loanOf();
    const plan = penjadwalan(loan, instalmentsPaid(loan, 3), '2024-06-20', { durasi: 18, tenggang: 1 })!;
    expect(plan.riwayat).toBe(3);
    expect(plan.sisa_kewajiban).toBe(14_880_000 - 3 * 1_240_000);
    expect(plan.sisa_pokok).toBe(9_000_000);
    expect(plan.sisa_margin).toBe(2_160_000);
    expect(plan.jadwal).toHaveLength(3 + 18);
    // The next monthly date after 20 June is 15 July; one month of grace: the first new due date is 15 August.
    expect(plan.jatuh_tempo_pertama).toBe('2024-08-15');
    expect(plan.angsuran_baru).toBe(620_000);
    // The rescheduled loan has no arrears that day, and owes exactly what it owed.
    const rescheduled = { ...loan, jadwal_ulang: { jadwal: plan.jadwal } };
    const ledger = loanLedger(rescheduled, instalmentsPaid(loan, 3), '2024-06-20');
    expect(ledger.summary.tunggakan_total).toBe(0);
    expect(ledger.instalments.reduce((s, l) => s + l.sisa, 0)).toBe(plan.sisa_kewajiban);
    expect(ledger.instalments.slice(0, 3).every((l) => l.status === 'lunas')).toBe(true);
  });

  it('is null for a Mudharabah, and when nothing is owed', () => {
    expect(penjadwalan(loanOf({ tipe: 'non-pokok' }), [], '2024-06-20', { durasi: 6, tenggang: 0 })).toBeNull();
    const loan = loanOf();
    expect(penjadwalan(loan, instalmentsPaid(loan, 12), '2025-06-20', { durasi: 6, tenggang: 0 })).toBeNull();
  });

  it('keeps the remaining obligation to the rupiah, whatever was paid, and its lines add up to it', () => {
    fc.assert(
      fc.property(
        murabahahTermsArb({ jumlah: [1_000_000, 500_000_000], persentase: [0, 5], durasi: [1, 48] }),
        fc.integer({ min: 0, max: 48 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 12 }),
        (terms, paidCount, extra, baru, tenggang) => {
          const { jumlah, persentase, durasi_angsuran: durasi } = terms;
          const loan = loanOf(terms);
          const payments = instalmentsPaid(loan, Math.min(paidCount, durasi - 1));
          if (extra > 0) payments.push({ id: 999, tanggal: '2024-02-01', jenis: 'angsuran', jumlah: extra, angsuran_ke: null });
          const { totalObligation } = calculateMurabahah(jumlah, persentase, durasi);
          const covered = Math.min(
            totalObligation,
            payments.reduce((s, p) => s + p.jumlah, 0),
          );
          const plan = penjadwalan(loan, payments, '2030-01-01', { durasi: baru, tenggang });
          if (covered === totalObligation) {
            expect(plan).toBeNull();
            return;
          }
          expect(plan!.sisa_kewajiban).toBe(totalObligation - covered);
          const fresh = plan!.jadwal.slice(plan!.riwayat);
          expect(fresh).toHaveLength(baru);
          expect(fresh.reduce((s, l) => s + l.pokok + l.margin, 0)).toBe(plan!.sisa_kewajiban);
          // No added margin: the whole schedule still adds up to the akad's price and its principal.
          expect(plan!.jadwal.reduce((s, l) => s + l.pokok + l.margin, 0)).toBe(totalObligation);
          expect(plan!.jadwal.reduce((s, l) => s + l.pokok, 0)).toBe(jumlah);
          expect(fresh.every((l) => l.pokok >= 0 && l.margin >= 0 && l.jatuh_tempo > '2030-01-01')).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
