/**
 * Server-maintained totals (decisions §3), customer detail totals (spec §9) and the automatic
 * `lunas` status rule. The loan's remaining principal and margin are its position (posisi.ts).
 */
import { isValidDurasi, murabahahTotalObligation } from './murabahah';
import { sumPayments, sumRupiah } from './money';
import { isBerjalan, isDisbursed, type JenisPembayaran, type LoanTerms, type PaymentAmount, type StatusPinjaman } from './types';

/** Payment kinds that return principal on a Mudharabah (decisions §3). */
export const principalPaymentTypes: readonly JenisPembayaran[] = ['pokok', 'angsuran', 'pelunasan'];

/** `total_pembayaran` of a loan: the sum of all its payments. */
export function totalPembayaran(payments: readonly PaymentAmount[]): number {
  return sumPayments(payments);
}

/**
 * Whether everything owed on the loan is paid (decisions §3): a `pelunasan` payment exists, or
 * for pokok Σ all payments ≥ total obligation, or for non-pokok Σ(pokok, angsuran, pelunasan) ≥
 * jumlah. A pokok loan without a valid durasi has no known obligation, so only `pelunasan` closes it.
 */
export function isLoanPaidOff(loan: LoanTerms, payments: readonly PaymentAmount[]): boolean {
  if (payments.some((p) => p.jenis === 'pelunasan')) return true;
  if (loan.tipe === 'pokok') {
    const durasi = loan.durasi_angsuran;
    if (!isValidDurasi(durasi)) return false;
    return sumPayments(payments) >= murabahahTotalObligation(loan.jumlah, loan.persentase, durasi);
  }
  return sumPayments(payments, principalPaymentTypes) >= loan.jumlah;
}

/**
 * The status a loan takes after its payments changed: `lunas` when paid off, otherwise `aktif`;
 * a status staff set by hand other than aktif/lunas (`macet`, `pending`) is kept until paid off, and
 * a loan written off is `hapus_buku` until paid off.
 */
export function resolveLoanStatus<S extends string>(
  loan: LoanTerms & { status: S; hapus_buku_tanggal?: string | null },
  payments: readonly PaymentAmount[],
): S | Extract<StatusPinjaman, 'aktif' | 'lunas'> {
  if (isLoanPaidOff(loan, payments)) return 'lunas';
  // A loan written off stays so until it is paid off (a recovery cancelled takes it back there); only
  // a stored loan has a write-off date, and its status type holds `hapus_buku`.
  if (loan.hapus_buku_tanggal) return 'hapus_buku' as S;
  return loan.status === 'aktif' || loan.status === 'lunas' ? 'aktif' : loan.status;
}

/** The customer-detail summary cards of spec §9. */
export interface NasabahTotals {
  /** Σ jumlah of the customer's loans (a rejected one was never the customer's). */
  totalPinjaman: number;
  /** Σ jumlah of the customer's payments (all kinds). */
  totalPembayaran: number;
  /**
   * What the customer still owes: Σ sisa_kewajiban of the loans disbursed (core loanPosition,
   * stored with every write; issue 47). Not loans − payments: a payment's margin is no principal,
   * and an instalment still due is still owed.
   */
  sisaPinjaman: number;
  /** Number of running loans (`aktif` or `macet`: core `isBerjalan`), as everywhere else. */
  pinjamanAktif: number;
}

/** Customer detail totals (spec §9) from the customer's loans (with their stored position) and payments. */
export function summarizeNasabah(
  loans: readonly { jumlah: number; status: string; sisa_kewajiban: number }[],
  payments: readonly { jumlah: number }[],
): NasabahTotals {
  // A rejected loan was never the customer's (issue 27 A): the server's total leaves it out too.
  const totalPinjaman = totalPinjamanNasabah(loans.filter((l) => l.status !== 'ditolak'));
  return {
    totalPinjaman,
    totalPembayaran: sumRupiah(payments.map((p) => p.jumlah)),
    sisaPinjaman: sumRupiah(loans.filter((l) => isDisbursed(l.status)).map((l) => l.sisa_kewajiban)),
    pinjamanAktif: loans.filter((l) => isBerjalan(l.status)).length,
  };
}

/** `total_pinjaman` of a customer: Σ jumlah of the given (non-deleted) loans. */
export function totalPinjamanNasabah(loans: readonly { jumlah: number }[]): number {
  return sumRupiah(loans.map((l) => l.jumlah));
}
