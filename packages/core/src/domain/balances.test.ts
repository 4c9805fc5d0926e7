import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLoanPaidOff, resolveLoanStatus, sisaPokok, summarizeNasabah, totalPembayaran, totalPinjamanNasabah } from './balances';
import type { JenisPembayaran, LoanTerms, PaymentAmount } from './types';

const pay = (jenis: JenisPembayaran, jumlah: number): PaymentAmount => ({ jenis, jumlah });
const murabahah: LoanTerms = { tipe: 'pokok', jumlah: 12_000_000, persentase: 2, durasi_angsuran: 12 };
const mudharabah: LoanTerms = { tipe: 'non-pokok', jumlah: 10_000_000, persentase: 1.5, durasi_angsuran: null };

describe('sisa_pokok = max(0, jumlah − Σ pokok, angsuran, pelunasan)', () => {
  it.each([
    [[], 12_000_000],
    [[pay('angsuran', 1_240_000)], 10_760_000],
    [[pay('angsuran', 1_240_000), pay('bagi_hasil', 240_000)], 10_760_000],
    [[pay('pokok', 2_000_000), pay('pelunasan', 1_000_000)], 9_000_000],
    [[pay('pelunasan', 12_000_000)], 0],
    [[pay('angsuran', 14_880_000)], 0], // never below 0
  ])('payments %j → %s', (payments, expected) => {
    expect(sisaPokok(12_000_000, payments)).toBe(expected);
  });

  it('total_pembayaran sums every payment', () => {
    expect(totalPembayaran([pay('angsuran', 1_240_000), pay('bagi_hasil', 240_000), pay('pelunasan', 1)])).toBe(1_480_001);
    expect(totalPembayaran([])).toBe(0);
  });

  it('never goes below 0', () => {
    const jenis = fc.constantFrom<JenisPembayaran>('angsuran', 'bagi_hasil', 'pokok', 'pelunasan');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000_000 }),
        fc.array(fc.record({ jenis, jumlah: fc.integer({ min: 1, max: 1_000_000_000_000 }) }), { maxLength: 20 }),
        (jumlah, payments) => {
          const rest = sisaPokok(jumlah, payments);
          expect(rest).toBeGreaterThanOrEqual(0);
          expect(rest).toBeLessThanOrEqual(jumlah);
        },
      ),
    );
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
  it('sums loans and payments and counts active loans', () => {
    const loans = [
      { jumlah: 12_000_000, status: 'aktif' },
      { jumlah: 5_000_000, status: 'lunas' },
      { jumlah: 3_000_000, status: 'macet' },
      { jumlah: 1_000_000, status: 'aktif' },
    ];
    expect(summarizeNasabah(loans, [{ jumlah: 1_240_000 }, { jumlah: 5_000_000 }])).toEqual({
      totalPinjaman: 21_000_000,
      totalPembayaran: 6_240_000,
      sisaPinjaman: 14_760_000,
      pinjamanAktif: 2,
    });
    expect(totalPinjamanNasabah(loans)).toBe(21_000_000);
  });

  it('leaves a rejected loan out of the customer’s total (issue 27 A)', () => {
    const loans = [
      { jumlah: 12_000_000, status: 'aktif' },
      { jumlah: 8_000_000, status: 'ditolak' },
      { jumlah: 2_000_000, status: 'pending' },
    ];
    expect(summarizeNasabah(loans, []).totalPinjaman).toBe(14_000_000);
  });

  it('is all zero for a new customer and never negative when payments exceed loans', () => {
    expect(summarizeNasabah([], [])).toEqual({ totalPinjaman: 0, totalPembayaran: 0, sisaPinjaman: 0, pinjamanAktif: 0 });
    expect(summarizeNasabah([{ jumlah: 12_000_000, status: 'lunas' }], [{ jumlah: 14_880_000 }]).sisaPinjaman).toBe(0);
  });
});
