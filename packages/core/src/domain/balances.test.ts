import { describe, expect, it } from 'vitest';
import { isLoanPaidOff, resolveLoanStatus, summarizeNasabah, totalPembayaran, totalPinjamanNasabah } from './balances';
import type { JenisPembayaran, LoanTerms, PaymentAmount } from './types';

const pay = (jenis: JenisPembayaran, jumlah: number): PaymentAmount => ({ jenis, jumlah });
const murabahah: LoanTerms = { tipe: 'pokok', jumlah: 12_000_000, persentase: 2, durasi_angsuran: 12 };
const mudharabah: LoanTerms = { tipe: 'non-pokok', jumlah: 10_000_000, persentase: 1.5, durasi_angsuran: null };

describe('total_pembayaran', () => {
  it('sums every payment', () => {
    expect(totalPembayaran([pay('angsuran', 1_240_000), pay('bagi_hasil', 240_000), pay('pelunasan', 1)])).toBe(1_480_001);
    expect(totalPembayaran([])).toBe(0);
  });
});

describe('automatic lunas status (decisions §3)', () => {
  it.each([
    ['pokok, nothing paid', murabahah, [], false],
    ['pokok, obligation paid in angsuran', murabahah, Array(12).fill(pay('angsuran', 1_240_000)), true],
    ['pokok, one rupiah short', murabahah, [pay('angsuran', 14_879_999)], false],
    ['pokok, principal back but margin still owed', murabahah, [pay('pokok', 12_000_000)], false],
    ['pokok, principal and margin via bagi_hasil', murabahah, [pay('pokok', 12_000_000), pay('bagi_hasil', 2_880_000)], true],
    ['pokok, any pelunasan', murabahah, [pay('pelunasan', 1)], true],
    ['pokok without durasi, large payments', { ...murabahah, durasi_angsuran: null }, [pay('angsuran', 99_000_000)], false],
    ['pokok without durasi, pelunasan', { ...murabahah, durasi_angsuran: null }, [pay('pelunasan', 5_000_000)], true],
    ['non-pokok, principal returned', mudharabah, [pay('pokok', 4_000_000), pay('angsuran', 6_000_000)], true],
    ['non-pokok, only bagi_hasil', mudharabah, [pay('bagi_hasil', 20_000_000)], false],
    ['non-pokok, one rupiah short', mudharabah, [pay('pokok', 9_999_999), pay('bagi_hasil', 150_000)], false],
    ['non-pokok, pelunasan', mudharabah, [pay('pelunasan', 500_000)], true],
  ] as const)('%s → paid off: %s', (_label, loan, payments, expected) => {
    expect(isLoanPaidOff(loan, payments)).toBe(expected);
  });

  it.each([
    ['aktif', true, 'lunas'],
    ['aktif', false, 'aktif'],
    ['lunas', false, 'aktif'], // a deleted payment undoes lunas
    ['lunas', true, 'lunas'],
    ['macet', false, 'macet'], // set by hand, kept
    ['macet', true, 'lunas'],
    ['pending', false, 'pending'],
  ] as const)('current %s, paid off %s → %s', (status, paidOff, expected) => {
    const payments = paidOff ? [pay('angsuran', 14_880_000)] : [pay('angsuran', 1_240_000)];
    expect(resolveLoanStatus({ ...murabahah, status }, payments)).toBe(expected);
  });
});

describe('customer detail totals (spec §9)', () => {
  it('sums loans and payments, owes what the loans still owe, and counts the running loans (aktif and macet)', () => {
    // 12.000.000 at 2 % × 12 after one instalment of 1.240.000 still owes 13.640.000 (issue 47);
    // the lunas loan owes nothing; the macet one its whole 3.000.000.
    const loans = [
      { jumlah: 12_000_000, status: 'aktif', sisa_kewajiban: 13_640_000 },
      { jumlah: 5_000_000, status: 'lunas', sisa_kewajiban: 0 },
      { jumlah: 3_000_000, status: 'macet', sisa_kewajiban: 3_000_000 },
      { jumlah: 1_000_000, status: 'aktif', sisa_kewajiban: 1_100_000 },
    ];
    expect(summarizeNasabah(loans, [{ jumlah: 1_240_000 }, { jumlah: 5_000_000 }])).toEqual({
      totalPinjaman: 21_000_000,
      totalPembayaran: 6_240_000,
      sisaPinjaman: 17_740_000,
      // One count of running loans (issue 47): the macet loan still runs.
      pinjamanAktif: 3,
    });
    expect(totalPinjamanNasabah(loans)).toBe(21_000_000);
  });

  it('leaves a rejected loan out of the total, and one not disbursed out of what is owed (issue 27 A)', () => {
    const loans = [
      { jumlah: 12_000_000, status: 'aktif', sisa_kewajiban: 14_880_000 },
      { jumlah: 8_000_000, status: 'ditolak', sisa_kewajiban: 8_000_000 },
      { jumlah: 2_000_000, status: 'pending', sisa_kewajiban: 2_000_000 },
    ];
    expect(summarizeNasabah(loans, [])).toMatchObject({ totalPinjaman: 14_000_000, sisaPinjaman: 14_880_000 });
  });

  it('owes the last instalment still due even when the payments reach the amount lent (issue 47)', () => {
    // Payments of 41.000.000 on a loan of 41.000.000 whose obligation is larger: still owed.
    const totals = summarizeNasabah(
      [{ jumlah: 41_000_000, status: 'aktif', sisa_kewajiban: 4_339_163 }],
      [{ jumlah: 41_000_000 }],
    );
    expect(totals.sisaPinjaman).toBe(4_339_163);
    expect(summarizeNasabah([], [])).toEqual({ totalPinjaman: 0, totalPembayaran: 0, sisaPinjaman: 0, pinjamanAktif: 0 });
  });
});
